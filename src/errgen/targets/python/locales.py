"""The Python target's locale tables: plural functions, ``LOCALES`` and ``TRANSLATIONS`` (`common.locales`)."""

from __future__ import annotations

from errgen.catalog.model import Catalog
from errgen.targets.common import locales
from errgen.targets.python.formatting import LINE_LENGTH, format_whole
from errgen.targets.python.layout import py_string, width


def plural_functions(catalog: Catalog) -> list[list[str]]:
    """One ``def _plural_<locale>(i, v, f)`` per locale whose texts use a plural, as lines."""
    out = []
    for loc in locales.locales(catalog):
        if loc.rule is None:
            continue
        names = ", ".join([*(c for c, _ in loc.rule), "other"])
        lines = [f"def _plural_{loc.ident}(i: int, v: int, f: int) -> str:",
                 f'    """CLDR\'s plural rule of {loc.tag} ({names}) over the operands i, v, f."""']  # fmt: skip
        for category, expr in locales.branches(loc.rule):
            lines += [f"    if {locales.condition(expr, 'python')}:", f"        return {py_string(category)}"]
        lines.append('    return "other"')
        out.append(format_whole("\n".join(lines) + "\n").rstrip("\n").split("\n"))  # long rules: black's wrapping
    return out


def locale_rows(catalog: Catalog) -> list[str]:
    """The entries of ``LOCALES``: one ``LocaleInfo`` per locale, base first."""
    rows = []
    for loc in locales.locales(catalog):
        args = [py_string(loc.tag)]
        if loc.rule is not None:
            args.append(f"_plural_{loc.ident}")
        if loc.decimal != ".":
            args.append(f"decimal={py_string(loc.decimal)}")
        if loc.group != ",":
            args.append(f"group={py_string(loc.group)}")
        if loc.grouping != (3, 3):
            args.append(f"grouping={loc.grouping!r}")
        rows.append(f"{py_string(loc.tag)}: LocaleInfo({', '.join(args)}),")
    return rows


def translation_rows(catalog: Catalog) -> list[list[str]]:
    """Per translated locale, the lines of its ``LocaleTexts(...)`` entry."""
    out = []
    for tag in catalog.translations:
        lines = [f"{py_string(tag)}: LocaleTexts(", "    codes={"]
        for row in locales.code_texts(catalog, tag):
            items = ["None" if t is None else py_string(t) for t in row.texts]
            lines += _row(py_string(row.code), items)
        lines.append("    },")
        fields = locales.field_texts(catalog, tag)
        if fields:
            lines.append("    fields={")
            for key, text in fields:
                lines += _pair(12, key, text)
            lines.append("    },")
        lines.append("),")
        out.append(lines)
    return out


def _row(key: str, items: list[str]) -> list[str]:
    """``key: (a, b, c, d),`` as black lays it out 12 columns in (the lines are printed 4 columns in)."""
    one = f"{key}: ({', '.join(items)}),"
    if width(" " * 12 + one) <= LINE_LENGTH:
        return [" " * 8 + one]
    return [" " * 8 + f"{key}: (", *(" " * 12 + f"{item}," for item in items), " " * 8 + "),"]


def _pair(indent: int, key: str, text: str) -> list[str]:
    """``"key": "text",`` at `indent` (black leaves a long string on its line after the key)."""
    return [" " * (indent - 4) + f"{py_string(key)}: {py_string(text)},"]
