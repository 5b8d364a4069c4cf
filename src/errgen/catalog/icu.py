"""The message format: errgen's templates plus a documented subset of ICU MessageFormat.

A message is text with arguments (docs/catalog-format.md, "Messages"):

* ``{name}`` — the value, formatted as today (`messages.format_value`); ``{{`` and ``}}`` are
  literal braces outside arguments; an apostrophe is always a literal apostrophe (unlike ICU);
* ``{name, number}`` — a number in the locale's decimal and grouping symbols (CLDR, `plurals`);
* ``{name, plural, =0 {…} one {…} other {…}}`` — a branch by exact value (``=N``, N a
  non-negative integer) or else by the CLDR plural category of the value in the text's locale;
  inside a branch ``#`` is the value as ``{name, number}`` writes it;
* ``{name, select, kg {…} other {…}}`` — a branch by the value's text.

``other`` is required in every plural and select. Branches nest (the innermost plural owns
``#``). Inside a branch every brace delimits: a literal brace can only be written outside the
arguments. Not supported: offsets, ordinal plurals, number styles, dates, apostrophe quoting.
A template without ``,`` inside its braces is exactly an errgen template of before.

`parse` gives the tree; `arguments` what each name is used as; `rekey` renames arguments in
place (the text is otherwise kept byte for byte); `render` is errgen's reference renderer,
the one the generated runtimes match byte for byte (tests/contract).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from errgen.catalog.messages import TemplateError, format_value, js_number

CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's plural categories, in CLDR's order
_SPACE = " \t\r\n"
_NAME = re.compile(r"[^{},#\s]+")
_KEY = re.compile(r"=(?:0|[1-9][0-9]{0,14})|[A-Za-z0-9_.-]+")
_LITERAL = re.compile(r"[^{}]+")  # a run of text that holds no brace (outside a plural branch)
_LITERAL_IN_PLURAL = re.compile(r"[^{}#]+")  # ... and no ``#``


class IcuError(TemplateError):
    """A malformed message; `offset` is where in the text."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message.replace("@", f"at offset {offset}", 1))
        self.offset = offset


@dataclass(frozen=True, slots=True)
class Arg:
    """``{name}`` (`kind` ``text``) or ``{name, number}`` (`kind` ``number``); `at` is the name's offset."""

    name: str
    kind: str
    at: int


@dataclass(frozen=True, slots=True)
class Choice:
    """``{name, plural|select, key {message} …}``: `branches` in written order."""

    name: str
    kind: str  # "plural" | "select"
    branches: tuple[tuple[str, Message], ...]
    at: int

    def branch(self, key: str) -> Message | None:
        """The branch written for `key`, if any."""
        return next((m for k, m in self.branches if k == key), None)


