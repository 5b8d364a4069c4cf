"""Diagnostics: catalog problems as data, collected and reported together.

Every stage appends to one `Diagnostics` bag instead of raising; the CLI prints
them as ``path:line:col: level: message`` and decides the exit code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Level = Literal["error", "warning"]


@dataclass(frozen=True, slots=True, order=True)
class Loc:
    """A 1-based position in a source file."""

    path: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in an input file."""

    loc: Loc
    message: str
    level: Level = "error"
    rule: str = ""

    def format(self) -> str:
        """Render as ``path:line:col: level: message [rule]``."""
        suffix = f" [{self.rule}]" if self.rule else ""
        return f"{self.loc}: {self.level}: {self.message}{suffix}"


@dataclass
class Diagnostics:
    """An ordered bag of diagnostics shared by the pipeline stages."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, loc: Loc, message: str, rule: str = "") -> None:
        """Record an error at `loc`."""
        self.items.append(Diagnostic(loc, message, "error", rule))

    def warning(self, loc: Loc, message: str, rule: str = "") -> None:
        """Record a warning at `loc`."""
        self.items.append(Diagnostic(loc, message, "warning", rule))

    @property
    def has_errors(self) -> bool:
        """Whether any error (not warning) was recorded."""
        return any(d.level == "error" for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        """Diagnostics in file order, duplicates removed."""
        seen: set[tuple[Loc, str, str]] = set()
        out: list[Diagnostic] = []
        for d in sorted(self.items, key=lambda d: (d.loc, d.message)):
            key = (d.loc, d.level, d.message)
            if key not in seen:
                seen.add(key)
                out.append(d)
        return out


class CatalogInvalid(Exception):
    """Raised by the pipeline when loading or compiling recorded errors."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{len(diagnostics)} problem(s)")
        self.diagnostics = diagnostics
