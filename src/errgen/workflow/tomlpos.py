"""Source positions of the keys and values of a TOML file (tomllib gives none).

`config.py` reads ``[tool.errgen]`` with tomllib and reports its mistakes as
``pyproject.toml:line:col``. The positions come from tree-sitter's TOML grammar, run only
then, over text tomllib has already accepted: every table header, key (dotted or
quoted, in a table, an inline table or an array of tables) and array item is mapped
from its key path to where its key and its value start. Columns count characters.
"""

from __future__ import annotations

import tomllib
from typing import Any

from errgen.catalog.diagnostics import Loc

TomlPath = tuple[str | int, ...]
_KEYS = ("bare_key", "quoted_key", "dotted_key")


class TomlPositions:
    """Where each key path of one TOML text is written."""

    def __init__(self, text: str, display: str) -> None:
        import tree_sitter
        import tree_sitter_toml

        self.display = display
        self._source = text.encode("utf-8")
        self._lines = self._source.split(b"\n")
        self._keys: dict[TomlPath, Loc] = {}
        self._values: dict[TomlPath, Loc] = {}
        self._tables: dict[TomlPath, int] = {}
        parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_toml.language()))
        self._document(parser.parse(self._source).root_node)

    def key(self, path: TomlPath) -> Loc:
        """Position of the key at `path` (of an array item: the item), else of its nearest written ancestor."""
        return self._find(self._keys, path)

    def value(self, path: TomlPath) -> Loc:
        """Position of the value at `path` (of a table: its header), else of its nearest written ancestor."""
        return self._find(self._values, path)

    def _find(self, where: dict[TomlPath, Loc], path: TomlPath) -> Loc:
        for end in range(len(path), 0, -1):
            if path[:end] in where:
                return where[path[:end]]
        return Loc(self.display, 1, 1)

    # -- walking the syntax tree ---------------------------------------------

    def _document(self, root: Any) -> None:
        for node in root.named_children:
            if node.type == "pair":
                self._pair(node, ())
            elif node.type in ("table", "table_array_element"):
                self._table(node)

    def _table(self, node: Any) -> None:
        header = next(c for c in node.named_children if c.type in _KEYS)
        path = self._key_path(header, ())
        if node.type == "table_array_element":
            index = self._tables.get(path, 0)
            self._tables[path] = index + 1
            path = (*path, index)
            self._mark(path, header, header)
        for child in node.named_children:
            if child.type == "pair":
                self._pair(child, path)

    def _pair(self, node: Any, table: TomlPath) -> None:
        key, value = (c for c in node.named_children if c.type != "comment")
        self._item(self._key_path(key, table, last=False), key, value)

    def _item(self, path: TomlPath, key: Any, value: Any) -> None:
        self._mark(path, _last_segment(key), value)
        if value.type == "inline_table":
            for pair in value.named_children:
                if pair.type == "pair":
                    self._pair(pair, path)
        elif value.type == "array":
            items = [c for c in value.named_children if c.type != "comment"]
            for i, item in enumerate(items):
                self._item((*path, i), item, item)

    def _key_path(self, key: Any, prefix: TomlPath, *, last: bool = True) -> TomlPath:
        """The full path of a (dotted) key under `prefix`, marking each segment not yet seen.

        The last segment is marked too when `last` (a table header: its value is the header).
        """
        path = prefix
        segments = _segments(key)
        for i, segment in enumerate(segments):
            path = (*path, self._name(segment))
            if last or i < len(segments) - 1:
                self._keys.setdefault(path, self._loc(segment))
                self._values.setdefault(path, self._loc(segment))
        return path

    def _mark(self, path: TomlPath, key: Any, value: Any) -> None:
        self._keys[path] = self._loc(key)
        self._values[path] = self._loc(value)

    def _name(self, segment: Any) -> str:
        text = self._source[segment.start_byte : segment.end_byte].decode("utf-8")
        if segment.type == "bare_key":
            return text
        [name] = tomllib.loads(f"{text} = 0")  # a quoted key, unescaped by the reference parser
        return name

    def _loc(self, node: Any) -> Loc:
        row, column = node.start_point
        line = self._lines[row][:column].decode("utf-8", "replace")
        return Loc(self.display, row + 1, len(line) + 1)


def _segments(key: Any) -> list[Any]:
    """The bare and quoted keys of a (dotted) key, in order."""
    if key.type != "dotted_key":
        return [key]
    return [s for child in key.named_children if child.type in _KEYS for s in _segments(child)]


def _last_segment(key: Any) -> Any:
    return _segments(key)[-1] if key.type in _KEYS else key
