"""``errgen --help`` without importing click, once click has rendered it for this errgen, click and terminal.

Importing click costs more than the rest of a help run (≈0.03 s of ≈0.06 s), and the
top-level help never changes between runs: it is a function of errgen's command table
(the files of `errgen.cli`), click (its files), Python, the program name, the terminal's
width (``COLUMNS``, or the terminal's own) and the locale click's texts are translated
for. The first ``errgen --help`` renders it with click (`render`, the text click's own
``--help`` prints) and keeps it in the user cache folder, under those inputs written out
in full; a later run whose inputs are the same prints it from there (`cached`). Anything
unusual (``python -m errgen``, which click names differently; no cache folder; an entry
for other inputs) goes to click. ``ERRGEN_CACHE_DIR=""`` turns it off with every cache.
Imports only what Python has loaded at start-up.
"""

from __future__ import annotations

import os
import sys

ASKED = (["--help"], ["-h"])
_LOCALE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # what gettext reads (click's texts are translatable)


def folder() -> str | None:
    """``help/`` in the cache folder of `errgen.workflow.buildcache.cache_root` (a test keeps them equal)."""
    given = os.environ.get("ERRGEN_CACHE_DIR")
    if given == "":
        return None
    if given:
        return os.path.join(given, "help")
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = xdg if xdg and os.path.isabs(xdg) else os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "errgen", "help")


def _files(path: str) -> list[str]:
    """``name size mtime`` of each Python file in `path` (a folder), sorted."""
    found = []
    with os.scandir(path) as entries:
        for entry in entries:
            if entry.name.endswith(".py"):
                info = entry.stat()
                found.append(f"{entry.name} {info.st_size} {info.st_mtime_ns}")
    return sorted(found)


def key() -> str | None:
    """Everything the help text depends on, one item a line; None when it cannot be known cheaply."""
    main = sys.modules.get("__main__")
    if getattr(main, "__package__", None) not in (None, ""):
        return None  # ``python -m errgen``: click names the program from the module
    import importlib.machinery

    spec = importlib.machinery.PathFinder.find_spec("click")
    if spec is None or not spec.submodule_search_locations:
        return None
    click_dir = next(iter(spec.submodule_search_locations))
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        terminal = str(os.get_terminal_size(sys.__stdout__.fileno()).columns)  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        terminal = "none"
    try:
        lines = [
            sys.version,
            os.path.basename(sys.argv[0]),
            f"COLUMNS={os.environ.get('COLUMNS', '')} terminal={terminal}",
            *(f"{name}={os.environ.get(name, '')}" for name in _LOCALE),
            here,
            *_files(here),
            click_dir,
            *_files(click_dir),
        ]
    except OSError:
        return None
    return "\n".join(lines) + "\n"


def _path(where: str, inputs: str) -> str:
    import binascii

    return os.path.join(where, f"{binascii.crc32(inputs.encode('utf-8', 'surrogatepass')):08x}.txt")


def cached() -> tuple[str | None, str | None]:
    """The help text kept for these inputs (or None), and the inputs (None: do not keep one)."""
    where, inputs = folder(), key()
    if where is None or inputs is None:
        return None, None
    try:
        with open(_path(where, inputs), encoding="utf-8", errors="surrogatepass") as handle:
            kept = handle.read()
    except (OSError, UnicodeDecodeError):
        return None, inputs
    head, _, text = kept.partition("\0")
    return (text if head == inputs else None), inputs


def render() -> str:
    """The text ``errgen --help`` prints, rendered by click (as its help option does: ``ctx.get_help()``)."""
    import click

    from errgen.cli.main import main

    prog = os.path.basename(sys.argv[0])
    ctx = click.Context(main, info_name=prog, **main.context_settings)
    return ctx.get_help() + "\n"


def keep(inputs: str, text: str) -> None:
    """Keep `text` for `inputs` (atomically; a cache that cannot be written only costs speed)."""
    where = folder()
    if where is None:
        return
    path = _path(where, inputs)
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(where, exist_ok=True)
        with open(tmp, "w", encoding="utf-8", errors="surrogatepass", newline="") as handle:
            handle.write(inputs + "\0" + text)
        os.replace(tmp, path)
    except OSError:
        return
