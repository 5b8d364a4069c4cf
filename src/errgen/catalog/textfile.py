"""Reading a catalog (or pyproject.toml) as text: size-limited, UTF-8, every failure a diagnostic.

Apart from `yamlsrc` so that what only reads a file (the settings, a warm build's key) does not
import the YAML reader.
"""

from __future__ import annotations

import stat
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from errgen.catalog.diagnostics import Diagnostic, Diagnostics

MAX_BYTES = 32 * 1024 * 1024
TRANSLATIONS = ".locales"  # catalog/workbook.yaml → catalog/workbook.locales/<tag>.yaml


def translations_folder(catalog: Path) -> Path:
    """The folder of the translation files of the catalog file `catalog`."""
    return catalog.parent / f"{catalog.stem}{TRANSLATIONS}"


def is_translation(path: Path) -> bool:
    """Whether `path` is a translation file (``x.locales/de.yaml`` beside ``x.yaml``)."""
    folder = path.parent
    if not folder.name.endswith(TRANSLATIONS):
        return False
    stem = folder.name[: -len(TRANSLATIONS)]
    return any((folder.parent / f"{stem}{suffix}").exists() for suffix in (".yaml", ".yml"))


def read_text(path: Path, display: str, diags: Diagnostics) -> str | None:
    """Read `path` as UTF-8 text, recording a positioned error instead of raising."""
    return _recorded(text_or_problem(path, display), diags)


def text_or_problem(path: Path, display: str) -> str | Diagnostic:
    """`path` as UTF-8 text, or the error saying why it cannot be read.

    `errgen.catalog.diagnostics` is imported only for an error: a warm build reads its settings without it.
    """
    try:
        if path.is_dir():
            return _problem(display, "is a directory, expected a YAML file")
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            return _problem(display, f"is not a regular file ({path.resolve()}), expected a YAML file")
        if info.st_size > MAX_BYTES:
            return _problem(display, f"file is too large ({info.st_size} bytes; the limit is {MAX_BYTES} bytes)")
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return _problem(display, f"file is too large (the limit is {MAX_BYTES} bytes)")
    except OSError as exc:
        return _problem(display, f"cannot read file: {exc.strerror or exc}")
    return _decoded(raw, display)


def decode(raw: bytes, display: str, diags: Diagnostics) -> str | None:
    """Decode UTF-8 (BOM allowed), pointing at the first invalid byte on failure."""
    return _recorded(_decoded(raw, display), diags)


def _decoded(raw: bytes, display: str) -> str | Diagnostic:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        return _problem(display, f"invalid UTF-8 byte 0x{raw[exc.start]:02x}; save the file as UTF-8", line, col)


def _problem(display: str, message: str, line: int = 1, col: int = 1) -> Diagnostic:
    from errgen.catalog.diagnostics import Diagnostic, Loc

    return Diagnostic(Loc(display, line, col), message)


def _recorded(text: str | Diagnostic, diags: Diagnostics) -> str | None:
    if isinstance(text, str):
        return text
    diags.error(text.loc, text.message)
    return None
