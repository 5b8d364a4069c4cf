COMPUTE_TOOL = Tool[ComputeToolError](
    _catalog,
    "compute",
    ComputeToolError,
    description="Price a quantity of goods, optionally overriding variable-tier parameters.",
    output_schema='{"type":"object","required":["total","unit","quantity"],"properties":{"total":{"type":"number"},"unit":{"type":"string"},"quantity":{"type":"number"},"applied":{"type":"object","additionalProperties":{"type":"number"}}}}',
)
