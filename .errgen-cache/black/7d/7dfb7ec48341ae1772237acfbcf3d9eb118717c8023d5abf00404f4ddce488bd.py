NAPKIN_REGENERATE_VISUAL_TOOL = Tool[NapkinRegenerateVisualToolError](
    _catalog,
    "napkin_regenerate_visual",
    NapkinRegenerateVisualToolError,
    description="Regenerate existing layout(s) using visual_id or visual_ids (POST /v1/visual).",
)
