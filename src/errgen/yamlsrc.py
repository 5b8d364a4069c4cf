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
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from errgen import yamlfast
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

_RESOLVERS: dict[str | None, list[tuple[str, re.Pattern[str]]]] = Yaml12Loader.yaml_implicit_resolvers
_RESOLVED_FIRST = frozenset(first for first in _RESOLVERS if first)  # first characters of non-strings

_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"


class Document:
    """A loaded YAML file: its data, and the positions of its keys and values.

    Positions are recorded while the file is parsed, packed into one integer
    array per collection (``line << 32 | column``, key and value interleaved for
    mappings), and looked up by JSON path only when a message needs one.
    """

    def __init__(self, path: str, data: Any, positions: _Positions | None = None) -> None:
        self.path, self.data = path, data
        self._positions = positions or _Positions()
        self._order: dict[int, dict[str, int]] = {}

    def _at(self, packed: int) -> Loc:
        return _unpack(self.path, packed)

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


def _unpack(path: str, packed: int) -> Loc:
    """The 1-based position of a packed ``line << 32 | column`` (both 0-based)."""
    return Loc(path, (packed >> 32) + 1, (packed & 0xFFFFFFFF) + 1)


class _Positions:
    """Packed source positions of one document: the root's, and each collection's by ``id``."""

    __slots__ = ("of", "root")

    def __init__(self) -> None:
        self.root: int | None = None
        self.of: dict[int, Sequence[int]] = {}


class _Abort(Exception):
    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc, self.message = loc, message


_NO_KEY: Any = object()  # a mapping frame waiting for its next key
_SKIP: Any = object()  # a mapping frame whose current key was rejected
_COLLECTION = "collection"  # the "tag" of a completed collection, for key checks


class _Frame:
    """An open collection while its events stream in."""

    __slots__ = ("anchor", "is_map", "key", "key_pos", "packed", "pos", "size", "value")

    def __init__(self, value: Any, is_map: bool, anchor: str | None, pos: int) -> None:
        self.value, self.is_map, self.anchor, self.pos = value, is_map, anchor, pos
        self.key, self.key_pos, self.size = _NO_KEY, 0, 1
        self.packed: array[int] = array("q")


