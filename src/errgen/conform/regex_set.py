"""Rust `regex` character sets → code-point ranges: escapes, Unicode classes, bracket classes.

The half of the translator that reads sets: `SetParser` parses a set-denoting escape
(``\\d``, ``\\p{Greek}``, ``\\x{…}``) or a bracket class with Rust's nesting and set
operations (``&&``, ``--``, ``~~``) into `Ranges`; `regex.emit_set` writes them as `re` syntax.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from errgen.conform import uclass
from errgen.conform.uclass import Ranges

_META = set("\\.+*?()|[]{}^$#&-~")
_SIMPLE_ESCAPES = {"n": 0x0A, "t": 0x09, "r": 0x0D, "f": 0x0C, "v": 0x0B, "a": 0x07}
_HEX_WIDTH = {"x": 2, "u": 4, "U": 8}


class RegexError(ValueError):
    """The pattern is not valid Rust `regex` syntax (or uses a feature errgen cannot translate)."""


@dataclass(frozen=True)
class Flags:
    """Inline flags in force: case-insensitive, multi-line, dot-all, verbose, swap greed, Unicode."""

    i: bool = False
    m: bool = False
    s: bool = False
    x: bool = False
    U: bool = False
    u: bool = True


class Cursor:
    """A position in the pattern, with the reads both halves of the parser share."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.pos = 0

    def error(self, message: str) -> RegexError:
        return RegexError(f"{message} (at offset {self.pos})")

    def peek(self, offset: int = 0) -> str | None:
        index = self.pos + offset
        return self.pattern[index] if index < len(self.pattern) else None

    def take(self) -> str:
        char = self.peek()
        if char is None:
            raise self.error("unexpected end of pattern")
        self.pos += 1
        return char

    def startswith(self, text: str) -> bool:
        return self.pattern.startswith(text, self.pos)

    def skip_space(self, flags: Flags) -> None:
        """In `x` mode skip white space and `#` comments (inside classes too, as Rust does)."""
        while flags.x and (char := self.peek()) is not None:
            if char == "#":
                end = self.pattern.find("\n", self.pos)
                self.pos = len(self.pattern) if end < 0 else end + 1
            elif char.isspace():
                self.pos += 1
            else:
                return


class SetParser(Cursor):
    """Parses the code-point sets of a Rust pattern."""

    def escape_set(self, flags: Flags) -> Ranges:
        """Parse an escape that denotes a code-point set (a literal char or a Perl/Unicode class)."""
        char = self.take()
        perl: dict[str, Callable[[bool], Ranges]] = {"d": uclass.digit, "s": uclass.space, "w": uclass.word}
        if char.lower() in perl:
            ranges = perl[char.lower()](flags.u)
            return uclass.negate(ranges) if char.isupper() else ranges
        if char in "pP":
            return self.unicode_class(negated=char == "P")
        if char in _HEX_WIDTH:
            code = self.hex_escape(char)
            return ((code, code),)
        if char in _SIMPLE_ESCAPES:
            return ((_SIMPLE_ESCAPES[char], _SIMPLE_ESCAPES[char]),)
        if char.isdigit():
            raise self.error("backreferences are not supported")
        if char in _META or (char.isascii() and not char.isalnum() and char not in "<>"):
            return ((ord(char), ord(char)),)
        raise self.error(f"unrecognized escape sequence \\{char}")

    def hex_escape(self, kind: str) -> int:
        if self.peek() == "{":
            end = self.pattern.find("}", self.pos)
            digits = self.pattern[self.pos + 1 : end] if end >= 0 else ""
            self.pos = end + 1 if end >= 0 else len(self.pattern)
        else:
            digits = self.pattern[self.pos : self.pos + _HEX_WIDTH[kind]]
            self.pos += len(digits)
            if len(digits) != _HEX_WIDTH[kind]:
                digits = ""
        if not re.fullmatch(r"[0-9A-Fa-f]{1,8}", digits):
            raise self.error(f"invalid hexadecimal escape \\{kind}")
        code = int(digits, 16)
        if code > uclass.MAX_CP or 0xD800 <= code <= 0xDFFF:
            raise self.error(f"hexadecimal escape is not a Unicode scalar value: {digits}")
        return code

    def unicode_class(self, negated: bool) -> Ranges:
        if self.peek() == "{":
            end = self.pattern.find("}", self.pos)
            if end < 0:
                raise self.error("unclosed Unicode class")
            name, self.pos = self.pattern[self.pos + 1 : end], end + 1
        else:
            name = self.take()
        if name.startswith("^"):
            name, negated = name[1:], not negated
        ranges = uclass.unicode_property(name)
        if ranges is None:
            raise self.error(f"Unicode property {name!r} is not supported by errgen's translator")
        return uclass.negate(ranges) if negated else ranges

    def char_class(self, flags: Flags) -> Ranges:
        """Parse a bracketed class (after `[`), with nesting and `&&`, `--`, `~~` set operations."""
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        result = self.class_union(flags)
        while (op := self.pattern[self.pos : self.pos + 2]) in ("&&", "--", "~~"):
            self.pos += 2
            right = self.class_union(flags)
            if op == "&&":
                result = uclass.intersect(result, right)
            elif op == "--":
                result = uclass.intersect(result, uclass.negate(right))
            else:
                left_only = uclass.intersect(result, uclass.negate(right))
                result = uclass.union(left_only, uclass.intersect(right, uclass.negate(result)))
        if self.peek() != "]":
            raise self.error("unclosed character class")
        self.pos += 1
        return uclass.negate(result) if negated else result

    def class_union(self, flags: Flags) -> Ranges:
        parts: list[Ranges] = []
        first = True
        while True:
            self.skip_space(flags)
            char = self.peek()
            if char is None:
                raise self.error("unclosed character class")
            if not first and (char == "]" or self.pattern[self.pos : self.pos + 2] in ("&&", "--", "~~")):
                return uclass.union(*parts)
            parts.append(self.class_item(flags, first))
            first = False

    def class_item(self, flags: Flags, first: bool) -> Ranges:
        if self.peek() == "[":
            self.pos += 1
            posix = re.match(r":(\^?)([a-z]+):\]", self.pattern[self.pos :])
            if posix and posix.group(2) in uclass.POSIX:
                self.pos += posix.end()
                ranges = uclass.POSIX[posix.group(2)]
                return uclass.negate(ranges) if posix.group(1) else ranges
            return self.char_class(flags)
        low = self.class_atom(flags, first)
        self.skip_space(flags)
        if self.peek() != "-" or self.peek(1) in ("]", "-"):
            return low
        self.pos += 1
        self.skip_space(flags)
        high = self.class_atom(flags, False)
        if len(low) != 1 or len(high) != 1 or low[0][0] != low[0][1] or high[0][0] != high[0][1]:
            raise self.error("invalid range in character class")
        if high[0][0] < low[0][0]:
            raise self.error("invalid range boundary (start > end)")
        return ((low[0][0], high[0][0]),)

    def class_atom(self, flags: Flags, first: bool) -> Ranges:
        char = self.take()
        if char == "\\":
            return self.escape_set(flags)
        if char == "[" and not first:
            raise self.error("unexpected '[' in class range")
        return ((ord(char), ord(char)),)
