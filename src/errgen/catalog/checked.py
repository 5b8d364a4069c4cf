"""Reading a shape-checked catalog document for the compiler, rejected nodes left out.

`load.check_shape` reports every schema violation and lists the nodes it rejected in
`Document.rejected`. `Reader` lets the compiler check the well-formed rest of such a
document: a rejected value reads as absent, a rejected declaration (a field, kind or
code) is left out, and a reference to a rejected declaration is not reported again as
unknown. One run then reports the mistakes of every level, without follow-up errors.
On a valid document (nothing rejected) every answer takes the fast path.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from errgen.catalog.diagnostics import Diagnostics, Loc
from errgen.catalog.yamlsrc import Document, JsonPath

Getter = Callable[..., Any]


class Reader:
    """The document, its rejected paths, and the diagnostics the compiler adds to."""

    def __init__(self, doc: Document, diags: Diagnostics) -> None:
        self.doc, self.diags, self.raw = doc, diags, doc.data
        self.rejected = doc.rejected
        self._inside = frozenset(r[:i] for r in self.rejected for i in range(len(r)))  # nodes holding one

    def err(self, path: JsonPath, message: str, *, key: bool = False) -> None:
        """Record an error at the value (or, with `key`, the key) at `path`, unless the reader reported one there."""
        loc = self.doc.key_loc(path) if key else self.doc.loc(path)
        if loc not in self.doc.damaged:
            self.diags.error(loc, message)

    def at(self, path: JsonPath) -> Loc:
        """Position of the key at `path`."""
        return self.doc.key_loc(path)

    def hit(self, path: JsonPath) -> bool:
        """Whether the shape check rejected `path` or a node above it."""
        return bool(self.rejected) and any(path[:i] in self.rejected for i in range(len(path) + 1))

    def spoiled(self, path: JsonPath) -> bool:
        """Whether the shape check rejected `path`, a node above it or a node inside it."""
        return bool(self.rejected) and (path in self._inside or self.hit(path))

    def get(self, path: JsonPath) -> Any:
        """The value at `path`; None when absent or rejected."""
        return _get(self.raw, path) if not self.rejected or not self.hit(path) else None

    def getter(self, path: JsonPath, spec: Any) -> Getter:
        """``spec.get`` for the mapping `spec` at `path`; a rejected key (or anything in it) reads as absent."""
        if self.hit(path) or not isinstance(spec, dict):
            return _absent
        if not self.spoiled(path):
            return spec.get
        return lambda key, default=None: default if self.spoiled((*path, key)) else spec.get(key, default)

    def items(self, path: JsonPath) -> Iterator[tuple[str, Any]]:
        """The entries of the mapping at `path` that the shape check accepted whole."""
        mapping = self.get(path)
        if isinstance(mapping, dict):
            yield from ((k, v) for k, v in mapping.items() if not self.spoiled((*path, k)))

    def kind_ref(self, path: JsonPath, kinds: dict[str, Any]) -> str | None:
        """The kind named at `path`; None (and an error unless the kind was rejected) when unknown."""
        name = self.get(path)
        if name is None:
            return None
        if name not in kinds:
            if not self.spoiled(("kinds", name)):
                declared = self.declared("kinds")
                known = ", ".join(declared) or "none declared"
                self.err(path, f"unknown kind {name!r}{suggest(name, declared)} (kinds: {known})")
            return None
        return str(name)

    def code_ref(self, path: JsonPath, codes: dict[str, Any], *, runtime: bool = True) -> str | None:
        """The code named at `path`; None (and an error unless the code was rejected) when unknown."""
        name = self.get(path)
        if name is None:
            return None
        code = codes.get(name)
        if code is None:
            if not self.spoiled(("codes", name)):
                unknown = f"unknown code {name!r}{suggest(name, self.declared('codes'))}"
                self.err(path, self.retired_reference(name) or unknown)
            return None
        if runtime and code.deferred:
            self.err(path, f"code {name!r} is deferred (shape-only) and cannot be produced at runtime")
        return str(name)

    def retired_reference(self, name: Any) -> str | None:
        """What to say about a reference to a retired id (None when `name` is not one)."""
        retired = self.raw.get("retired")
        spec = retired.get(name) if isinstance(retired, dict) and isinstance(name, str) else None
        if not isinstance(spec, dict):
            return None
        since = f" in {spec['since']}" if isinstance(spec.get("since"), str) else ""
        instead = spec.get("replaced_by")
        hint = f"use {instead!r}, which replaced it" if isinstance(instead, str) else "name a current code"
        return f"code {name!r} was retired{since} and is no longer emitted; {hint}"

    def collisions(self, what: str, items: dict[str, Any], styles: Any) -> None:
        owners: dict[tuple[str, str], str] = {}
        for name, item in items.items():
            for style, ident in styles(item.names).items():
                other = owners.setdefault((style, ident), name)
                if other != name:
                    loc = items[other].loc
                    self.err(
                        (what, name),
                        f"{_singular(what)} {name!r} and {other!r} (at {loc.line}:{loc.col}) both become {style} "
                        f"identifier {ident!r}; rename one",
                        key=True,
                    )
                    break

    def declared(self, section: str) -> list[str]:
        """Every name declared under a top-level `section`, rejected ones included."""
        mapping = self.raw.get(section)
        return list(mapping) if isinstance(mapping, dict) else []


def _singular(section: str) -> str:
    """``codes`` → ``code``, ``policies`` → ``policy``."""
    return section[:-3] + "y" if section.endswith("ies") else section[:-1]


def suggest(name: Any, known: Iterable[str]) -> str:
    """``; did you mean 'x'?`` for the closest of `known`, or nothing."""
    hint = difflib.get_close_matches(str(name), list(known), n=1)
    return f"; did you mean {hint[0]!r}?" if hint else ""


def _absent(key: str, default: Any = None) -> Any:
    return default


def _get(data: Any, path: JsonPath) -> Any:
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data
