class AlreadyExistsError(ErrorBase, frozen=True):
    "Already exists: A destination path is occupied (create_file, move_file without overwrite, *** Add File)."

    code: Literal["already_exists"] = Field(
        default="already_exists", validation_alias="kind"
    )
    suggested_next_action: str = Field(
        default="Switch to write_file or edit_file, or move the existing file aside first.",
        validation_alias="suggestedNextAction",
    )
    path: str

    @classmethod
    def create(cls, *, path: str) -> Self:
        """Build the error, its message rendered from the code's template."""
        values = {"path": path}
        return cls.from_values(values)
