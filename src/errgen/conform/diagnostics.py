"""Diagnostics for pack files: errors are data, collected and printed together."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class PackError:
    """One problem in a pack file, located at a 1-based line and column."""

    file: Path
    line: int
    col: int
    message: str
    level: str = "error"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.level}: {self.message}"

    def as_warning(self) -> PackError:
        """The same problem, reported as a warning (something only a later live run would trip on)."""
        return PackError(self.file, self.line, self.col, self.message, "warning")


def line_col(text: str, index: int) -> tuple[int, int]:
    """Return the 1-based (line, column) of character `index` in `text`."""
    index = max(0, min(index, len(text)))
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, col
