UNITS_TOOL = Tool[UnitsToolError](
    _catalog,
    "units",
    UnitsToolError,
    description="List the units compute accepts.",
    output_schema='{"type":"object","required":["units"],"properties":{"units":{"type":"array","items":{"type":"string"}}}}',
)
