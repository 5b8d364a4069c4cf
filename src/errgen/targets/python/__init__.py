"""Target `python`: an installable package per catalog (`target`), its pydantic classes (`classes`),
tables (`tables`), imports and exports (`names`), black-clean layout (`layout`) and black itself (`formatting`).

Templates: `templates/python/`. Imports `errgen.catalog`, `targets.common` and `targets.sanitizer` only.
"""
