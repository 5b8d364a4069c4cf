READ_FILE_TOOL = Tool[ReadFileToolError](
    _catalog,
    "read_file",
    ReadFileToolError,
    description="Read a workspace file (binary content only with allowBinary).",
    output_schema='{"type":"object","description":"The file\'s content and the sha256 to pass back as expectedSha256.","required":["path","content","sha256"],"properties":{"path":{"type":"string"},"content":{"type":"string"},"sha256":{"type":"string","pattern":"^[0-9a-f]{64}$"},"encoding":{"enum":["utf-8","base64"],"description":"base64 for binary content read with allowBinary."}}}',
    input_schema='{"type":"object","required":["path"],"properties":{"path":{"type":"string","description":"A workspace-relative path."},"allowBinary":{"type":"boolean","default":false}},"additionalProperties":false}',
)
