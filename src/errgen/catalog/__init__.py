"""Reading a catalog file into the IR: YAML with positions, the format's JSON Schema, shape check, compiler.

Owns the diagnostics type, the YAML reader, ``load`` (file → positioned document), ``checked``
(shape check), ``compiler`` (document → IR), the IR itself (``model``), naming, message templates,
value normalisation and the JSON writer (``jsontext``). The bottom layer: imports nothing else from
errgen but the package root (``__version__``).
"""
