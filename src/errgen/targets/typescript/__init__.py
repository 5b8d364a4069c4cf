"""Target `typescript`: the catalog file, its zod file and the shared runtime (`target`), a code's texts
(`codes`), identifiers, types and literals (`names`) and the sanitizer's rules as JavaScript (`sanitizer`).

Templates: `templates/typescript/`. Imports `errgen.catalog`, `targets.common` and `targets.sanitizer` only.
"""
