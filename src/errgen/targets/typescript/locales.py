"""The TypeScript target's locale tables: plural functions, ``LOCALES``, ``TRANSLATIONS`` (`common.locales`).

A message travels as parts (`message_parts`): alternating literals and arguments, an argument a wire
name, ``[name, "number"]``, ``[name, "plural" | "select", [[key, parts], …]]``, or ``null`` for ``#``.
"""

from __future__ import annotations

from typing import Any

from errgen.catalog import icu, jsontext, messages
from errgen.catalog.model import Catalog
from errgen.targets.common import locales
from errgen.targets.common.escape import ts_str
from errgen.targets.typescript.names import ts_single


def message_parts(template: str, wire: dict[str, str]) -> list[Any]:
    """The parts of a message, its arguments named by wire keys (a plain template: literal, name, literal …)."""
    if icu.is_plain(template):
        flat: list[Any] = []
        for literal, name in messages.parse(template):
            flat.append(literal)
            if name is not None:
                flat.append(wire.get(name, name))
        return flat
    return _parts(icu.parse(template), wire)


def _parts(message: icu.Message, wire: dict[str, str]) -> list[Any]:
    out: list[Any] = [""]
    for node in message:
        if isinstance(node, str):
            out[-1] += node
            continue
        if isinstance(node, icu.Pound):
            out.append(None)
        elif isinstance(node, icu.Arg):
            name = wire.get(node.name, node.name)
            out.append(name if node.kind == "text" else [name, "number"])
        else:
            out.append([wire.get(node.name, node.name), node.kind, [[k, _parts(b, wire)] for k, b in node.branches]])
        out.append("")
    return out


def plural_functions(catalog: Catalog) -> list[list[str]]:
    """One ``function plural<Locale>(i, v, f)`` per locale whose texts use a plural, as lines."""
    out = []
    for loc in locales.locales(catalog):
        if loc.rule is None:
            continue
        used = {x for _, e in loc.rule for x in "ivf" if _uses(e, x)}
        params = ", ".join(f"{x if x in used else '_' + x}: number" for x in "ivf")
        names = ", ".join([*(c for c, _ in loc.rule), "other"])
        lines = [f"/** CLDR's plural rule of {loc.tag} ({names}) over the operands i, v, f. */",
                 f"function {function_name(loc)}({params}): string {{"]  # fmt: skip
        for category, expr in locales.branches(loc.rule):
            lines += [f"  if ({locales.condition(expr, 'typescript')}) {{", f"    return {ts_str(category)};", "  }"]
        lines += ['  return "other";', "}"]
        out.append(lines)
    return out


def function_name(loc: locales.Locale) -> str:
    return "plural" + "".join(part.title() for part in loc.ident.split("_"))


def _uses(expr: Any, operand: str) -> bool:
    return expr.operand == operand or any(_uses(a, operand) for a in expr.args)


def locale_rows(catalog: Catalog) -> list[str]:
    """The `LocaleSpec` literal of each locale, base first."""
    rows = []
    for loc in locales.locales(catalog):
        plural = function_name(loc) if loc.rule is not None else "null"
        rows.append(f"{{ tag: {ts_str(loc.tag)}, plural: {plural}, decimal: {ts_str(loc.decimal)}, "
                    f"group: {ts_str(loc.group)}, grouping: [{loc.grouping[0]}, {loc.grouping[1]}] }}")  # fmt: skip
    return rows


def translation_rows(catalog: Catalog) -> list[str]:
    """One JSON row per translated locale: ``{tag, codes: {code: [parts, title, uiMeaning, nextAction]}, fields}``."""
    wire = locales.wire_names(catalog)
    rows = []
    for tag in catalog.translations:
        codes = {}
        for row in locales.code_texts(catalog, tag):
            message = catalog.translations[tag].text(row.code, "message")
            parts = None if message is None else message_parts(message, wire)
            codes[row.code] = [parts, row.title, row.ui_meaning, row.next_action]
        fields = dict(locales.field_texts(catalog, tag))
        rows.append(ts_single(jsontext.compact({"tag": tag, "codes": codes, "fields": fields})))
    return rows


def descriptions(catalog: Catalog) -> list[str]:
    """``[wire key, description]`` of every field."""
    return [f"[{ts_str(f.wire)}, {ts_str(f.description)}]" for f in catalog.fields.values()]
