"""Message templates: ``"argument '{field}' must be one of {allowed}"``.

`{name}` inserts a field value, `{{` and `}}` are literal braces. Values are
formatted the same way by errgen and by the generated Python and TypeScript
runtimes (the cross-language tests hold them to it):

* string → itself; boolean → ``true``/``false``; null → ``null``;
* number → JavaScript's ``Number.prototype.toString`` (``2.0`` → ``2``);
* list → items formatted and joined with ``", "``;
* range ``{min, max}`` → ``min..max`` (a missing bound is left empty);
* any other object → compact JSON in insertion order.
"""

from __future__ import annotations

import functools
import math
import re
from typing import Any

from errgen.catalog.jsontext import inline

_INDEX = re.compile("0|[1-9][0-9]*")  # a JavaScript array index

_NAME = re.compile(r"[^{}]+")


class TemplateError(ValueError):
    """A malformed message template."""


_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")


@functools.lru_cache(maxsize=1 << 16)
def parse(template: str) -> tuple[tuple[str, str | None], ...]:
    """`split`, cached: a catalog's templates are parsed again by every target and every example."""
    return split(template)


def split(template: str) -> tuple[tuple[str, str | None], ...]:
    """Split into ``(literal, placeholder-or-None)`` parts; raise TemplateError if malformed."""
    parts: list[tuple[str, str | None]] = []
    literal: list[str] = []
    pos = 0
    for match in _TOKEN.finditer(template):
        literal.append(template[pos : match.start()])
        pos = match.end()
        token = match.group()
        if token in ("{{", "}}"):
            literal.append(token[0])
        elif token == "}":
            raise TemplateError(f"unmatched '}}' at offset {match.start()}; write '}}}}' for a literal brace")
        elif token == "{" or not _NAME.fullmatch(name := match.group(1)) or name != name.strip():
            raise TemplateError(
                f"malformed placeholder at offset {match.start()}: use {{name}}, or {{{{ for a literal brace"
            )
        else:
            parts.append(("".join(literal), name))
            literal = []
    literal.append(template[pos:])
    parts.append(("".join(literal), None))
    return tuple(parts)


def placeholders(template: str) -> tuple[str, ...]:
    """Placeholder names in order of first appearance."""
    seen: dict[str, None] = {}
    for _, name in parse(template):
        if name is not None:
            seen.setdefault(name, None)
    return tuple(seen)


def render(template: str, values: dict[str, Any]) -> str:
    """Render `template` with `values` (missing values render as empty text)."""
    out: list[str] = []
    for literal, name in parse(template):
        out.append(literal)
        if name is not None and name in values:
            out.append(format_value(values[name]))
    return "".join(out)


def format_value(value: Any) -> str:
    """Format one value for a message, identically to the generated runtimes."""
    if isinstance(value, str):
        return value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return js_number(value)
    if isinstance(value, list):
        return ", ".join(format_value(v) for v in value)
    if isinstance(value, dict) and set(value) <= {"min", "max"} and value:
        return f"{_bound(value.get('min'))}..{_bound(value.get('max'))}"
    return js_json(value)


def js_json(value: Any) -> str:
    """Compact JSON exactly as JavaScript's ``JSON.stringify`` writes it (numbers included)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return inline(value)
    if isinstance(value, int | float):
        return js_number(value) if math.isfinite(value) else "null"
    if isinstance(value, list):
        return "[" + ",".join(js_json(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{inline(k)}:{js_json(v)}" for k, v in _js_order(value)) + "}"
    return inline(str(value))


def _js_order(value: dict[Any, Any]) -> list[tuple[str, Any]]:
    """Keys as a JavaScript object lists them: array indices (below 2**32 - 1) ascending, then the rest."""
    pairs = [(str(k), v) for k, v in value.items()]
    indices = {k for k, _ in pairs if _INDEX.fullmatch(k) and int(k) < 2**32 - 1}
    return sorted((p for p in pairs if p[0] in indices), key=lambda p: int(p[0])) + [
        p for p in pairs if p[0] not in indices
    ]


def _bound(value: Any) -> str:
    return "" if value is None else format_value(value)


def js_number(value: float) -> str:
    """Format a number exactly like JavaScript's ``String(n)`` (ECMAScript's Number::toString)."""
    try:
        number = float(value)  # JavaScript numbers are doubles
    except OverflowError:  # an integer beyond the largest double
        number = math.inf if value > 0 else -math.inf
    if math.isnan(number):
        return "NaN"
    if number == 0:
        return "0"
    sign = "-" if number < 0 else ""
    if math.isinf(number):
        return sign + "Infinity"
    digits, n = _digits(abs(number))
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    body = digits[0] + ("." + digits[1:] if k > 1 else "")
    return f"{sign}{body}e{n - 1:+d}"


def _digits(number: float) -> tuple[str, int]:
    """Python's shortest digits of a positive double, and n: the value is 0.DIGITS × 10**n.

    DIGITS may start with zeros (0.05 → ``005``, n = 1): below 1e-4 repr writes an exponent instead, so such a
    number is printed as ``digits[:n] + "." + digits[n:]``, which is the same text.
    """
    mantissa, _, exp_text = repr(number).partition("e")
    whole, _, frac = mantissa.removesuffix(".0").partition(".")
    return whole + frac, len(whole) + int(exp_text or 0)