class _Composer:
    """Build plain data straight from libyaml's events, in one pass with bounded depth.

    Recording problems instead of raising, it applies errgen's rules: YAML 1.2 core
    scalars, string keys only, no duplicate keys, no tags beyond the core ones,
    at most `MAX_DEPTH` levels and `MAX_EVENTS` events, and aliases that expand
    the document at most `MAX_ALIAS_GROWTH`-fold (billion laughs).
    """

    def __init__(self, display: str) -> None:
        self.display = display
        self.errors: list[tuple[Loc, str]] = []
        self.positions = _Positions()
        self.anchors: dict[str, tuple[Any, str, int]] = {}  # name → (value, tag, expanded size)
        self.root: Any = None
        self.nodes = self.expanded = 0  # distinct nodes, and nodes once aliases are expanded

    def loc(self, packed: int) -> Loc:
        return _unpack(self.display, packed)

    def compose(self, text: str) -> Any:
        """The document's data (None when empty); raises `_Abort` or a `yaml.YAMLError`."""
        get = Yaml12Loader(text).get_event
        stack: list[_Frame] = []
        events = scalars = 0
        while True:
            event = get()
            cls = event.__class__
            events += 1
            if events > MAX_EVENTS:
                raise _Abort(_event_loc(self.display, event), f"more than {MAX_EVENTS} YAML values")
            if cls is ScalarEvent:
                mark = event.start_mark
                pos = mark.line << 32 | mark.column
                value = event.value
                tag = event.tag
                if tag is None and (not event.implicit[0] or (value and value[0] not in _RESOLVED_FIRST)):
                    tag = _STR  # quoted, or plain and not resolvable to another type (`scalar`, inlined)
                else:
                    value, tag = self.scalar(event, pos)
                scalars += 1
                if event.anchor is not None:
                    self.anchors[event.anchor] = (value, tag, 1)
                if not stack:
                    self.attach(stack, value, tag, pos, 1)
                    continue
                top = stack[-1]  # `attach`, inlined for a scalar
                top.size += 1
                if not top.is_map:
                    top.value.append(value)
                    top.packed.append(pos)
                elif top.key is _NO_KEY:
                    if tag is _STR and value not in top.value:
                        top.key, top.key_pos = value, pos
                    else:
                        top.key, top.key_pos = self.key(top, value, tag, pos), pos
                elif top.key is _SKIP:
                    top.key = _NO_KEY
                else:
                    top.value[top.key] = value
                    top.packed.append(top.key_pos)
                    top.packed.append(pos)
                    top.key = _NO_KEY
            elif self.structure(stack, event, cls):
                break
        self.nodes += scalars
        if self.expanded > MAX_ALIAS_GROWTH * self.nodes + 10_000:
            message = f"aliases expand the document to {self.expanded} nodes (alias bomb?); write values out"
            raise _Abort(Loc(self.display), message)
        return self.root

    def structure(self, stack: list[_Frame], event: Any, cls: type) -> bool:
        """Apply an event other than a scalar; True at the end of the stream."""
        if cls is MappingStartEvent or cls is SequenceStartEvent:
            self.open(stack, event, cls is MappingStartEvent)
        elif cls is MappingEndEvent or cls is SequenceEndEvent:
            frame = stack.pop()
            self.positions.of[id(frame.value)] = frame.packed
            if frame.anchor is not None:
                self.anchors[frame.anchor] = (frame.value, _COLLECTION, frame.size)
            self.attach(stack, frame.value, _COLLECTION, frame.pos, frame.size)
        elif cls is AliasEvent:
            mark = event.start_mark
            pos = mark.line << 32 | mark.column
            value, tag, size = self.alias(event.anchor, pos, stack)
            self.attach(stack, value, tag, pos, size)
        elif cls is DocumentStartEvent and self.positions.root is not None:
            raise yaml.composer.ComposerError(
                "expected a single document in the stream", None, "but found another document", event.start_mark
            )
        return cls is StreamEndEvent

    def open(self, stack: list[_Frame], event: Any, is_map: bool) -> None:
        mark = event.start_mark
        pos = mark.line << 32 | mark.column
        if len(stack) >= MAX_DEPTH:
            raise _Abort(self.loc(pos), f"nesting deeper than {MAX_DEPTH} levels")
        if event.tag not in (None, "!", _MAP if is_map else _SEQ):
            self.errors.append((self.loc(pos), f"unsupported tag {event.tag!r}"))
        stack.append(_Frame({} if is_map else [], is_map, event.anchor, pos))
        self.nodes += 1

    def attach(self, stack: list[_Frame], value: Any, tag: str, pos: int, size: int) -> None:
        """Put a completed node into its parent (as an item, a key, or a key's value)."""
        if not stack:
            self.root, self.positions.root, self.expanded = value, pos, size
            return
        top = stack[-1]
        top.size += size
        if not top.is_map:
            top.value.append(value)
            top.packed.append(pos)
        elif top.key is _NO_KEY:
            top.key, top.key_pos = self.key(top, value, tag, pos), pos
        else:
            if top.key is not _SKIP:
                top.value[top.key] = value
                top.packed.append(top.key_pos)
                top.packed.append(pos)
            top.key = _NO_KEY

    def alias(self, name: str, pos: int, stack: list[_Frame]) -> tuple[Any, str, int]:
        if name in self.anchors:
            return self.anchors[name]
        if any(frame.anchor == name for frame in stack):
            raise _Abort(self.loc(pos), f"alias *{name} is inside the node it names (a recursive alias)")
        raise _Abort(self.loc(pos), f"invalid YAML: found undefined alias {name!r}")

    def key(self, frame: _Frame, value: Any, tag: str, pos: int) -> Any:
        """The mapping key a completed node stands for, or `_SKIP` (reported)."""
        if tag == _STR:
            if value in frame.value:
                first = self.loc(frame.packed[2 * list(frame.value).index(value)])
                self.errors.append(
                    (self.loc(pos), f"duplicate key {value!r} (first defined at {first.line}:{first.col})")
                )
                return _SKIP
            return value
        if tag == "tag:yaml.org,2002:merge":
            self.errors.append((self.loc(pos), "merge keys ('<<') are not supported; write the keys out"))
            return _SKIP
        if tag == _COLLECTION:
            self.errors.append((self.loc(pos), "mapping key 'a complex key' is not a string; quote it"))
            return _SKIP
        self.errors.append((self.loc(pos), f"mapping key {value!r} is not a string; quote it"))
        if not isinstance(value, int | float | bool):
            return _SKIP
        return self.key(frame, str(value).lower() if isinstance(value, bool) else str(value), _STR, pos)

    def scalar(self, event: yaml.ScalarEvent, pos: int) -> tuple[Any, str]:
        """A scalar's value and resolved tag, by the YAML 1.2 core schema."""
        value: str = event.value
        tag = event.tag
        if tag is None and event.implicit[0]:
            if value and value[0] not in _RESOLVED_FIRST:
                return value, _STR
            tag = _resolve(value)
        elif tag is None or tag == "!":
            return value, _STR
        if tag == _STR:
            return value, tag
        return self.convert(tag, value, pos), tag

    def convert(self, tag: str, value: str, pos: int) -> Any:
        if tag == "tag:yaml.org,2002:null":
            return None
        if tag == "tag:yaml.org,2002:bool":
            return value.lower() == "true"
        try:
            if tag == "tag:yaml.org,2002:int":
                return int(value, 0) if value[:2] in ("0o", "0x") else int(value)
            number = float(value.lower().replace(".inf", "inf").replace(".nan", "nan")) if tag.endswith(":float") else 0
        except ValueError:
            self.errors.append((self.loc(pos), f"number {value[:40]!r} cannot be represented in JSON"))
            return None
        if tag == "tag:yaml.org,2002:float":
            if not math.isfinite(number):
                self.errors.append((self.loc(pos), f"non-finite number {value!r} cannot be represented in JSON"))
                return None
            return number
        self.errors.append((self.loc(pos), f"unsupported tag {tag!r}"))
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


