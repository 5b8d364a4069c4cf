NAPKIN_DOWNLOAD_VISUAL_FILE_TOOL = Tool[NapkinDownloadVisualFileToolError](
    _catalog,
    "napkin_download_visual_file",
    NapkinDownloadVisualFileToolError,
    description="Return download guidance and required headers for a generated file (no binary content).",
)
