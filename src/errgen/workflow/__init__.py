"""What a user does with catalogs in a project: build them, lint, diff, inject docs, explain.

Owns the project plumbing (``config`` reads ``[tool.errgen]`` with ``tomlpos`` positions,
``project`` resolves catalogs and builds them through the targets into the output folder,
``buildcache`` skips unchanged builds, ``sources`` reads a catalog from a file, a git revision or
a ``catalog.json`` snapshot) and the tools on top: ``lint``, ``diff``, ``docs_inject``,
``explain`` and their text ``report``. May import `errgen.catalog`, `errgen.targets` and
`errgen.output`; never click (that is `errgen.cli`).
"""