def _resolve(value: str) -> str:
    """The implicit tag of a plain scalar (PyYAML's resolver, for the 1.2 core patterns)."""
    for tag, pattern in _RESOLVERS.get(value[:1], ()):
        if pattern.match(value):
            return tag
    return _STR


def parse_yaml(text: str, display: str, diags: Diagnostics) -> Document | None:
    """Parse YAML text into a `Document`; on failure record errors and return None."""
    fast = read_fast(text, display)
    if fast is not None:
        return fast
    composer = _Composer(display)
    try:
        data = composer.compose(text)
    except _Abort as exc:
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
    for loc, message in composer.errors:
        diags.error(loc, message)
    return Document(display, data, composer.positions)


def read_fast(text: str, display: str) -> Document | None:
    """`yamlfast`'s reading of `text`, or None where it gives up (and the libyaml path decides)."""
    composer = _Composer(display)  # for its number conversion, which records what it cannot represent
    resolved: dict[str, Any] = {}  # catalogs repeat their numbers and booleans

    def scalar(value: str) -> Any:
        if value in resolved:
            return resolved[value]
        tag = _resolve(value)
        result = value if tag == _STR else composer.convert(tag, value, 0)
        if composer.errors:
            raise yamlfast.GiveUp
        resolved[value] = result
        return result

    reader = yamlfast.Reader(scalar, _RESOLVED_FIRST, MAX_DEPTH, (MAX_EVENTS - 4) // 5)  # ≤ 5 events a value
    try:
        data = reader.read(text)
    except yamlfast.GiveUp:
        return None
    positions = _Positions()
    positions.root, positions.of = reader.root_pos, dict(reader.of)
    return Document(display, data, positions)


def load_yaml(path: Path, display: str, diags: Diagnostics) -> Document | None:
    """Read and parse one YAML file; None when it could not be read or parsed."""
    text = read_text(path, display, diags)
    return None if text is None else parse_yaml(text, display, diags)
