"""Reading a catalog (or pyproject.toml) as text: size-limited, UTF-8, every failure a diagnostic.

Apart from `yamlsrc` so that what only reads a file (the settings, a warm build's key) does not
import the YAML reader.
"""

from __future__ import annotations

import stat
from pathlib import Path

from errgen.catalog.diagnostics import Diagnostics, Loc

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
