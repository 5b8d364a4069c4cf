class NotFoundError(ErrorBase, frozen=True):
    "Not found: A path does not exist (or is the wrong kind — file vs. directory)."

    code: Literal["not_found"] = Field(default="not_found", validation_alias="kind")
    suggested_next_action: str = Field(
        default="Call read_file or list_directory to confirm what exists, then retry with the correct path.",
        validation_alias="suggestedNextAction",
    )
    path: str

    @classmethod
    def create(cls, *, path: str) -> Self:
        """Build the error, its message rendered from the code's template."""
        values = {"path": path}
        return cls.from_values(values)
