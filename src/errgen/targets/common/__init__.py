"""What every target shares: Jinja templates (`templating`), string literals for each output language
(`escape`), the do-not-edit header (`header`), an example's wire payload (`payload`), a code's doc
paragraph (`code_docs`) and the bounds of the runtimes' value rules (`value_rules`).

Imports `errgen.catalog` and the sanitizer only; never a target's own package.
"""
