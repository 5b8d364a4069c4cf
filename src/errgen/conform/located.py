"""A pack's YAML as wallfacer reads it (serde_yaml 0.9, YAML 1.2): JSON values with source positions.

The reading is errgen's one YAML reader (`errgen.catalog.yamllib`) with serde_yaml's
scalar rules (`yamlcore.SERDE`); this module keeps, by JSON pointer, where each value
and key starts (a character offset, which the templating maps back to the source) and
the text of plain scalars that are not strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from errgen.catalog.yamlcore import SERDE, Positions
from errgen.catalog.yamllib import compose
from errgen.conform.jsonvalue import Json

JsonPointer: TypeAlias = tuple[str | int, ...]


@dataclass
class Located:
    """A JSON value, where each value (and mapping key) starts, and the text of plain scalars.

    serde_yaml reads an enum variant from a scalar's text, so `type: null` names the `null`
    JSON type; `plain` keeps that text for `Reader.choice`.
    """

    value: Json = None
    values: dict[JsonPointer, int] = field(default_factory=dict)
    keys: dict[JsonPointer, int] = field(default_factory=dict)
    plain: dict[JsonPointer, str] = field(default_factory=dict)  # source text of plain scalars


@dataclass(frozen=True)
class YamlProblem:
    """A YAML-level error at character offset `index`."""

    index: int
    message: str
    first_index: int | None = None  # for duplicates: where the key was first defined
    syntax: bool = False  # the text is not YAML at all (nothing was loaded)


def load(text: str) -> tuple[Located, list[YamlProblem]]:
    """Parse `text` into a located JSON value, collecting every problem found."""
    starts = [0] + [i + 1 for i, char in enumerate(text) if char == "\n"]

    def offset(line: int, col: int) -> int:  # 1-based line and column → character offset
        return starts[line - 1] + col - 1 if 0 < line <= len(starts) else 0

    plain: dict[int, str] = {}
    read = compose(text, "", SERDE, plain)
    failed = read.positions is None
    problems = [
        YamlProblem(offset(p.loc.line, p.loc.col), p.message, offset(p.first.line, p.first.col), failed)
        if p.first
        else YamlProblem(offset(p.loc.line, p.loc.col), p.message, None, failed)
        for p in read.problems
    ]
    located = Located(read.data)
    if read.positions is not None and read.positions.root is not None:
        _record(located, read.data, (), read.positions.root, read.positions, plain, starts)
    return located, problems


def _record(
    out: Located, value: Any, path: JsonPointer, packed: int, positions: Positions, plain: dict[int, str],
    starts: list[int],
) -> None:  # fmt: skip
    """Note where `value` (at `path`, starting at `packed`) and everything inside it start."""
    out.values[path] = starts[packed >> 32] + (packed & 0xFFFFFFFF)
    if packed in plain:
        out.plain[path] = plain[packed]
    inner = positions.of.get(id(value))
    if inner is None:
        return
    if isinstance(value, dict):
        for slot, (key, item) in enumerate(value.items()):
            key_at = inner[2 * slot]
            out.keys[(*path, key)] = starts[key_at >> 32] + (key_at & 0xFFFFFFFF)
            _record(out, item, (*path, key), inner[2 * slot + 1], positions, plain, starts)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _record(out, item, (*path, index), inner[index], positions, plain, starts)
