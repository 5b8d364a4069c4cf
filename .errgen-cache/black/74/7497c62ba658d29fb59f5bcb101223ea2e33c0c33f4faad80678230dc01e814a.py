RUN_COMMAND_TOOL = Tool[RunCommandToolError](
    _catalog,
    "run_command",
    RunCommandToolError,
    description="Run a command in the workspace; partial output may accompany a timeout.",
)
