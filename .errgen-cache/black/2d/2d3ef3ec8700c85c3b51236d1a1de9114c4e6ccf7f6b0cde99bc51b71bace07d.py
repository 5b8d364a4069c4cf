MOVE_FILE_TOOL = Tool[MoveFileToolError](
    _catalog,
    "move_file",
    MoveFileToolError,
    description="Move or rename a file; fails when the destination is occupied (without overwrite).",
)
