"""errgen's one YAML reader: libyaml's events (PyYAML's C parser) composed in one pass.

Catalogs (`yamlsrc.parse_yaml`) and conformance packs (`conform/located.py`) are both
read here, each with its scalar rules (`yamlcore.CATALOG`, `yamlcore.SERDE`). It keeps
the source position of every key and value and reports every problem: syntax errors,
duplicate and non-string keys, tags, numbers the rules refuse, aliases (with a bound on
their expansion), depth and size limits.
"""

from __future__ import annotations

import re
from array import array
from typing import Any, NamedTuple

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

from errgen.catalog.diagnostics import Loc
from errgen.catalog.yamlcore import CATALOG, MAX_DEPTH, MAX_EVENTS, STR, Positions, ScalarRules, unpack

MAX_ALIAS_GROWTH = 4
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"

_BaseLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def loader_for(rules: ScalarRules) -> type[Any]:
    """A PyYAML SafeLoader resolving plain scalars by `rules` (the tests' reference composer)."""
    resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {
        first: list(types) for first, types in rules.resolvers.items()
    }
    return type(f"Loader_{rules.name}", (_BaseLoader,), {"yaml_implicit_resolvers": resolvers})


Yaml12Loader = loader_for(CATALOG)


class Problem(NamedTuple):
    """Something the rules refuse, where it is; a duplicate key also says where the key came first."""

    loc: Loc
    message: str
    first: Loc | None = None

    def text(self) -> str:
        """The message, with the first definition's position for a duplicate key."""
        return self.message + (f" (first defined at {self.first.line}:{self.first.col})" if self.first else "")


class _Abort(Exception):
    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc, self.message = loc, message


_NO_KEY: Any = object()  # a mapping frame waiting for its next key
_SKIP: Any = object()  # a mapping frame whose current key was rejected
_COLLECTION = "collection"  # the "tag" of a completed collection, for key checks


class _Frame:
    """An open collection while its events stream in."""

    __slots__ = ("anchor", "is_map", "key", "packed", "pos", "start", "value")

    def __init__(self, value: Any, is_map: bool, anchor: str | None, pos: int, start: int) -> None:
        self.value, self.is_map, self.anchor, self.pos, self.start = value, is_map, anchor, pos, start
        self.key = _NO_KEY
        self.packed: array[int] = array("q")  # a mapping's key and value positions interleaved, a list's items'


