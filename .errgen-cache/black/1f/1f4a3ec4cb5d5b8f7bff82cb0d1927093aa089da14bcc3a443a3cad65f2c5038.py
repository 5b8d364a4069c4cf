LIST_DIRECTORY_TOOL = Tool[ListDirectoryToolError](
    _catalog,
    "list_directory",
    ListDirectoryToolError,
    description="List the entries of a workspace directory.",
    output_schema='{"type":"object","required":["path","entries"],"properties":{"path":{"type":"string"},"entries":{"type":"array","items":{"type":"object","required":["name","type"],"properties":{"name":{"type":"string"},"type":{"enum":["file","directory"]}}}}}}',
)
