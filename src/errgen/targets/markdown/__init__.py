"""Target `markdown`: the code table and one section per code (`target`).

Templates: `templates/markdown/`. Imports `errgen.catalog` and `targets.common` only.
"""
