"""YAML 1.2 (core schema, as serde_yaml 0.9 reads it) into JSON values with source positions.

PyYAML implements YAML 1.1 (`yes`/`on` are booleans, `1e3` is a string); wallfacer's
serde_yaml does not. `Yaml12Loader` swaps in serde_yaml's scalar rules, and `load`
converts the composed node tree itself so that it can reject duplicate and non-scalar
keys and remember where every value and key starts (`Located`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeAlias

import yaml

from errgen.conform.jsonvalue import I64_MIN, U64_MAX, Json

JsonPointer: TypeAlias = tuple[str | int, ...]

_TAG = "tag:yaml.org,2002:"
_NULL = re.compile(r"(?:~|null|Null|NULL|)\Z")
_BOOL = re.compile(r"(?:true|True|TRUE|false|False|FALSE)\Z")
_INT = re.compile(r"[-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|0|[1-9][0-9]*)\Z")
_FLOAT = re.compile(
    r"(?![-+]?0[0-9]+\Z)[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\Z"
    r"|[-+]?\.(?:inf|Inf|INF)\Z|\.(?:nan|NaN|NAN)\Z"
)


class Yaml12Loader(yaml.SafeLoader):
    """SafeLoader whose implicit scalar resolution follows serde_yaml 0.9 (YAML 1.2 core)."""

    yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}  # noqa: RUF012


for _tag, _pattern in (("null", _NULL), ("bool", _BOOL), ("int", _INT), ("float", _FLOAT)):
    Yaml12Loader.add_implicit_resolver(_TAG + _tag, _pattern, None)


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


def compose(text: str) -> yaml.Node | None:
    """Compose `text` with YAML 1.2 resolution; raise `yaml.YAMLError` on syntax errors."""
    return yaml.compose(text, Loader=Yaml12Loader)


def load(text: str) -> tuple[Located, list[YamlProblem]]:
    """Parse `text` into a located JSON value, collecting every problem found."""
    problems: list[YamlProblem] = []
    try:
        root = compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        return Located(), [YamlProblem(mark.index if mark else 0, _yaml_message(exc), syntax=True)]
    except yaml.YAMLError as exc:
        return Located(), [YamlProblem(0, f"invalid YAML: {exc}", syntax=True)]
    located = Located()
    if root is not None:
        located.value = _convert(root, (), located, problems)
    return located, problems


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    parts = [p for p in (exc.context, exc.problem) if p]
    return "invalid YAML: " + (", ".join(parts) if parts else str(exc))


def _convert(node: yaml.Node, path: JsonPointer, out: Located, problems: list[YamlProblem]) -> Json:
    out.values[path] = node.start_mark.index
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, (*path, i), out, problems) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        return _convert_mapping(node, path, out, problems)
    if getattr(node, "style", None) is None:
        out.plain[path] = str(node.value)
    return _scalar(node, problems)


def _convert_mapping(
    node: yaml.MappingNode, path: JsonPointer, out: Located, problems: list[YamlProblem]
) -> dict[str, Json]:
    result: dict[str, Json] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            problems.append(YamlProblem(key_node.start_mark.index, "mapping keys must be strings"))
            continue
        key = str(key_node.value)
        if key in result:
            first = out.keys[(*path, key)]
            problems.append(YamlProblem(key_node.start_mark.index, f"duplicate key '{key}'", first))
            continue
        out.keys[(*path, key)] = key_node.start_mark.index
        result[key] = _convert(value_node, (*path, key), out, problems)
    return result


def _scalar(node: yaml.Node, problems: list[YamlProblem]) -> Json:
    text, tag = str(node.value), str(node.tag)
    try:
        return _SCALARS[tag](text)
    except KeyError:
        problems.append(YamlProblem(node.start_mark.index, f"unsupported YAML tag '{tag}'"))
    except ValueError as exc:
        problems.append(YamlProblem(node.start_mark.index, str(exc)))
    return None


def _to_int(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-")
    base = {"0x": 16, "0o": 8, "0b": 2}.get(body[:2], 10)
    value = sign * int(body[2:] if base != 10 else body, base)
    if not I64_MIN <= value <= U64_MAX:
        raise ValueError(f"integer {text} does not fit in 64 bits")
    return value


def _to_float(text: str) -> Json:
    if text.lstrip("+-").lower() in (".inf", ".nan"):
        return None  # serde_json stores non-finite floats as null
    value = float(text)
    return value if math.isfinite(value) else text  # serde_yaml: an overflowing float stays a string


def _to_bool(text: str) -> bool:
    if not _BOOL.match(text):
        raise ValueError(f"invalid boolean '{text}'")
    return text.lower() == "true"


def _to_null(text: str) -> None:
    if not _NULL.match(text):
        raise ValueError(f"invalid null '{text}'")


_SCALARS: dict[str, Callable[[str], Json]] = {
    _TAG + "str": str,
    _TAG + "int": _to_int,
    _TAG + "float": _to_float,
    _TAG + "bool": _to_bool,
    _TAG + "null": _to_null,
}