class Pound:
    """``#`` inside a plural branch."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "#"


POUND = Pound()
Node = str | Arg | Choice | Pound
Message = tuple[Node, ...]


@functools.lru_cache(maxsize=1 << 14)
def parse(text: str) -> Message:
    """The message tree of `text`; raise IcuError if it is malformed."""
    return _Parser(text).message(top=True, plural=False)


@functools.lru_cache(maxsize=1 << 14)
def is_plain(text: str) -> bool:
    """Whether `text` has only ``{name}`` arguments (an errgen template of before); each target asks of each message."""
    return all(isinstance(n, str) or (isinstance(n, Arg) and n.kind == "text") for n in parse(text))


class _Parser:
    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def message(self, *, top: bool, plural: bool) -> Message:
        """Nodes up to the end (`top`) or up to the closing brace of a branch (not consumed)."""
        text = self.text
        out: list[Node] = []
        literal: list[str] = []
        while self.pos < len(text):
            ch = text[self.pos]
            if top and text.startswith(("{{", "}}"), self.pos):
                literal.append(ch)
                self.pos += 2
            elif ch == "{":
                if not top and text.startswith("{{", self.pos):
                    raise IcuError("a literal brace cannot be written inside a branch (@)", self.pos)
                _flush(out, literal)
                out.append(self.argument(plural))
            elif ch == "}":
                if top:
                    raise IcuError("unmatched '}' @; write '}}' for a literal brace", self.pos)
                break
            elif ch == "#" and plural:
                _flush(out, literal)
                out.append(POUND)
                self.pos += 1
            else:  # the run of text up to the next brace (or `#` in a plural branch), at once
                run = (_LITERAL_IN_PLURAL if plural else _LITERAL).match(text, self.pos)
                assert run is not None  # `ch` is neither a brace nor a counted `#`
                literal.append(run.group())
                self.pos = run.end()
        if not top and self.pos >= len(text):
            raise IcuError("unclosed branch @: expected '}'", len(text))
        _flush(out, literal)
        return tuple(out)

    def argument(self, plural: bool) -> Node:
        start = self.pos
        self.pos += 1
        simple = _NAME.match(self.text, self.pos)
        if simple and self.text.startswith("}", simple.end()):  # {name}: no spaces, as before
            self.pos = simple.end() + 1
            return Arg(simple.group(), "text", simple.start())
        self.pos = self.skip(self.pos)
        match = _NAME.match(self.text, self.pos)
        comma = self.skip(match.end()) if match else self.pos
        if match is None or not self.text.startswith(",", comma):
            raise IcuError("malformed placeholder @: use {name}, or {{ for a literal brace", start)
        name, at = match.group(), match.start()
        self.pos = self.skip(comma + 1)
        kind = re.compile(r"[a-z]+").match(self.text, self.pos)
        word, word_at = (kind.group() if kind else ""), self.pos
        self.pos = self.skip(self.pos + len(word))
        if word == "number" and self.text.startswith("}", self.pos):
            self.pos += 1
            return Arg(name, "number", at)
        if word not in ("plural", "select") or not self.text.startswith(",", self.pos):
            raise IcuError(f"unknown argument type {word!r} @ (use number, plural or select; no styles)", word_at)
        self.pos += 1
        return Choice(name, word, self.branches(word, start, plural), at)

    def branches(self, kind: str, start: int, plural: bool) -> tuple[tuple[str, Message], ...]:
        out: list[tuple[str, Message]] = []
        while True:
            self.pos = self.skip(self.pos)
            if self.text.startswith("}", self.pos):
                self.pos += 1
                break
            match = _KEY.match(self.text, self.pos)
            if match is None:
                raise IcuError(f"expected a {kind} key and a branch in braces, or '}}', @", self.pos)
            key = match.group()
            if kind == "plural" and not key.startswith("=") and key not in CATEGORIES:
                raise IcuError(f"unknown plural category {key!r} @ (use =N or {', '.join(CATEGORIES)})", self.pos)
            if kind == "select" and key.startswith("="):
                raise IcuError(f"select key {key!r} @: '=N' is for plural", self.pos)
            if any(k == key for k, _ in out):
                raise IcuError(f"{kind} key {key!r} @ is written twice", self.pos)
            self.pos = self.skip(match.end())
            if not self.text.startswith("{", self.pos):
                raise IcuError(f"expected '{{' @ to open the branch of {key!r}", self.pos)
            self.pos += 1
            body = self.message(top=False, plural=plural or kind == "plural")
            self.pos += 1  # the branch's '}'
            out.append((key, body))
        if not any(k == "other" for k, _ in out):
            raise IcuError(f"the {kind} @ needs an 'other' branch", start)
        return tuple(out)

    def skip(self, pos: int) -> int:
        """The first position at or after `pos` that is not white space."""
        while pos < len(self.text) and self.text[pos] in _SPACE:
            pos += 1
        return pos


def _flush(out: list[Node], literal: list[str]) -> None:
    if literal:
        out.append("".join(literal))
        literal.clear()


def arguments(message: Message) -> dict[str, str]:
    """Each argument name and what it is used as: ``text``, ``number`` (number, plural) or ``select``.

    A name used as ``text`` and as something else is that something else (text formats anything).
    """
    out: dict[str, str] = {}
    for name, kind in _uses(message):
        if out.get(name, "text") == "text":
            out[name] = kind
    return out


def _uses(message: Message) -> list[tuple[str, str]]:
    uses: list[tuple[str, str]] = []
    for node in message:
        if isinstance(node, Arg):
            uses.append((node.name, node.kind))
        elif isinstance(node, Choice):
            uses.append((node.name, "number" if node.kind == "plural" else "select"))
            for _, branch in node.branches:
                uses += _uses(branch)
    return uses


def choices(message: Message) -> list[Choice]:
    """Every plural and select of `message`, outermost first."""
    out: list[Choice] = []
    for node in message:
        if isinstance(node, Choice):
            out.append(node)
            for _, branch in node.branches:
                out += choices(branch)
    return out


def names_at(message: Message) -> list[tuple[int, str]]:
    """``(offset, name)`` of every argument name written in the text."""
    out: list[tuple[int, str]] = []
    for node in message:
        if isinstance(node, Arg | Choice):
            out.append((node.at, node.name))
        if isinstance(node, Choice):
            for _, branch in node.branches:
                out += names_at(branch)
    return out


def rekey(text: str, wire: Mapping[str, str]) -> str:
    """`text` with each argument name replaced by ``wire[name]`` (when there), the rest unchanged."""
    out, pos = [], 0
    for at, name in sorted(names_at(parse(text))):
        out += [text[pos:at], wire.get(name, name)]
        pos = at + len(name)
    return "".join(out) + text[pos:]


@dataclass(frozen=True, slots=True)
class Locale:
    """What rendering in one locale needs: its tag, plural rule and number symbols."""

    tag: str
    plural: Callable[[int, int, int], str]  # (i, v, f) → category; see plural_operands
    decimal: str = "."
    group: str = ","
    grouping: tuple[int, int] = (3, 3)  # primary, secondary group sizes


def render(message: Message, values: Mapping[str, Any], locale: Locale, number: Any = None) -> str:
    """Render `message` with `values` in `locale` (missing values render empty; `number` is what ``#`` shows)."""
    out: list[str] = []
    for node in message:
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, Pound):
            out.append(_number_text(number, locale))
        elif node.name not in values:
            if isinstance(node, Choice):
                out.append(render(_other(node), values, locale, None if node.kind == "plural" else number))
        elif isinstance(node, Arg):
            value = values[node.name]
            out.append(_number_text(value, locale) if node.kind == "number" else format_value(value))
        else:
            value = values[node.name]
            branch = pick(node, value, locale)
            out.append(render(branch, values, locale, value if node.kind == "plural" else number))
    return "".join(out)


