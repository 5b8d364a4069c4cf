"""Rust `regex`-crate syntax on Python's `re`: translate, reject what Rust rejects, compile.

Rust differs from `re` in ways that matter for real packs: `\\x{…}` / `\\u{…}` escapes,
Unicode `\\s`/`\\w`/`\\b`, `$` meaning end-of-text (not "before a final newline"),
inline flags anywhere, nested classes and set operations — and it has no look-around or
backreferences (syntax errors there, so structural here). The translator parses the
pattern and emits an equivalent `re` pattern; flags are resolved here, not passed on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from errgen.conform import uclass
from errgen.conform.uclass import Ranges

_META = set("\\.+*?()|[]{}^$#&-~")
_SIMPLE_ESCAPES = {"n": 0x0A, "t": 0x09, "r": 0x0D, "f": 0x0C, "v": 0x0B, "a": 0x07}
_HEX_WIDTH = {"x": 2, "u": 4, "U": 8}
_FLAG_CHARS = "imsUuxR"


class RegexError(ValueError):
    """The pattern is not valid Rust `regex` syntax (or uses a feature errgen cannot translate)."""


@dataclass(frozen=True)
class _Flags:
    i: bool = False
    m: bool = False
    s: bool = False
    x: bool = False
    U: bool = False
    u: bool = True


@lru_cache(maxsize=1024)
def compile_rust(pattern: str) -> re.Pattern[str]:
    """Compile a Rust-syntax pattern; raise `RegexError` where Rust's `Regex::new` would fail."""
    try:
        return re.compile(translate(pattern))
    except re.error as exc:  # translation bug safety net: still a broken regex for the user
        raise RegexError(f"cannot compile translated pattern: {exc}") from exc


def is_match(pattern: str, text: str) -> bool:
    """Rust `Regex::is_match`: unanchored search."""
    return compile_rust(pattern).search(text) is not None


def translate(pattern: str) -> str:
    """Return the Python `re` equivalent of a Rust `regex` pattern."""
    parser = _Parser(pattern)
    out = parser.alternation(_Flags())
    if parser.pos < len(pattern):
        raise parser.error("unopened group")
    return out


def emit_set(ranges: Ranges, flags: _Flags | None = None) -> str:
    """Render a code-point set as a `re` fragment (a literal char or a class)."""
    if not ranges:
        return "(?!)"
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        body = re.escape(chr(ranges[0][0]))
    else:
        negated = uclass.negate(ranges)
        items, caret = (negated, "^") if 0 < len(negated) < len(ranges) else (ranges, "")
        body = "[" + caret + "".join(_cp(lo) if lo == hi else f"{_cp(lo)}-{_cp(hi)}" for lo, hi in items) + "]"
    return f"(?i:{body})" if flags and flags.i else body


def _cp(code: int) -> str:
    char = chr(code)
    return char if char.isascii() and char.isalnum() else f"\\U{code:08x}"


