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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from errgen.diagnostics import Diagnostics, Loc

MAX_BYTES = 32 * 1024 * 1024
MAX_ALIAS_GROWTH = 4
MAX_DEPTH = 64

JsonPath = tuple[str | int, ...]

_BaseLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Yaml12Loader(_BaseLoader):  # type: ignore[misc]
    """SafeLoader with the YAML 1.2 core schema's implicit scalar resolution."""

    yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}


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


@dataclass(frozen=True)
class Document:
    """A loaded YAML file: its data and where each value and key came from."""

    path: str
    data: Any
    locs: dict[JsonPath, Loc] = field(default_factory=dict)
    key_locs: dict[JsonPath, Loc] = field(default_factory=dict)

    def loc(self, path: JsonPath) -> Loc:
        """Position of the value at `path`, or of its nearest located ancestor."""
        while path not in self.locs and path:
            path = path[:-1]
        return self.locs.get(path, Loc(self.path, 1, 1))

    def key_loc(self, path: JsonPath) -> Loc:
        """Position of the mapping key whose value sits at `path`."""
        return self.key_locs.get(path) or self.loc(path)


class _TooBig(Exception):
    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc, self.message = loc, message


class _Builder:
    """Convert a composed node tree to data, recording positions and problems."""

    def __init__(self, path: str, diags: Diagnostics) -> None:
        self.path, self.diags = path, diags
        self.locs: dict[JsonPath, Loc] = {}
        self.key_locs: dict[JsonPath, Loc] = {}

    def mark(self, node: yaml.Node) -> Loc:
        return Loc(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: yaml.Node, path: JsonPath) -> Any:
        if len(path) > MAX_DEPTH:
            raise _TooBig(self.mark(node), f"nesting deeper than {MAX_DEPTH} levels")
        self.locs[path] = self.mark(node)
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                self.diags.error(self.mark(node), f"unsupported tag {node.tag!r}")
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        return self.scalar(node)

    def mapping(self, node: yaml.MappingNode, path: JsonPath) -> dict[str, Any]:
        if node.tag != _MAP:
            self.diags.error(self.mark(node), f"unsupported tag {node.tag!r}")
        out: dict[str, Any] = {}
        first: dict[str, Loc] = {}
        for key_node, value_node in node.value:
            key = self.scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            kloc = self.mark(key_node)
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.diags.error(kloc, "merge keys ('<<') are not supported; write the keys out")
                continue
            if not isinstance(key, str):
                shown = key if isinstance(key, int | float | bool) else "a complex key"
                self.diags.error(kloc, f"mapping key {shown!r} is not a string; quote it")
                if not isinstance(key, int | float | bool):
                    continue
                key = str(key).lower() if isinstance(key, bool) else str(key)
            if key in first:
                prev = first[key]
                self.diags.error(kloc, f"duplicate key {key!r} (first defined at {prev.line}:{prev.col})")
                continue
            first[key] = kloc
            self.key_locs[(*path, key)] = kloc
            out[key] = self.build(value_node, (*path, key))
        return out

    def scalar(self, node: yaml.Node) -> Any:
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        if tag == "tag:yaml.org,2002:null":
            return None
        if tag == "tag:yaml.org,2002:bool":
            return value.lower() == "true"
        if tag == "tag:yaml.org,2002:int":
            return int(value, 0) if value[:2] in ("0o", "0x") else int(value)
        if tag == "tag:yaml.org,2002:float":
            number = float(value.replace(".inf", "inf").replace(".Inf", "inf").replace(".INF", "inf"))
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
        size = path.stat().st_size
        if size > MAX_BYTES:
            diags.error(Loc(display), f"file is too large ({size} bytes; the limit is {MAX_BYTES} bytes)")
            return None
        raw = path.read_bytes()
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


def parse_yaml(text: str, display: str, diags: Diagnostics) -> Document | None:
    """Parse YAML text into a `Document`; on failure record errors and return None."""
    try:
        node = yaml.compose(text, Loader=Yaml12Loader)
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
        return Document(display, None, {(): Loc(display)})
    builder = _Builder(display, diags)
    distinct: dict[int, int] = {}
    expanded = _expanded_size(node, distinct)
    if expanded > MAX_ALIAS_GROWTH * len(distinct) + 10_000:
        diags.error(Loc(display), f"aliases expand the document to {expanded} nodes (alias bomb?); write values out")
        return None
    try:
        data = builder.build(node, ())
    except _TooBig as exc:
        diags.error(exc.loc, exc.message)
        return None
    return Document(display, data, builder.locs, builder.key_locs)


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
