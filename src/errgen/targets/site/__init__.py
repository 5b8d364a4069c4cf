"""Target `site`: a static HTML error index (`target`; `views`: what a page prints about each code and tool).

Templates: `templates/site/`. Imports `errgen.catalog` and `targets.common` only.
"""