def _other(choice: Choice) -> Message:
    return choice.branch("other") or ()


def pick(choice: Choice, value: Any, locale: Locale) -> Message:
    """The branch of `choice` that `value` selects in `locale`."""
    if choice.kind == "select":
        return _other(choice) if value is None else choice.branch(format_value(value)) or _other(choice)
    if not is_number(value) or not math.isfinite(value):
        return _other(choice)
    for key, branch in choice.branches:
        if key.startswith("=") and value == int(key[1:]):
            return branch
    return choice.branch(locale.plural(*plural_operands(value))) or _other(choice)


def is_number(value: Any) -> bool:
    """Whether `value` is a JSON number (not a boolean)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


_BIG = 10**15  # operands keep their last 15 digits, plus this when longer (every CLDR modulus divides it)


def plural_operands(value: float) -> tuple[int, int, int]:
    """CLDR's operands ``(i, v, f)`` of a finite number as JavaScript writes it (``t`` = f, ``w`` = v, e = c = 0).

    ``i`` the integer digits, ``v`` the count of fraction digits, ``f`` the fraction digits as an integer;
    ``i`` and ``f`` are their last 15 digits, plus 10**15 when they are longer.
    """
    whole, fraction = decimal_digits(value)
    return _cut(whole), len(fraction), _cut(fraction)


def _cut(digits: str) -> int:
    tail = int(digits[-15:] or "0")
    return tail + (_BIG if len(digits.lstrip("0")) > 15 else 0)


def decimal_digits(value: float) -> tuple[str, str]:
    """The integer and fraction digits of ``abs(value)`` as JavaScript's ``String`` writes it, exponent expanded."""
    text = js_number(abs(value))
    mantissa, _, exponent = text.partition("e")
    digits = mantissa.replace(".", "")
    point = (mantissa.index(".") if "." in mantissa else len(mantissa)) + int(exponent or 0)
    if point <= 0:
        return "0", "0" * -point + digits
    if point >= len(digits):
        return digits + "0" * (point - len(digits)), ""
    return digits[:point], digits[point:]


def _number_text(value: Any, locale: Locale) -> str:
    """``{name, number}``: a number in the locale's symbols; another value as ``{name}`` writes it."""
    if value is None:
        return ""
    if not is_number(value):
        return format_value(value)
    return format_number(js_number(value), locale)


def format_number(text: str, locale: Locale) -> str:
    """JavaScript's spelling of a number (`text`) with the locale's decimal symbol and digit groups.

    The digits are JavaScript's (no rounding); an exponent form (``1e+21``) only changes its decimal symbol.
    """
    if "e" in text or not text[-1:].isdigit():
        return text.replace(".", locale.decimal)
    sign, body = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, dot, fraction = body.partition(".")
    primary, secondary = locale.grouping
    groups = []
    if len(whole) > primary:
        groups.append(whole[-primary:])
        whole = whole[:-primary]
        while len(whole) > secondary:
            groups.append(whole[-secondary:])
            whole = whole[:-secondary]
    groups.append(whole)
    return sign + locale.group.join(reversed(groups)) + (locale.decimal + fraction if dot else "")
