"""Target `packs`: wallfacer v3 conformance packs (`target`), what each invariant asserts (`assertions`),
its fixtures (`fixtures`) and the YAML writer (`writer`).

Imports `errgen.catalog` and `targets.common` only.
"""
