"""Sub-commands beyond build/check/validate/schema, one module each; `cli.py` registers them."""
