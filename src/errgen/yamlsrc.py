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
"""

from __future__ import annotations

import math
import re
import stat
from pathlib import Path
from typing import Any, ClassVar

import yaml

from errgen.diagnostics import Diagnostics, Loc

MAX_BYTES = 32 * 1024 * 1024
MAX_ALIAS_GROWTH = 4
MAX_EVENTS = 2_000_000
MAX_DEPTH = 64

JsonPath = tuple[str | int, ...]

_BaseLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Yaml12Loader(_BaseLoader):  # type: ignore[misc]
    """SafeLoader with the YAML 1.2 core schema's implicit scalar resolution."""

    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {}


def _add(tag: str, pattern: str, first: str) -> None:
    Yaml12Loader.add_implicit_resolver(tag, re.compile(pattern, re.X), list(first))


_add("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_add("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN")
Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^$"), [""])
_add("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789")
_add(
    "tag:yaml.org,2002:float",
    r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
    "-+0123456789.",
)

_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"


class Document:
    """A loaded YAML file: its data, and positions of values and keys resolved on demand.

    Positions come from the composed node tree, indexed lazily per mapping, so a
    large catalog pays nothing for positions until an error needs one.
    """

    def __init__(self, path: str, data: Any, root: yaml.Node | None) -> None:
        self.path, self.data, self.root = path, data, root
        self._index: dict[int, dict[str, tuple[yaml.Node, yaml.Node]]] = {}

    def _mark(self, node: yaml.Node) -> Loc:
        return Loc(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def _entries(self, node: yaml.MappingNode) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        index = self._index.get(id(node))
        if index is None:
            index = {}
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    index.setdefault(key.value, (key, value))
            self._index[id(node)] = index
        return index

    def _walk(self, path: JsonPath) -> tuple[yaml.Node | None, yaml.Node | None]:
        """(key node, value node) at `path`, stopping at the deepest existing node."""
        key_node, node = None, self.root
        for part in path:
            if isinstance(node, yaml.MappingNode) and isinstance(part, str) and part in self._entries(node):
                key_node, node = self._entries(node)[part]
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
                key_node, node = None, node.value[part]
            else:
                return None, node
        return key_node, node

    def loc(self, path: JsonPath) -> Loc:
        """Position of the value at `path`, or of its nearest existing ancestor."""
        node = self._walk(path)[1]
        return self._mark(node) if node is not None else Loc(self.path, 1, 1)

    def key_loc(self, path: JsonPath) -> Loc:
        """Position of the mapping key whose value sits at `path` (else of the value)."""
        key_node = self._walk(path)[0]
        return self._mark(key_node) if key_node is not None else self.loc(path)


class _TooBig(Exception):
    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc, self.message = loc, message


class _Builder:
    """Convert a composed node tree to plain data, recording problems as diagnostics."""

    def __init__(self, path: str, diags: Diagnostics) -> None:
        self.path, self.diags = path, diags

    def mark(self, node: yaml.Node) -> Loc:
        return Loc(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: yaml.Node, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise _TooBig(self.mark(node), f"nesting deeper than {MAX_DEPTH} levels")
        cls = node.__class__
        if cls is yaml.ScalarNode:
            return node.value if node.tag == _STR else self.scalar(node)
        if cls is yaml.SequenceNode:
            if node.tag != _SEQ:
                self.diags.error(self.mark(node), f"unsupported tag {node.tag!r}")
            return [self.build(item, depth + 1) for item in node.value]
        return self.mapping(node, depth)  # type: ignore[arg-type]

    def mapping(self, node: yaml.MappingNode, depth: int) -> dict[str, Any]:
        if node.tag != _MAP:
            self.diags.error(self.mark(node), f"unsupported tag {node.tag!r}")
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.__class__ is yaml.ScalarNode and key_node.tag == _STR:
                key = key_node.value
            elif not self.bad_key(key_node):
                continue
            else:
                scalar = self.scalar(key_node)
                key = str(scalar).lower() if isinstance(scalar, bool) else str(scalar)
            if key in out:
                first = next(k for k, _ in node.value if isinstance(k, yaml.ScalarNode) and str(k.value) == key)
                prev = self.mark(first)
                where = f"first defined at {prev.line}:{prev.col}"
                self.diags.error(self.mark(key_node), f"duplicate key {key!r} ({where})")
                continue
            out[key] = self.build(value_node, depth + 1)
        return out

    def bad_key(self, key_node: yaml.Node) -> bool:
        """Report a non-string key; True when it is a scalar that can stand in as text."""
        kloc = self.mark(key_node)
        if key_node.tag == "tag:yaml.org,2002:merge":
            self.diags.error(kloc, "merge keys ('<<') are not supported; write the keys out")
            return False
        if not isinstance(key_node, yaml.ScalarNode):
            self.diags.error(kloc, "mapping key 'a complex key' is not a string; quote it")
            return False
        shown = self.scalar(key_node)
        self.diags.error(kloc, f"mapping key {shown!r} is not a string; quote it")
        return isinstance(shown, int | float | bool)

    def scalar(self, node: yaml.Node) -> Any:
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        if tag == "tag:yaml.org,2002:null":
            return None
        if tag == "tag:yaml.org,2002:bool":
            return value.lower() == "true"
        try:
            if tag == "tag:yaml.org,2002:int":
                return int(value, 0) if value[:2] in ("0o", "0x") else int(value)
            number = float(value.lower().replace(".inf", "inf").replace(".nan", "nan")) if tag.endswith(":float") else 0
        except ValueError:
            self.diags.error(self.mark(node), f"number {value[:40]!r} cannot be represented in JSON")
            return None
        if tag == "tag:yaml.org,2002:float":
            if not math.isfinite(number):
                self.diags.error(self.mark(node), f"non-finite number {value!r} cannot be represented in JSON")
                return None
            return number
        self.diags.error(self.mark(node), f"unsupported tag {tag!r}")
        return None


def read_text(path: Path, display: str, diags: Diagnostics) -> str | None:
    """Read `path` as UTF-8 text, recording a positioned error instead of raising."""
    try:
        if path.is_dir():
            diags.error(Loc(display), "is a directory, expected a YAML file")
            return None
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            diags.error(Loc(display), f"is not a regular file ({path.resolve()}), expected a YAML file")
            return None
        if info.st_size > MAX_BYTES:
            diags.error(Loc(display), f"file is too large ({info.st_size} bytes; the limit is {MAX_BYTES} bytes)")
            return None
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            diags.error(Loc(display), f"file is too large (the limit is {MAX_BYTES} bytes)")
            return None
    except OSError as exc:
        diags.error(Loc(display), f"cannot read file: {exc.strerror or exc}")
        return None
    return decode(raw, display, diags)


def decode(raw: bytes, display: str, diags: Diagnostics) -> str | None:
    """Decode UTF-8 (BOM allowed), pointing at the first invalid byte on failure."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        diags.error(Loc(display, line, col), f"invalid UTF-8 byte 0x{raw[exc.start]:02x}; save the file as UTF-8")
        return None


def _event_loc(display: str, event: yaml.Event) -> Loc:
    mark = event.start_mark
    return Loc(display, mark.line + 1, mark.column + 1) if mark is not None else Loc(display)


def _bounded(text: str, display: str) -> None:
    """Reject documents nested too deeply or too large before composing them (libyaml recurses)."""
    depth = events = 0
    for event in yaml.parse(text, Loader=Yaml12Loader):
        events += 1
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise _TooBig(_event_loc(display, event), f"nesting deeper than {MAX_DEPTH} levels")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if events > MAX_EVENTS:
            raise _TooBig(_event_loc(display, event), f"more than {MAX_EVENTS} YAML values")


def parse_yaml(text: str, display: str, diags: Diagnostics) -> Document | None:
    """Parse YAML text into a `Document`; on failure record errors and return None."""
    try:
        _bounded(text, display)
        node = yaml.compose(text, Loader=Yaml12Loader)
    except _TooBig as exc:
        diags.error(exc.loc, exc.message)
        return None
    except yaml.reader.ReaderError as exc:
        before = text[: exc.position]
        line, col = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
        diags.error(Loc(display, line, col), f"invalid YAML: control character #x{exc.character:04x} is not allowed")
        return None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(display, mark.line + 1, mark.column + 1) if mark else Loc(display)
        problem = exc.problem or exc.context or "invalid YAML"
        if mark and mark.index < len(text) and text[mark.index] == "\t":
            problem = "tab character; YAML indentation must use spaces"
        diags.error(loc, f"invalid YAML: {problem}")
        return None
    except yaml.YAMLError as exc:
        diags.error(Loc(display), f"invalid YAML: {exc}")
        return None
    except RecursionError:
        diags.error(Loc(display), "invalid YAML: nesting is too deep")
        return None
    if node is None:
        return Document(display, None, None)
    builder = _Builder(display, diags)
    if "&" in text:  # anchors (and so aliases) are possible: bound their expansion
        distinct: dict[int, int] = {}
        expanded = _expanded_size(node, distinct)
        if expanded > MAX_ALIAS_GROWTH * len(distinct) + 10_000:
            message = f"aliases expand the document to {expanded} nodes (alias bomb?); write values out"
            diags.error(Loc(display), message)
            return None
    try:
        data = builder.build(node, 0)
    except _TooBig as exc:
        diags.error(exc.loc, exc.message)
        return None
    return Document(display, data, node)


def _expanded_size(node: yaml.Node, memo: dict[int, int]) -> int:
    """Node count after alias expansion, memoised per node so aliases cost nothing to count."""
    known = memo.get(id(node))
    if known is not None:
        return known
    memo[id(node)] = 1  # guards recursive aliases
    size = 1
    if isinstance(node, yaml.SequenceNode):
        size += sum(_expanded_size(child, memo) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        size += sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.value)
    memo[id(node)] = size
    return size


def load_yaml(path: Path, display: str, diags: Diagnostics) -> Document | None:
    """Read and parse one YAML file; None when it could not be read or parsed."""
    text = read_text(path, display, diags)
    return None if text is None else parse_yaml(text, display, diags)
