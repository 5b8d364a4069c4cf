"""CLDR data at build time, through babel: locale tags, plural rules and number symbols.

Only errgen reads CLDR: the generated code gets each locale's plural rule as a small function
(`Rule.expression`, printed per language by each target) and its symbols as table data, and
needs no i18n library at run time.

A plural rule is read from babel's parsed form of the CLDR rule (`PluralRule.abstract`) into
`Expr`, over the operands of `icu.plural_operands`: ``i``, ``v``, ``f`` (``t`` is ``f`` and ``w`` is
``v``, since JavaScript writes no trailing fraction zeros; ``n`` is ``i`` when ``v`` is 0; the
compact-notation operands ``e`` and ``c`` are 0, so their relations are decided here).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from errgen.catalog.icu import CATEGORIES, Locale

# RFC 5646 tags without extensions or private use: language[-Script][-REGION](-variant)*
TAG = re.compile(r"[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*")
_LOOSE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*")


def canonical(tag: str) -> str | None:
    """`tag` in BCP 47's canonical case (``de-at`` → ``de-AT``), or None when it is no tag errgen reads."""
    if not _LOOSE.fullmatch(tag):
        return None
    parts = tag.replace("_", "-").split("-")
    out = [parts[0].lower()]
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha() and len(out) == 1:
            out.append(part.title())
        elif (len(part) == 2 and part.isalpha()) or (len(part) == 3 and part.isdigit()):
            out.append(part.upper())
        else:
            out.append(part.lower())
    text = "-".join(out)
    return text if TAG.fullmatch(text) else None


@functools.lru_cache(maxsize=256)
def _babel(tag: str) -> Any:
    """babel's Locale for `tag`, or for the longest prefix of it CLDR knows; None when none."""
    from babel import Locale as BabelLocale
    from babel import UnknownLocaleError

    parts = tag.split("-")
    while parts:
        try:
            return BabelLocale.parse("_".join(parts))
        except (UnknownLocaleError, ValueError):
            parts.pop()
    return None


def known(tag: str) -> bool:
    """Whether CLDR has data for `tag` (or a prefix of it)."""
    return _babel(tag) is not None


def categories(tag: str) -> tuple[str, ...]:
    """The plural categories of `tag`, in CLDR's order (``other`` always)."""
    rule = _babel(tag).plural_form
    return tuple(c for c in CATEGORIES if c in rule.tags or c == "other")


def display_name(tag: str) -> str:
    """The locale's English name (``Polish``)."""
    return str(_babel(tag).get_display_name("en") or tag)


# -- rules as expressions ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Expr:
    """A boolean expression over i, v, f: ``and``/``or``/``not`` of `args`, or ``in``: operand, modulus, ranges."""

    op: str  # "and" | "or" | "not" | "in" | "true" | "false"
    args: tuple[Expr, ...] = ()
    operand: str = ""  # i | v | f
    modulus: int | None = None
    ranges: tuple[tuple[int, int], ...] = ()


TRUE, FALSE = Expr("true"), Expr("false")


def rule(tag: str) -> tuple[tuple[str, Expr], ...]:
    """``(category, condition)`` of every category but ``other``, in CLDR's order."""
    by_tag = dict(_babel(tag).plural_form.abstract)
    return tuple((c, _simplify(_expr(by_tag[c]))) for c in CATEGORIES if c in by_tag)


def _expr(node: Any) -> Expr:
    op, args = node
    if op in ("and", "or"):
        return Expr(op, (_expr(args[0]), _expr(args[1])))
    if op == "not":
        return Expr("not", (_expr(args[0]),))
    if op == "relation":
        return _relation(*args)
    raise ValueError(f"unexpected plural rule node {op!r}")


def _relation(method: str, value: Any, range_list: Any) -> Expr:
    if method != "in":
        raise ValueError(f"unexpected plural relation {method!r}")
    modulus = None
    if value[0] == "mod":
        (operand, _), (_, (modulus,)) = value[1]
    else:
        operand = value[0]
    ranges = tuple((lo[1][0], hi[1][0]) for lo, hi in range_list[1])
    if operand in ("e", "c"):  # no compact notation: the exponent is 0
        zero = 0 if modulus is None else 0 % modulus
        return TRUE if any(lo <= zero <= hi for lo, hi in ranges) else FALSE
    if operand == "n":  # n is an integer only without fraction digits
        test = Expr("in", operand="i", modulus=modulus, ranges=ranges)
        return Expr("and", (Expr("in", operand="v", ranges=((0, 0),)), test))
    return Expr("in", operand={"t": "f", "w": "v"}.get(operand, operand), modulus=modulus, ranges=ranges)


def _simplify(expr: Expr) -> Expr:
    """Constant relations folded away."""
    if expr.op == "not":
        inner = _simplify(expr.args[0])
        return {TRUE: FALSE, FALSE: TRUE}.get(inner, Expr("not", (inner,)))
    if expr.op not in ("and", "or"):
        return expr
    left, right = (_simplify(a) for a in expr.args)
    absorbing, neutral = (FALSE, TRUE) if expr.op == "and" else (TRUE, FALSE)
    if absorbing in (left, right):
        return absorbing
    if left == neutral:
        return right
    if right == neutral:
        return left
    return Expr(expr.op, (left, right))


def evaluate(expr: Expr, i: int, v: int, f: int) -> bool:
    """`expr` at the operands (errgen's reference, what the generated functions compute)."""
    if expr.op in ("true", "false"):
        return expr.op == "true"
    if expr.op == "not":
        return not evaluate(expr.args[0], i, v, f)
    if expr.op == "and":
        return evaluate(expr.args[0], i, v, f) and evaluate(expr.args[1], i, v, f)
    if expr.op == "or":
        return evaluate(expr.args[0], i, v, f) or evaluate(expr.args[1], i, v, f)
    x = {"i": i, "v": v, "f": f}[expr.operand]
    x = x % expr.modulus if expr.modulus else x
    return any(lo <= x <= hi for lo, hi in expr.ranges)


# -- a locale for rendering ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Symbols:
    """The number symbols of a locale (CLDR's Latin digits): decimal, group, group sizes."""

    decimal: str
    group: str
    grouping: tuple[int, int]


def symbols(tag: str) -> Symbols:
    """The decimal and group symbols and group sizes of `tag` (``#,##0.###``: 3, 3)."""
    data = _babel(tag)
    latn = data.number_symbols["latn"]
    primary, secondary = data.decimal_formats[None].grouping
    return Symbols(latn["decimal"], latn["group"], (int(primary), int(secondary)))


@functools.lru_cache(maxsize=256)
def locale(tag: str) -> Locale:
    """Everything `icu.render` needs for `tag`."""
    conditions = rule(tag)
    sym = symbols(tag)

    def plural(i: int, v: int, f: int) -> str:
        return next((c for c, e in conditions if evaluate(e, i, v, f)), "other")

    return Locale(tag, plural, sym.decimal, sym.group, sym.grouping)
