"""The Rust target's locale tables: plural functions and the ``LOCALIZATION`` static (`common.locales`)."""

from __future__ import annotations

import re

from errgen.catalog.model import Catalog
from errgen.targets.common import locales
from errgen.targets.rust.literals import rust_str


def plural_functions(catalog: Catalog) -> list[list[str]]:
    """One ``fn plural_<locale>(i, v, f)`` per locale whose texts use a plural, as lines (rustfmt-skipped)."""
    out = []
    for loc in locales.locales(catalog):
        if loc.rule is None:
            continue
        used = {x for _, e in loc.rule for x in "ivf" if _uses(e, x)}
        params = ", ".join(f"{x if x in used else '_' + x}: u64" for x in "ivf")
        names = ", ".join([*(c for c, _ in loc.rule), "other"])
        lines = [f"/// CLDR's plural rule of {loc.tag} ({names}) over the operands i, v, f.", "#[rustfmt::skip]",
                 f"fn plural_{loc.ident}({params}) -> &'static str {{"]  # fmt: skip
        for category, expr in locales.branches(loc.rule):
            condition = _readable(locales.condition(expr, "rust"))
            lines.append(f"    if {condition} {{ return {rust_str(category)}; }}")
        lines += ['    "other"', "}"]
        out.append(lines)
    return out


def _readable(code: str) -> str:
    """Integer literals of five digits or more with ``_`` separators (clippy's unreadable_literal)."""
    return re.sub(r"\b\d{5,}\b", lambda m: f"{int(m.group()):_}", code)


def _uses(expr: object, operand: str) -> bool:
    return getattr(expr, "operand", "") == operand or any(_uses(a, operand) for a in getattr(expr, "args", ()))


def locale_rows(catalog: Catalog) -> list[str]:
    """A ``LocaleInfo`` literal per locale, base first."""
    rows = []
    for loc in locales.locales(catalog):
        plural = f"Some(plural_{loc.ident})" if loc.rule is not None else "None"
        rows.append(f"LocaleInfo {{ tag: {rust_str(loc.tag)}, plural: {plural}, decimal: {rust_str(loc.decimal)}, "
                    f"group: {rust_str(loc.group)}, grouping: ({loc.grouping[0]}, {loc.grouping[1]}) }}")  # fmt: skip
    return rows


def _opt(text: str | None) -> str:
    return "None" if text is None else f"Some({rust_str(text)})"


def translation_rows(catalog: Catalog) -> list[list[str]]:
    """Per translated locale, the lines of its ``LocaleTexts`` literal."""
    out = []
    for tag in catalog.translations:
        lines = [f"LocaleTexts {{ tag: {rust_str(tag)}, codes: &["]
        for row in locales.code_texts(catalog, tag):
            lines.append(f"    ({rust_str(row.code)}, [{', '.join(_opt(t) for t in row.texts)}]),")
        fields = locales.field_texts(catalog, tag)
        lines.append("], fields: &[" if fields else "], fields: &[] },")
        if fields:
            lines += [f"    ({rust_str(key)}, {rust_str(text)})," for key, text in fields]
            lines.append("] },")
        out.append(lines)
    return out


def descriptions(catalog: Catalog) -> list[str]:
    """``(wire key, description)`` of every repair field."""
    return [f"({rust_str(f.wire)}, {rust_str(f.description)})" for f in catalog.fields.values()]
