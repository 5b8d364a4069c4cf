"""Target `go`: a Go module per catalog with the shared runtime package (`target`), identifiers (`names`),
the catalog file's texts (`texts`) and gofmt's layout (`layout`).

Templates: `templates/go/`. Imports `errgen.catalog`, `targets.common` and `targets.sanitizer` only.
"""
