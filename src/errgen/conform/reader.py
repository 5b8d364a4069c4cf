"""Typed, error-collecting access to a located JSON document (the validation half of `build`).

Every accessor returns a usable fallback ("" / 0 / {} / []) after recording a `PackError`,
so one pass reports all problems; the caller discards the model if any were recorded. A key
wallfacer does not know is a warning, not an error: serde ignores it, so wallfacer runs the pack
anyway, and errgen runs the same pack while saying what it ignores.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from pathlib import Path

from errgen.conform.diagnostics import PackError
from errgen.conform.jsonvalue import Json, is_integer, json_type, to_text
from errgen.conform.located import JsonPointer, Located


def describe(path: JsonPointer) -> str:
    """Render a pointer as `invariants[0].assert[1]` (`document` for the root)."""
    text = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)
    return text.lstrip(".") or "document"


class Reader:
    """Reads one document; `locate` maps a rendered-text offset to a source (line, col)."""

    def __init__(self, file: Path, located: Located, locate: Callable[[int], tuple[int, int]]) -> None:
        self.file = file
        self.located = located
        self.locate = locate
        self.errors: list[PackError] = []
        self.warnings: list[PackError] = []

    def position(self, path: JsonPointer, *, at_key: bool = False) -> tuple[int, int]:
        """The source (line, col) of the value (or key) at `path`, else of its nearest ancestor."""
        table = self.located.keys if at_key else self.located.values
        probe = path
        while probe not in table and probe:
            probe, table = probe[:-1], self.located.values
        return self.locate(table.get(probe, 0))

    def error(self, path: JsonPointer, message: str, *, at_key: bool = False) -> None:
        """Record `message` at the value (or key) found at `path`, else its nearest ancestor."""
        line, col = self.position(path, at_key=at_key)
        self.errors.append(PackError(self.file, line, col, f"{describe(path)}: {message}"))

    def warn(self, path: JsonPointer, message: str, *, at_key: bool = False) -> None:
        """Record a warning: something errgen (like wallfacer) reads past without acting on it."""
        line, col = self.position(path, at_key=at_key)
        self.warnings.append(PackError(self.file, line, col, f"{describe(path)}: {message}", "warning"))

    def mapping(
        self, value: Json, path: JsonPointer, required: Iterable[str] = (), optional: Iterable[str] = ()
    ) -> dict[str, Json]:
        """Check `value` is a mapping with the required keys; warn of unknown ones (serde ignores them)."""
        if not isinstance(value, dict):
            self.error(path, f"expected a mapping, got {json_type(value)}")
            return {}
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in value:
            if key not in allowed:
                close = difflib.get_close_matches(key, sorted(allowed), n=1)
                hint = f"did you mean '{close[0]}'?" if close else f"expected one of: {', '.join(sorted(allowed))}"
                message = f"unknown key '{key}' is ignored, as wallfacer ignores it ({hint})"
                self.warn((*path, key), message, at_key=True)
        for key in required:
            if key not in value:
                self.error(path, f"missing required key '{key}'")
        return value

    def dictionary(self, value: Json, path: JsonPointer) -> dict[str, Json]:
        """Check `value` is a mapping with arbitrary keys."""
        if isinstance(value, dict):
            return value
        self.error(path, f"expected a mapping, got {json_type(value)}")
        return {}

    def string(self, value: Json, path: JsonPointer) -> str:
        """Return `value` if it is a string."""
        if isinstance(value, str):
            return value
        self.error(path, f"expected a string, got {json_type(value)}")
        return ""

    def optional_string(self, value: Json, path: JsonPointer) -> str | None:
        """Return a string or None (serde `Option<String>`)."""
        return None if value is None else self.string(value, path)

    def integer(self, value: Json, path: JsonPointer, low: int, high: int) -> int:
        """Return `value` if it is an integer within [low, high]."""
        if is_integer(value) and isinstance(value, int) and low <= value <= high:
            return value
        self.error(path, f"expected an integer in {low}..{high}, got {_show(value)}")
        return low

    def boolean(self, value: Json, path: JsonPointer) -> bool:
        """Return `value` if it is a boolean."""
        if isinstance(value, bool):
            return value
        self.error(path, f"expected a boolean, got {json_type(value)}")
        return False

    def choice(self, value: Json, path: JsonPointer, options: tuple[str, ...]) -> str:
        """Return `value` if it is one of `options` (a plain scalar counts by its text, as in serde_yaml)."""
        text = value if isinstance(value, str) else self.located.plain.get(path)
        if text in options:
            return text
        self.error(path, f"expected one of {', '.join(options)}, got {_show(value)}")
        return options[0]

    def items(self, value: Json, path: JsonPointer) -> list[tuple[Json, JsonPointer]]:
        """Return (item, pointer) pairs of a sequence."""
        if isinstance(value, list):
            return [(item, (*path, index)) for index, item in enumerate(value)]
        self.error(path, f"expected a sequence, got {json_type(value)}")
        return []

    def strings(self, value: Json, path: JsonPointer) -> tuple[str, ...]:
        """Return a sequence of strings."""
        return tuple(self.string(item, where) for item, where in self.items(value, path))


def _show(value: Json) -> str:
    if isinstance(value, list | dict):
        return json_type(value)
    return f"'{value}'" if isinstance(value, str) else to_text(value)