class _Composer:
    """Build plain data straight from libyaml's events, in one pass with bounded depth.

    Recording problems instead of raising, it applies errgen's rules: the scalar rules
    given, string keys only (or, by the rules, a scalar key's text), no duplicate keys,
    no tags beyond the core ones, at most `MAX_DEPTH` levels and `MAX_EVENTS` events,
    and aliases that expand the document at most `MAX_ALIAS_GROWTH`-fold (billion laughs).
    With `plain`, the source text of each plain scalar that is not a string is kept by
    its packed position.
    """

    def __init__(self, display: str, rules: ScalarRules = CATALOG, plain: dict[int, str] | None = None) -> None:
        self.display, self.rules, self.plain = display, rules, plain
        self.first = rules.first
        self.raw = ""  # the text of the scalar being attached (a key's text, for `keys_as_text`)
        self.errors: list[Problem] = []
        self.positions = Positions()
        self.anchors: dict[str, tuple[Any, str, int]] = {}  # name → (value, tag, expanded size)
        self.root: Any = None
        self.nodes = self.expanded = 0  # distinct nodes, and nodes once aliases are expanded
        # Nodes once aliases are expanded, so far: `compose` counts the scalars, this the rest (collections, and
        # what each alias names); a collection's expanded size is the count at its end less the count at its start.
        self.more = 0

    def loc(self, packed: int) -> Loc:
        return unpack(self.display, packed)

    def compose(self, text: str) -> Any:
        """The document's data (None when empty); raises `_Abort` or a `yaml.YAMLError`."""
        get = Yaml12Loader(text).get_event
        first = self.first
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
                if tag is None and (not event.implicit[0] or (value and value[0] not in first)):
                    tag = STR  # quoted, or plain and not resolvable to another type (`scalar`, inlined)
                else:
                    value, tag = self.scalar(event, pos)
                scalars += 1
                if event.anchor is not None:
                    self.anchors[event.anchor] = (value, tag, 1)
                if not stack:
                    self.attach(stack, value, tag, pos, 1)
                    continue
                top = stack[-1]  # `attach`, inlined for a scalar
                if not top.is_map:
                    top.value.append(value)
                    top.packed.append(pos)
                elif top.key is _NO_KEY:
                    if tag is STR and value not in top.value:
                        top.key = value
                        top.packed.append(pos)
                    else:
                        self.raw = event.value
                        self.take_key(top, value, tag, pos)
                elif top.key is _SKIP:
                    top.key = _NO_KEY
                else:
                    top.value[top.key] = value
                    top.packed.append(pos)
                    top.key = _NO_KEY
            elif self.structure(stack, event, cls, scalars):
                break
        self.nodes += scalars
        if self.expanded > MAX_ALIAS_GROWTH * self.nodes + 10_000:
            message = f"aliases expand the document to {self.expanded} nodes (alias bomb?); write values out"
            raise _Abort(Loc(self.display), message)
        return self.root

    def structure(self, stack: list[_Frame], event: Any, cls: type, scalars: int) -> bool:
        """Apply an event other than a scalar (`scalars` read so far); True at the end of the stream."""
        if cls is MappingStartEvent or cls is SequenceStartEvent:
            self.open(stack, event, cls is MappingStartEvent, scalars + self.more)
            self.more += 1
        elif cls is MappingEndEvent or cls is SequenceEndEvent:
            frame = stack.pop()
            self.positions.of[id(frame.value)] = frame.packed
            size = scalars + self.more - frame.start
            if frame.anchor is not None:
                self.anchors[frame.anchor] = (frame.value, _COLLECTION, size)
            self.attach(stack, frame.value, _COLLECTION, frame.pos, size)
        elif cls is AliasEvent:
            mark = event.start_mark
            pos = mark.line << 32 | mark.column
            value, tag, size = self.alias(event.anchor, pos, stack)
            self.more += size
            self.raw = ""  # an alias's text is not kept (it may name a collection of any size)
            self.attach(stack, value, tag, pos, size)
        elif cls is DocumentStartEvent and self.positions.root is not None:
            raise yaml.composer.ComposerError(
                "expected a single document in the stream", None, "but found another document", event.start_mark
            )
        return cls is StreamEndEvent

    def open(self, stack: list[_Frame], event: Any, is_map: bool, start: int) -> None:
        mark = event.start_mark
        pos = mark.line << 32 | mark.column
        if len(stack) >= MAX_DEPTH:
            raise _Abort(self.loc(pos), f"nesting deeper than {MAX_DEPTH} levels")
        if event.tag not in (None, "!", _MAP if is_map else _SEQ):
            self.errors.append(Problem(self.loc(pos), f"unsupported tag {event.tag!r}"))
        stack.append(_Frame({} if is_map else [], is_map, event.anchor, pos, start))
        self.nodes += 1

    def attach(self, stack: list[_Frame], value: Any, tag: str, pos: int, size: int) -> None:
        """Put a completed node into its parent (as an item, a key, or a key's value)."""
        if not stack:
            self.root, self.positions.root, self.expanded = value, pos, size
            return
        top = stack[-1]
        if not top.is_map:
            top.value.append(value)
            top.packed.append(pos)
        elif top.key is _NO_KEY:
            self.take_key(top, value, tag, pos)
        else:
            if top.key is not _SKIP:
                top.value[top.key] = value
                top.packed.append(pos)
            top.key = _NO_KEY

    def take_key(self, frame: _Frame, value: Any, tag: str, pos: int) -> None:
        """Make a completed node the key `frame` waits for (its position recorded), or skip its value."""
        frame.key = self.key(frame, value, tag, pos)
        if frame.key is not _SKIP:
            frame.packed.append(pos)

    def alias(self, name: str, pos: int, stack: list[_Frame]) -> tuple[Any, str, int]:
        if name in self.anchors:
            return self.anchors[name]
        if any(frame.anchor == name for frame in stack):
            raise _Abort(self.loc(pos), f"alias *{name} is inside the node it names (a recursive alias)")
        raise _Abort(self.loc(pos), f"invalid YAML: found undefined alias {name!r}")

    def key(self, frame: _Frame, value: Any, tag: str, pos: int) -> Any:
        """The mapping key a completed node stands for, or `_SKIP` (reported)."""
        if tag == STR:
            if value in frame.value:
                first = self.loc(frame.packed[2 * list(frame.value).index(value)])
                self.errors.append(Problem(self.loc(pos), f"duplicate key {value!r}", first))
                return _SKIP
            return value
        if tag == "tag:yaml.org,2002:merge":
            self.errors.append(Problem(self.loc(pos), "merge keys ('<<') are not supported; write the keys out"))
            return _SKIP
        if tag == _COLLECTION:
            self.errors.append(Problem(self.loc(pos), "mapping key 'a complex key' is not a string; quote it"))
            return _SKIP
        if self.rules.keys_as_text and self.raw:
            return self.key(frame, self.raw, STR, pos)
        self.errors.append(Problem(self.loc(pos), f"mapping key {value!r} is not a string; quote it"))
        if not isinstance(value, int | float | bool):
            return _SKIP
        return self.key(frame, str(value).lower() if isinstance(value, bool) else str(value), STR, pos)

    def scalar(self, event: yaml.ScalarEvent, pos: int) -> tuple[Any, str]:
        """Value and tag of a scalar `compose` leaves to it: plain and maybe not a string, or tagged."""
        value: str = event.value
        tag = event.tag
        if tag is None:  # plain (quoted scalars without a tag are strings, decided in `compose`)
            tag = self.rules.resolve(value)
            if tag != STR and self.plain is not None:
                self.plain[pos] = value
        elif tag == "!":
            return value, STR
        if tag == STR:
            return value, tag
        result, problem = self.rules.convert(tag, value)
        if problem:
            self.errors.append(Problem(self.loc(pos), problem))
        return result, tag


