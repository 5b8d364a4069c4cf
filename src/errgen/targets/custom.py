"""Target ``custom``: files rendered from the user's own templates.

Every ``*.jinja`` under ``<templates>/custom/`` (``--templates`` or ``[tool.errgen]
templates``) becomes one output file at the same relative path without ``.jinja``:
``custom/sdk/errors.go.jinja`` → ``generated/<catalog>/sdk/errors.go``. Files and
folders starting with ``_`` or ``.`` are partials (for ``{% include %}`` or
``{% import %}``), not outputs. Templates see the IR (``catalog``) and the header
text, with the same filters as the built-in templates (docs/templates.md).

A template error is reported as ``path:line:col: error: …`` (exit 2), never a traceback.
"""

from __future__ import annotations

import traceback
from pathlib import Path

from errgen.catalog.diagnostics import CatalogInvalid, Diagnostic, Loc
from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.common.header import header_text
from errgen.targets.common.templating import render

FOLDER = "custom"
SUFFIX = ".jinja"


def templates(user_dir: str | None) -> list[str]:
    """Template paths relative to `user_dir` (``custom/…``), sorted; partials left out."""
    if not user_dir:
        return []
    root = Path(user_dir) / FOLDER
    if not root.is_dir():
        return []
    found = []
    for path in root.rglob(f"*{SUFFIX}"):
        rel = path.relative_to(root)
        if path.is_file() and not any(part.startswith(("_", ".")) for part in rel.parts):
            found.append(f"{FOLDER}/{rel.as_posix()}")
    return sorted(found)


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """One file per user template under ``custom/``; nothing when there are none."""
    files: dict[str, str] = {}
    for name in templates(options.templates):
        out = name.removeprefix(f"{FOLDER}/").removesuffix(SUFFIX)
        try:
            files[out] = render(name, options.templates, catalog=catalog, header=header_text(catalog))
        except Exception as exc:  # any template error, reported at its template line
            raise CatalogInvalid([_diagnostic(exc, name, options.templates or "")]) from None
    return files


def _diagnostic(exc: Exception, name: str, user_dir: str) -> Diagnostic:
    """Where in which template `exc` happened, as a diagnostic."""
    import jinja2

    path = Path(user_dir) / name
    display = _display(path)
    if isinstance(exc, jinja2.TemplateSyntaxError):
        where = _display(Path(exc.filename)) if exc.filename else display
        return Diagnostic(Loc(where, exc.lineno or 1), f"template syntax error: {exc.message}")
    line = 1
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename and Path(frame.filename).name.endswith(SUFFIX):
            display, line = _display(Path(frame.filename)), frame.lineno or 1
    kind = "undefined value" if isinstance(exc, jinja2.UndefinedError) else type(exc).__name__
    return Diagnostic(Loc(display, line), f"template error ({kind}): {exc}")


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()
