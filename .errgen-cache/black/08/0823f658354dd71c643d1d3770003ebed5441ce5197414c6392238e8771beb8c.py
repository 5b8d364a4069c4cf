APPLY_PATCH_TOOL = Tool[ApplyPatchToolError](
    _catalog,
    "apply_patch",
    ApplyPatchToolError,
    description="Apply a patch envelope (*** Begin Patch … *** End Patch) to the workspace.",
)
