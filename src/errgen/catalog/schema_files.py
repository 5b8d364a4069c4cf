"""Files a catalog refers to: the JSON Schemas of its tools (``output_schema: tools/read_file.json``).

A reference is a relative path below the catalog's folder (no absolute path, no ``..``), read
through the `Files` of the catalog's `Document`: the folder on disk for a catalog file, the
same folder at a git revision for ``REV:path`` (`workflow.sources`), none for text in memory.
`read_schema` reports every problem as a diagnostic at the reference, or inside the file
(``catalog/schemas/x.json:3:5: error: …``), never raises.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path, PurePosixPath
from typing import Any

from errgen.catalog.diagnostics import Diagnostics, Loc
from errgen.catalog.yamlsrc import MAX_BYTES, Files, decode


class FolderFiles:
    """The files beside a catalog on disk."""

    def __init__(self, folder: Path, shown_folder: str) -> None:
        self.folder, self.shown_folder = folder, shown_folder

    def read(self, rel: str) -> bytes | None:
        """The bytes of `rel` under the folder (a regular file of at most MAX_BYTES), None when absent."""
        path = self.folder / rel
        if not path.exists():
            return None
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{self.shown(rel)} is not a regular file")
        if info.st_size > MAX_BYTES:
            raise OSError(f"{self.shown(rel)} is too large ({info.st_size} bytes; the limit is {MAX_BYTES} bytes)")
        return path.read_bytes()

    def shown(self, rel: str) -> str:
        """`rel` under the catalog's folder as the catalog is shown."""
        return (PurePosixPath(self.shown_folder) / rel).as_posix() if self.shown_folder else rel


def bad_reference(rel: str) -> str | None:
    """Why `rel` cannot name a file below the catalog's folder, or None when it can."""
    path = PurePosixPath(rel)
    if "\\" in rel or path.is_absolute() or (len(rel) > 1 and rel[1] == ":"):
        return "is not a relative path with '/' separators"
    if ".." in path.parts:
        return "leaves the catalog's folder ('..')"
    if path.suffix != ".json":
        return "is not a .json file"
    return None


def read_schema(files: Files | None, rel: str, at: Loc, diags: Diagnostics) -> tuple[bool, Any]:
    """The JSON value of the file `rel` referenced at `at`: (True, value), or (False, None) after an error."""
    why = bad_reference(rel)
    if why is not None:
        diags.error(at, f"schema file {rel!r} {why}")
        return False, None
    if files is None:
        diags.error(at, f"schema file {rel!r} cannot be read: the catalog is not read from a folder")
        return False, None
    try:
        raw = files.read(rel)
    except OSError as exc:
        diags.error(at, f"cannot read schema file {rel!r}: {exc.strerror or exc}")
        return False, None
    if raw is None:
        diags.error(at, f"schema file {files.shown(rel)!r} does not exist")
        return False, None
    shown = files.shown(rel)
    text = decode(raw, shown, diags)
    if text is None:
        return False, None
    try:
        return True, json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        if not isinstance(exc, json.JSONDecodeError):
            diags.error(Loc(shown), f"invalid JSON: {exc}")
            return False, None
        diags.error(Loc(shown, exc.lineno, exc.colno), f"invalid JSON: {exc.msg}")
        return False, None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")
