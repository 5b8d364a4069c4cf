"""Safe YAML loading with source positions.

`load_yaml` turns a file into plain JSON-like data plus a map from each value's
JSON path to its 1-based position, so later stages can report
``file:line:col`` for any value. Rules beyond PyYAML's safe loader:

* YAML 1.2 core scalars: only ``true``/``false`` are booleans (``yes``/``no``/``on``
  stay strings), no timestamps, no sexagesimal numbers.
* Duplicate keys, non-string keys, merge keys, custom tags and non-finite floats
  are errors (PyYAML silently keeps the last duplicate; errgen does not).
* Bounded cost: file size, alias expansion (billion laughs) and nesting depth are
  capped, and every failure becomes a diagnostic, never a traceback.

The reading itself is `yamllib` (libyaml's events composed in one pass, errgen's one
YAML reader, which also reads conformance packs) with the scalar rules of `yamlcore`.
This module holds the `Document`; reading and decoding a file is `textfile`'s (re-exported here).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from errgen.catalog import yamllib
from errgen.catalog.diagnostics import Diagnostics, Loc
from errgen.catalog.textfile import MAX_BYTES, decode, read_text
from errgen.catalog.yamlcore import Positions, unpack

__all__ = ["MAX_BYTES", "Document", "JsonPath", "decode", "load_yaml", "parse_yaml", "read_text"]

JsonPath = tuple[str | int, ...]


class Files(Protocol):
    """Where a catalog's referenced files are read from."""

    def read(self, rel: str) -> bytes | None:
        """The bytes of the file at `rel` (a checked relative path); None when it does not exist.

        Raises:
            OSError: when the file exists but cannot be read (or is not a regular file).
        """
        ...

    def shown(self, rel: str) -> str:
        """How diagnostics name the file at `rel`."""
        ...


class Document:
    """A loaded YAML file: its data, and the positions of its keys and values.

    Positions are recorded while the file is parsed, packed into one integer
    array per collection (``line << 32 | column``, key and value interleaved for
    mappings), and looked up by JSON path only when a message needs one.
    `rejected` holds the paths the catalog schema rejected (set by `load.check_shape`):
    the compiler skips them, and whatever refers to them, instead of stopping.
    `files` reads the files the catalog refers to (tool schemas); None for text in memory.
    """

    def __init__(self, path: str, data: Any, positions: Positions | None = None) -> None:
        self.path, self.data = path, data
        self.rejected: frozenset[JsonPath] = frozenset()
        self.damaged: frozenset[Loc] = frozenset()  # where the reader reported a value it could not take
        self.files: Files | None = None
        # The catalog's translation files, (tag in the file name, file), when the reader of the catalog gave them;
        # else `compile_locales` reads the ones beside `source`, the file this document was read from (if any).
        self.translations: list[tuple[str, Document]] | None = None
        self.source: Path | None = None
        self._positions = positions or Positions()
        self._order: dict[int, dict[str, int]] = {}

    def _at(self, packed: int) -> Loc:
        return unpack(self.path, packed)

    def _slot(self, mapping: dict[str, Any], key: str) -> int:
        order = self._order.get(id(mapping))
        if order is None:
            order = self._order[id(mapping)] = {k: i for i, k in enumerate(mapping)}
        return order[key]

    def _walk(self, path: JsonPath) -> tuple[int | None, int | None]:
        """Packed (key, value) positions at `path`, stopping at the deepest located value."""
        node, key_pos, value_pos = self.data, None, self._positions.root
        for part in path:
            packed = self._positions.of.get(id(node))
            if packed is None:
                break
            if isinstance(node, dict) and isinstance(part, str) and part in node:
                slot = 2 * self._slot(node, part)
                key_pos, value_pos, node = packed[slot], packed[slot + 1], node[part]
            elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                key_pos, value_pos, node = None, packed[part], node[part]
            else:
                return None, value_pos
        return key_pos, value_pos

    def loc(self, path: JsonPath) -> Loc:
        """Position of the value at `path`, or of its nearest existing ancestor."""
        value_pos = self._walk(path)[1]
        return self._at(value_pos) if value_pos is not None else Loc(self.path, 1, 1)

    def child_loc(self, container: dict[str, Any] | list[Any], index: int, *, key: bool = False) -> Loc:
        """Position of the `index`-th value (or, with `key`, its key) of a mapping or list of this document.

        The same as `loc` / `key_loc` of that child's path, without walking the path.
        """
        packed = self._positions.of.get(id(container))
        if packed is None:
            return Loc(self.path, 1, 1)
        return self._at(packed[2 * index + (not key) if container.__class__ is dict else index])

    def key_loc(self, path: JsonPath) -> Loc:
        """Position of the mapping key whose value sits at `path` (else of the value)."""
        key_pos = self._walk(path)[0]
        return self._at(key_pos) if key_pos is not None else self.loc(path)


def parse_yaml(text: str, display: str, diags: Diagnostics) -> Document | None:
    """Parse YAML text into a `Document`; on failure record errors and return None.

    A value the reader could not take (a non-finite number) reads as null, and its position is kept in
    `Document.damaged` so that no later stage reports that null again.
    """
    read = yamllib.compose(text, display)
    for problem in read.problems:
        diags.error(problem.loc, problem.text())
    if read.positions is None:
        return None
    doc = Document(display, read.data, read.positions)
    doc.damaged = frozenset(problem.loc for problem in read.problems)
    return doc


def load_yaml(path: Path, display: str, diags: Diagnostics) -> Document | None:
    """Read and parse one YAML file; None when it could not be read or parsed."""
    text = read_text(path, display, diags)
    return None if text is None else parse_yaml(text, display, diags)
