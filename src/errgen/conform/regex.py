"""Rust `regex`-crate syntax on Python's `re`: translate, reject what Rust rejects, compile.

Rust differs from `re` in ways that matter for real packs: `\\x{…}` / `\\u{…}` escapes,
Unicode `\\s`/`\\w`/`\\b`, `$` meaning end-of-text (not "before a final newline"),
inline flags anywhere, nested classes and set operations — and it has no look-around or
backreferences (syntax errors there, so structural here). The translator parses the
pattern and emits an equivalent `re` pattern; flags are resolved here, not passed on.
Character sets (escapes, `\\p{…}`, bracket classes) are parsed into code-point ranges by
`regex_set` and emitted here by `emit_set`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from errgen.conform import uclass
from errgen.conform.regex_set import Flags, RegexError, SetParser
from errgen.conform.uclass import Ranges

__all__ = ["RegexError", "compile_rust", "emit_set", "is_match", "translate"]

_FLAG_CHARS = "imsUuxR"


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
    out = parser.alternation(Flags())
    if parser.pos < len(pattern):
        raise parser.error("unopened group")
    return out


def emit_set(ranges: Ranges, flags: Flags | None = None) -> str:
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


class _Parser(SetParser):
    """Recursive-descent parser over the Rust grammar, emitting `re` syntax (sets come from `SetParser`)."""

    def __init__(self, pattern: str) -> None:
        super().__init__(pattern)
        self.names: set[str] = set()

    # -- structure -------------------------------------------------------------------
    def alternation(self, flags: Flags) -> str:
        """Parse branches up to `)` or the end; flag directives persist across branches."""
        branches: list[str] = []
        state = [flags]
        while True:
            branches.append(self.concat(state))
            if self.peek() != "|":
                return "|".join(branches)
            self.pos += 1

    def concat(self, state: list[Flags]) -> str:
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

    def quantifier(self, atom: str, flags: Flags) -> str:
        char = self.take()
        if char == "{":
            char = self.counted(flags)
        self.skip_space(flags)
        lazy = self.peek() == "?"
        if lazy:
            self.pos += 1
        return f"(?:{atom}){char}{'?' if lazy != flags.U else ''}"

    def counted(self, flags: Flags) -> str:
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

    def decimal(self, flags: Flags) -> int:
        start = self.pos
        while (char := self.peek()) is not None and char.isascii() and char.isdigit():
            self.pos += 1
        if start == self.pos:
            raise self.error("repetition quantifier expects a valid decimal")
        value = int(self.pattern[start : self.pos])
        self.skip_space(flags)
        return value

    def atom(self, state: list[Flags]) -> str | None:
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

    def group(self, state: list[Flags]) -> str | None:
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

    def flag_group(self, flags: Flags) -> tuple[Flags, bool]:
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
    def escape(self, flags: Flags) -> str:
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
