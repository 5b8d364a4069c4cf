"""A compiled catalog together with the positioned YAML document it came from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.catalog.diagnostics import Loc
from errgen.catalog.model import Catalog
from errgen.catalog.yamlsrc import Document


@dataclass(frozen=True)
class Located:
    """A compiled catalog and the document it came from (positions are empty for snapshots)."""

    catalog: Catalog
    doc: Document

    def says(self, code: Any, key: str) -> bool:
        """Whether the document itself sets `key` on `code` (else the compiler derived it: a default)."""
        codes = self.doc.data.get("codes") if isinstance(self.doc.data, dict) else None
        spec = codes.get(code.id) if isinstance(codes, dict) else None
        return isinstance(spec, dict) and key in spec

    def at(self, *path: str | int, fallback: Loc | None = None) -> Loc:
        """Position of the key at `path`, else `fallback`, else of its nearest located ancestor."""
        if fallback is None or _has(self.doc.data, path):
            return self.doc.key_loc(path)
        return fallback


def _has(data: Any, path: tuple[str | int, ...]) -> bool:
    for part in path:
        if isinstance(data, dict) and isinstance(part, str) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return False
    return True
