class TimeoutError_(ErrorBase, frozen=True):
    "Timeout: run_command exceeded its timeoutMs."

    code: Literal["timeout"] = Field(default="timeout", validation_alias="kind")
    suggested_next_action: str = Field(
        default="Increase the timeout, narrow the command, or split it into smaller steps.",
        validation_alias="suggestedNextAction",
    )
    timeout_ms: Integer = Field(validation_alias="timeoutMs")

    @classmethod
    def create(cls, *, timeout_ms: int) -> Self:
        """Build the error, its message rendered from the code's template."""
        values = {"timeoutMs": timeout_ms}
        return cls.from_values(values)
