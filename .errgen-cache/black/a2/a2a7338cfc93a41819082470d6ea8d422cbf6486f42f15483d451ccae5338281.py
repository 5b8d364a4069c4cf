EDIT_FILE_TOOL = Tool[EditFileToolError](
    _catalog,
    "edit_file",
    EditFileToolError,
    description="Replace oldText with newText in a file, guarded by expectedSha256.",
    output_schema='{"type":"object","required":["path","sha256"],"properties":{"path":{"type":"string"},"sha256":{"type":"string","description":"The sha256 of the content after the edit."},"replacements":{"type":"integer","minimum":0}}}',
)