class _Parser:
    """Recursive-descent parser over the Rust grammar, emitting `re` syntax."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.pos = 0
        self.names: set[str] = set()

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

    def skip_space(self, flags: _Flags) -> None:
        """In `x` mode skip white space and `#` comments (inside classes too, as Rust does)."""
        while flags.x and (char := self.peek()) is not None:
            if char == "#":
                end = self.pattern.find("\n", self.pos)
                self.pos = len(self.pattern) if end < 0 else end + 1
            elif char.isspace():
                self.pos += 1
            else:
                return

    # -- structure -------------------------------------------------------------------
    def alternation(self, flags: _Flags) -> str:
        """Parse branches up to `)` or the end; flag directives persist across branches."""
        branches: list[str] = []
        state = [flags]
        while True:
            branches.append(self.concat(state))
            if self.peek() != "|":
                return "|".join(branches)
            self.pos += 1

    def concat(self, state: list[_Flags]) -> str:
        pieces: list[str] = []
        repeatable = False
        while True:
            self.skip_space(state[0])
            char = self.peek()
            if char is None or char in "|)":
                return "".join(pieces)
            if char in "*+?{":
                if not repeatable:
                    raise self.error("repetition operator missing expression")
                pieces[-1] = self.quantifier(pieces[-1], state[0])
                continue
            atom = self.atom(state)
            repeatable = atom is not None
            if atom is not None:
                pieces.append(atom)

    def quantifier(self, atom: str, flags: _Flags) -> str:
        char = self.take()
        if char == "{":
            char = self.counted(flags)
        self.skip_space(flags)
        lazy = self.peek() == "?"
        if lazy:
            self.pos += 1
        return f"(?:{atom}){char}{'?' if lazy != flags.U else ''}"

    def counted(self, flags: _Flags) -> str:
        self.skip_space(flags)
        low = self.decimal(flags)
        high: int | None = low
        if self.peek() == ",":
            self.pos += 1
            self.skip_space(flags)
            high = self.decimal(flags) if self.peek() != "}" else None
        if self.peek() != "}":
            raise self.error("unclosed counted repetition")
        self.pos += 1
        if high is not None and high < low:
            raise self.error("invalid repetition range")
        return "{" + str(low) + ("" if high == low else "," + ("" if high is None else str(high))) + "}"

    def decimal(self, flags: _Flags) -> int:
        start = self.pos
        while (char := self.peek()) is not None and char.isascii() and char.isdigit():
            self.pos += 1
        if start == self.pos:
            raise self.error("repetition quantifier expects a valid decimal")
        value = int(self.pattern[start : self.pos])
        self.skip_space(flags)
        return value

    def atom(self, state: list[_Flags]) -> str | None:
        """Parse one atom; return None for a flag directive such as `(?i)`."""
        flags = state[0]
        char = self.take()
        if char == "(":
            return self.group(state)
        if char == "[":
            return emit_set(self.char_class(flags), flags)
        if char == "\\":
            return self.escape(flags)
        if char == ".":
            return "(?s:.)" if flags.s else "."
        if char == "^":
            return "(?m:^)" if flags.m else r"\A"
        if char == "$":
            return "(?m:$)" if flags.m else r"\Z"
        return emit_set(((ord(char), ord(char)),), flags)

    def group(self, state: list[_Flags]) -> str | None:
        flags = state[0]
        prefix = "("
        if self.startswith("?=") or self.startswith("?!") or self.startswith("?<=") or self.startswith("?<!"):
            raise self.error("look-around, including look-ahead and look-behind, is not supported")
        if self.startswith("?P<") or self.startswith("?<"):
            self.pos += 3 if self.startswith("?P<") else 2
            self.capture_name()
        elif self.peek() == "?":
            self.pos += 1
            flags, scoped = self.flag_group(flags)
            if not scoped:
                state[0] = flags
                return None
            prefix = "(?:"
        inner = self.alternation(flags)
        if self.peek() != ")":
            raise self.error("unclosed group")
        self.pos += 1
        return f"{prefix}{inner})"

    def capture_name(self) -> None:
        end = self.pattern.find(">", self.pos)
        name = self.pattern[self.pos : end] if end >= 0 else ""
        if not re.fullmatch(r"[_A-Za-z][_0-9A-Za-z.\[\]]*", name):
            raise self.error(f"invalid capture group name {name!r}")
        if name in self.names:
            raise self.error(f"duplicate capture group name {name!r}")
        self.names.add(name)
        self.pos = end + 1

    def flag_group(self, flags: _Flags) -> tuple[_Flags, bool]:
        """Parse `flags)` or `flags:`; return the new flags and whether a group body follows."""
        seen: set[str] = set()
        negate, value, any_flag = False, True, False
        while (char := self.take()) not in (")", ":"):
            if char == "-" and not negate:
                negate, value = True, False
                continue
            if char not in _FLAG_CHARS or char in seen:
                raise self.error(f"unrecognized or repeated flag {char!r}")
            if char == "R":
                raise self.error("CRLF mode (?R) is not supported by errgen's translator")
            seen.add(char)
            any_flag = True
            flags = replace(flags, **{char: value})
        if (negate and self.pattern[self.pos - 2] == "-") or (not any_flag and char == ")"):
            raise self.error("empty or dangling flag group")
        return flags, char == ":"

    # -- escapes and classes ---------------------------------------------------------
    def escape(self, flags: _Flags) -> str:
        """Parse an escape outside a class: assertions here, sets via `escape_set`."""
        char = self.peek()
        if char is None:
            raise self.error("incomplete escape sequence")
        if char in "bB<>" and (char != "b" or self.peek(1) != "{"):
            self.pos += 1
            return self.boundary(char, emit_set(uclass.word(flags.u)))
        if char == "b":
            return self.special_boundary(emit_set(uclass.word(flags.u)))
        if char in "Az":
            self.pos += 1
            return r"\A" if char == "A" else r"\Z"
        return emit_set(self.escape_set(flags), flags)

    @staticmethod
    def boundary(kind: str, word: str) -> str:
        """Rust's Unicode-aware `\\b`, `\\B`, `\\<`, `\\>` spelled with look-around on `word`."""
        return {
            "b": f"(?:(?<={word})(?!{word})|(?<!{word})(?={word}))",
            "B": f"(?:(?<={word})(?={word})|(?<!{word})(?!{word}))",
            "<": f"(?<!{word})(?={word})",
            ">": f"(?<={word})(?!{word})",
        }[kind]

    def special_boundary(self, word: str) -> str:
        end = self.pattern.find("}", self.pos)
        kind = self.pattern[self.pos + 2 : end] if end >= 0 else ""
        forms = {
            "start": f"(?<!{word})(?={word})",
            "end": f"(?<={word})(?!{word})",
            "start-half": f"(?<!{word})",
            "end-half": f"(?!{word})",
        }
        if kind not in forms:
            raise self.error(f"unrecognized word boundary \\b{{{kind}}}")
        self.pos = end + 1
        return forms[kind]

    def escape_set(self, flags: _Flags) -> Ranges:
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

    def char_class(self, flags: _Flags) -> Ranges:
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

    def class_union(self, flags: _Flags) -> Ranges:
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

    def class_item(self, flags: _Flags, first: bool) -> Ranges:
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

    def class_atom(self, flags: _Flags, first: bool) -> Ranges:
        char = self.take()
        if char == "\\":
            return self.escape_set(flags)
        if char == "[" and not first:
            raise self.error("unexpected '[' in class range")
        return ((ord(char), ord(char)),)
