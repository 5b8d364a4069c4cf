FIELDS: dict[str, RepairField] = {
    "status": RepairField(
        name="status",
        attr="status",
        type="integer",
        items=None,
        description="The upstream HTTP status.",
    ),
    "original": RepairField(
        name="original",
        attr="original",
        type="any",
        items=None,
        description="The upstream failure ({status, body}) in sanitized form — secrets redacted.",
    ),
}
