"""The command line: click wiring only.

Owns ``launcher`` (the console script; ``--version`` without importing click), ``main`` (the
click group, ``build``/``check``/``schema`` and the lazily imported sub-command table) and
``commands/`` (one module per sub-command). May import every other errgen package; nothing
imports it but ``errgen.__main__``.
"""
