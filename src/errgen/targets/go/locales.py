"""The Go target's locale file ``<catalog>_locales.go``: plural functions, ``locales`` and ``translations``.

The catalog's ``rt.Spec`` names the two variables; the texts are data (one ``rt.CodeTexts`` row per
translated code), the rules small functions over the runtime's ``rt.InRange`` and ``rt.Mod``.
"""

from __future__ import annotations

from errgen.catalog.model import Catalog
from errgen.targets.common import locales
from errgen.targets.go.layout import TAB, Pair, comment, elements, keyed, string_pair


def plural_functions(catalog: Catalog) -> list[list[str]]:
    """One ``func plural<Locale>(i, v, f uint64) string`` per locale whose texts use a plural, as lines."""
    out = []
    for loc in locales.locales(catalog):
        if loc.rule is None:
            continue
        used = {x for _, e in loc.rule for x in "ivf" if _uses(e, x)}
        params = ", ".join(x if x in used else "_" for x in "ivf")
        names = ", ".join([*(c for c, _ in loc.rule), "other"])
        lines = comment(f"{function_name(loc)} is CLDR's plural rule of {loc.tag} ({names}) over the operands i, v, f.")
        lines.append(f"func {function_name(loc)}({params} uint64) string {{")
        for category, expr in locales.branches(loc.rule):
            lines += [f"\tif {locales.condition(expr, 'go')} {{", f'\t\treturn "{category}"', "\t}"]
        lines += ['\treturn "other"', "}"]
        out.append(lines)
    return out


def function_name(loc: locales.Locale) -> str:
    return "plural" + "".join(part.title() for part in loc.ident.split("_"))


def _uses(expr: object, operand: str) -> bool:
    return getattr(expr, "operand", "") == operand or any(_uses(a, operand) for a in getattr(expr, "args", ()))


def locale_rows(catalog: Catalog) -> list[str]:
    """The ``var locales`` literal's lines."""
    rows = []
    for loc in locales.locales(catalog):
        pairs = [string_pair("Tag", loc.tag)]
        if loc.rule is not None:
            pairs.append(Pair("Plural", function_name(loc)))
        pairs += [string_pair("Decimal", loc.decimal), string_pair("Group", loc.group),
                  Pair("Grouping", f"[2]int{{{loc.grouping[0]}, {loc.grouping[1]}}}")]  # fmt: skip
        rows.append(pairs)
    return list(elements("[]rt.Locale", rows, ""))


def translation_rows(catalog: Catalog) -> list[str]:
    """The ``var translations`` literal's lines (messages with their placeholders named by fields)."""
    rows = []
    for tag in catalog.translations:
        texts = []
        translation = catalog.translations[tag]
        for row in locales.code_texts(catalog, tag):
            message = translation.text(row.code, "message")
            values = [("Message", message), ("Title", row.title), ("UIMeaning", row.ui_meaning),
                      ("NextAction", row.next_action)]  # fmt: skip
            texts.append([string_pair("Code", row.code), *(string_pair(k, v) for k, v in values if v is not None)])
        fields = [f"{{{_q(key)}, {_q(text)}}}" for key, text in locales.field_texts(catalog, tag)]
        pairs = [string_pair("Tag", tag), Pair("Codes", block=elements("[]rt.CodeTexts", texts, TAB * 2))]
        if fields:
            pairs.append(Pair("Fields", block=("[][2]string{", *(f"{TAB * 3}{f}," for f in fields), f"{TAB * 2}}}")))
        rows.append(pairs)
    if not rows:
        return ["[]rt.Translation{}"]
    lines = ["[]rt.Translation{"]
    for pairs in rows:
        lines += [f"{TAB}{{", *keyed(pairs, TAB * 2), f"{TAB}}},"]
    return [*lines, "}"]


def _q(text: str) -> str:
    from errgen.targets.common.escape import json_string

    return json_string(text)
