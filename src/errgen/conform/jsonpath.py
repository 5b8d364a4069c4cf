"""RFC 9535 JSONPath (wallfacer uses `serde_json_path`) via the `jsonpath-rfc9535` package.

Keeps wallfacer's distinction between a path that does not parse (`PathInvalid`,
structural) and one that parses but selects nothing (`PathMissing`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

import jsonpath_rfc9535

from errgen.conform.jsonvalue import Json


class PathInvalid(Exception):
    """The string is not valid RFC 9535 JSONPath."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"invalid JSONPath `{path}`: {reason}")
        self.path = path


class PathMissing(Exception):
    """The path parsed but selected no node."""

    def __init__(self, path: str) -> None:
        super().__init__(f"path `{path}` did not resolve to any value")
        self.path = path


@lru_cache(maxsize=1024)
def _compile(path: str) -> jsonpath_rfc9535.JSONPathQuery:
    try:
        return jsonpath_rfc9535.compile(path)
    except jsonpath_rfc9535.JSONPathError as exc:
        raise PathInvalid(path, str(exc)) from exc


def check(path: str) -> None:
    """Raise `PathInvalid` if `path` does not parse."""
    _compile(path)


def resolve(root: Json, path: str) -> list[Json]:
    """Return every node `path` selects, in document order."""
    query = _compile(path)
    try:
        return [cast(Json, node.value) for node in query.find(root)]
    except jsonpath_rfc9535.JSONPathError as exc:  # e.g. recursion limit
        raise PathInvalid(path, str(exc)) from exc


def resolve_one(root: Json, path: str) -> Json:
    """Return the first node `path` selects; raise `PathMissing` if there is none."""
    nodes = resolve(root, path)
    if not nodes:
        raise PathMissing(path)
    return nodes[0]
