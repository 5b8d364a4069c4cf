class PatchApplyError(ErrorBase, frozen=True):
    "Patch apply error: A hunk did not match, or an add/delete/move pre-check failed."

    code: Literal["patch_apply_error"] = Field(
        default="patch_apply_error", validation_alias="kind"
    )
    suggested_next_action: str = Field(
        default="Re-read the affected files and regenerate the patch against the current content.",
        validation_alias="suggestedNextAction",
    )
    path: str
    detail: Omittable[str] = None

    @classmethod
    def create(cls, *, path: str, detail: str | None = None) -> Self:
        """Build the error, its message rendered from the code's template."""
        values = {"path": path, "detail": detail}
        return cls.from_values(values)
