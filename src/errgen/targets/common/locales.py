"""The locale tables every target prints: per locale its number symbols and plural rule, and its texts.

A catalog's locales are its base locale and each translated one (`Catalog.locales`). Each target
prints, in the catalog's own file (never the runtime): one `Locale` row per locale, one small
plural function per locale whose texts use a plural (`condition` prints its CLDR rule in the
target's language), and per translated locale its texts, the messages with their placeholders
named by wire keys. The runtimes pick a text along the fallback chain and render it
(docs/runtime-contract.md §8).
"""

from __future__ import annotations

from dataclasses import dataclass

from errgen.catalog import icu, plurals
from errgen.catalog.model import TEXT_NAMES, Catalog
from errgen.catalog.plurals import Expr


@dataclass(frozen=True, slots=True)
class Locale:
    """One locale of a catalog, as the targets print it."""

    tag: str
    ident: str  # snake-case identifier part: ``de_at``
    # the number symbols: CLDR's when a text of the locale writes a number, else the neutral "." and ","
    decimal: str
    group: str
    grouping: tuple[int, int]
    rule: tuple[tuple[str, Expr], ...] | None  # (category, condition); None: no text of the locale uses a plural


def locales(catalog: Catalog) -> list[Locale]:
    """The catalog's locales, base first, in the order of `Catalog.locales`."""
    out = []
    for tag in catalog.locales:
        texts = _messages(catalog, tag)
        ident = tag.lower().replace("-", "_")
        if all(icu.is_plain(t) for t in texts):  # no number is written: CLDR (babel) is not asked
            out.append(Locale(tag, ident, ".", ",", (3, 3), None))
            continue
        sym = plurals.symbols(tag)
        rule = plurals.rule(tag) if any(_plural(t) for t in texts) else None
        out.append(Locale(tag, ident, sym.decimal, sym.group, sym.grouping, rule))
    return out


def _messages(catalog: Catalog, tag: str) -> list[str]:
    if tag == catalog.locale:
        return [c.message for c in catalog.codes.values()]
    translation = catalog.translations[tag]
    return [t["message"].value for t in translation.codes.values() if "message" in t]


def _plural(text: str) -> bool:
    return any(c.kind == "plural" for c in icu.choices(icu.parse(text)))


def wire_names(catalog: Catalog) -> dict[str, str]:
    """Field name → wire key."""
    return {name: f.wire for name, f in catalog.fields.items()}


@dataclass(frozen=True, slots=True)
class CodeTexts:
    """A code's texts in one translated locale; None: not translated (the next locale's text is used)."""

    code: str
    message: str | None  # placeholders named by wire keys
    title: str | None
    ui_meaning: str | None
    next_action: str | None

    @property
    def texts(self) -> tuple[str | None, ...]:
        """In the order of `TEXT_NAMES`."""
        return (self.message, self.title, self.ui_meaning, self.next_action)


def code_texts(catalog: Catalog, tag: str) -> list[CodeTexts]:
    """The translated texts of locale `tag`, one row per code it translates, in catalog order."""
    translation = catalog.translations[tag]
    wire = wire_names(catalog)
    rows = []
    for cid in catalog.codes:
        given = translation.codes.get(cid)
        if not given:
            continue
        values = {name: (given[name].value if name in given else None) for name in TEXT_NAMES}
        message = values["message"]
        rows.append(CodeTexts(cid, None if message is None else icu.rekey(message, wire), values["title"],
                              values["ui_meaning"], values["next_action"]))  # fmt: skip
    return rows


def field_texts(catalog: Catalog, tag: str) -> list[tuple[str, str]]:
    """``(wire key, description)`` of the fields locale `tag` translates, in catalog order."""
    translation = catalog.translations[tag]
    return [(f.wire, translation.fields[name].value) for name, f in catalog.fields.items()
            if name in translation.fields]  # fmt: skip


# -- a plural rule in each language ------------------------------------------------


def branches(rule: tuple[tuple[str, Expr], ...]) -> list[tuple[str, Expr]]:
    """``(category, condition)`` with each condition's top-level ``or`` split into one test per alternative.

    The categories of a CLDR rule exclude each other, so testing the alternatives one by one, in order,
    gives the same category; a function then reads as a list of short tests.
    """
    out: list[tuple[str, Expr]] = []
    for category, expr in rule:
        out += [(category, alternative) for alternative in _alternatives(expr)]
    return out


def _alternatives(expr: Expr) -> list[Expr]:
    return [a for arg in expr.args for a in _alternatives(arg)] if expr.op == "or" else [expr]


_SYNTAX = {  # and, or, not
    "python": (" and ", " or ", "not "),
    "typescript": (" && ", " || ", "!"),
    "rust": (" && ", " || ", "!"),
    "go": (" && ", " || ", "!"),
}


def condition(expr: Expr, language: str) -> str:
    """`expr` as a boolean expression of `language` over the operands ``i``, ``v``, ``f``.

    Nested ``and``/``or`` are parenthesized, so no language's precedence (nor gofmt's spacing) matters; Go
    tests ranges with the runtime's ``rt.InRange`` and ``rt.Mod`` (calls: gofmt spaces no operator in them).
    """
    conj, disj, neg = _SYNTAX[language]
    if expr.op in ("true", "false"):
        return expr.op.title() if language == "python" else expr.op
    if expr.op == "not":
        inner = expr.args[0]
        if inner.op == "in":
            return _in(inner, language, negated=True)
        return neg + "(" + condition(inner, language) + ")"
    if expr.op in ("and", "or"):
        joiner = conj if expr.op == "and" else disj
        return joiner.join(_group(a, language) for a in expr.args)
    return _in(expr, language, negated=False)


def _group(expr: Expr, language: str) -> str:
    text = condition(expr, language)
    return f"({text})" if expr.op in ("and", "or") else text


def _in(expr: Expr, language: str, *, negated: bool) -> str:
    """The operand (modulo its modulus) in one of the ranges, or (`negated`) in none."""
    x = expr.operand
    if expr.modulus:
        x = f"rt.Mod({x}, {expr.modulus})" if language == "go" else f"{x} % {expr.modulus}"
    tests = [_range(x, lo, hi, language, negated) for lo, hi in expr.ranges]
    if len(tests) == 1:
        return tests[0]
    conj, disj, _ = _SYNTAX[language]
    return "(" + (conj if negated else disj).join(f"({t})" if language == "typescript" else t for t in tests) + ")"


def _range(x: str, lo: int, hi: int, language: str, negated: bool) -> str:
    """`x` in ``lo..hi`` (inclusive), or (`negated`) not."""
    if lo == hi:
        ops = ("!==", "===") if language == "typescript" else ("!=", "==")
        return f"{x} {ops[0] if negated else ops[1]} {lo}"
    if language == "go":
        return f"{'!' if negated else ''}rt.InRange({x}, {lo}, {hi})"
    if language == "rust":
        operand = f"&({x})" if " " in x else f"&{x}"
        return f"{'!' if negated else ''}({lo}..={hi}).contains({operand})"
    if language == "python":
        return f"{'not ' if negated else ''}{lo} <= {x} <= {hi}"
    return f"({x} < {lo} || {x} > {hi})" if negated else f"{lo} <= {x} && {x} <= {hi}"
