"""Target `rust`: a crate per catalog with the shared runtime module (`target`), identifiers (`names`),
literals (`literals`) and rustfmt's layout (`layout`).

Templates: `templates/rust/`. Imports `errgen.catalog`, `targets.common` and `targets.sanitizer` only.
"""