def _event_loc(display: str, event: yaml.Event) -> Loc:
    mark = event.start_mark
    return Loc(display, mark.line + 1, mark.column + 1) if mark is not None else Loc(display)


class Composed(NamedTuple):
    """A reading: the data and positions (None when nothing could be read), and every problem."""

    data: Any
    positions: Positions | None
    problems: list[Problem]


def compose(text: str, display: str, rules: ScalarRules = CATALOG, plain: dict[int, str] | None = None) -> Composed:
    """Read YAML text by `rules`; a syntax error or a limit leaves one problem and no data."""
    composer = _Composer(display, rules, plain)
    try:
        data = composer.compose(text)
    except _Abort as exc:
        return Composed(None, None, [Problem(exc.loc, exc.message)])
    except yaml.reader.ReaderError as exc:
        before = text[: exc.position]
        line, col = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
        message = f"invalid YAML: control character #x{exc.character:04x} is not allowed"
        return Composed(None, None, [Problem(Loc(display, line, col), message)])
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(display, mark.line + 1, mark.column + 1) if mark else Loc(display)
        problem = exc.problem or exc.context or "invalid YAML"
        if mark and mark.index < len(text) and text[mark.index] == "\t":
            problem = "tab character; YAML indentation must use spaces"
        return Composed(None, None, [Problem(loc, f"invalid YAML: {problem}")])
    except yaml.YAMLError as exc:
        return Composed(None, None, [Problem(Loc(display), f"invalid YAML: {exc}")])
    return Composed(data, composer.positions, composer.errors)

