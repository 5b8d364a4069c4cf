"""Shared helpers for the generated-pack and live-run tests: catalogs, packs, servers, processes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import load_catalog_text
from errgen.catalog.model import Catalog
from errgen.conform.extends import Composed
from errgen.targets import TargetOptions
from errgen.targets.packs.target import generate, pack_name

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CATALOGS = sorted((ROOT / "catalog").glob("*.yaml"))
HOSTILE = HERE / "hostile.yaml"
SERVERS = HERE / "servers"
EXAMPLE_SERVER = ROOT / "examples" / "workbook_server" / "server.py"
BROKEN_SERVER = ROOT / "examples" / "workbook_server" / "broken_server.py"
WORKBOOK_PACK = ROOT / "generated" / "workbook" / "packs" / "errgen-workbook.yaml"


def compile_text(text: str, display: str = "catalog.yaml") -> Catalog:
    """Compile catalog text that must be valid."""
    from errgen.catalog.compiler import compile_catalog

    diags = Diagnostics()
    doc = load_catalog_text(text, display, diags)
    catalog = compile_catalog(doc, diags) if doc is not None else None
    assert catalog is not None, [d.format() for d in diags.items]
    return catalog


def compile_file(path: Path) -> Catalog:
    """Compile a catalog file as `errgen build` does (with the translation files beside it)."""
    from errgen.workflow.sources import compile_path

    diags = Diagnostics()
    located = compile_path(path, path.relative_to(ROOT).as_posix(), diags)
    assert located is not None, [d.format() for d in diags.items]
    return located.catalog


def hostile_variants() -> dict[str, Catalog]:
    """The hostile catalog with its payload as JSON text (as written) and as structuredContent."""
    text = HOSTILE.read_text(encoding="utf-8")
    structured = text.replace("structured_content: false", "structured_content: true")
    assert structured != text
    return {
        "text": compile_text(text, "tests/conform_live/hostile.yaml"),
        "structured": compile_text(structured.replace("name: hostile", "name: hostile2"), "hostile2.yaml"),
    }


def all_catalogs() -> dict[str, Catalog]:
    """The shipped catalogs plus the hostile variants, by name."""
    shipped = {p.stem: compile_file(p) for p in CATALOGS}
    return shipped | {f"hostile-{k}": v for k, v in hostile_variants().items()}


def pack_text(catalog: Catalog) -> str:
    """The generated pack of `catalog`."""
    return generate(catalog, TargetOptions())[f"packs/{pack_name(catalog)}.yaml"]


def write_pack(folder: Path, catalog: Catalog) -> Path:
    """Write the generated pack into `folder` under its proper file name."""
    path = folder / f"{pack_name(catalog)}.yaml"
    path.write_text(pack_text(catalog), encoding="utf-8")
    return path


def python_command(script: Path, *args: str) -> str:
    """A --server command line running `script` with this interpreter."""
    import shlex

    return shlex.join([sys.executable, str(script), *args])


def process_state(pid: int) -> str | None:
    """The kernel's state letter of `pid` (``Z`` for a zombie), or None when it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return stat.rsplit(")", 1)[1].split()[0]


def pids(pidfile: Path) -> list[int]:
    """Process ids a test server appended to `pidfile`."""
    return [int(line) for line in pidfile.read_text().split()] if pidfile.exists() else []


def env_with(**extra: str) -> dict[str, str]:
    """The current environment plus `extra`."""
    return {**os.environ, **extra}


def composed(path: Path, **params: str) -> Composed:
    """A valid pack with the packs it `extends` (workspace: the pack's folder's parent, as `packs/` would be)."""
    from errgen.conform.extends import compose
    from errgen.conform.pack import load_pack

    loaded = load_pack(path, params)
    assert loaded.pack is not None, [str(e) for e in loaded.errors]
    resolution = compose(loaded.pack, params, path.parent.parent)
    assert resolution.composed is not None, [str(e) for e in resolution.errors]
    return resolution.composed


def shared_packs() -> Path:
    """``../shared/wallfacer-packs``; a test without it skips (fails under CI=true)."""
    from conftest import need_shared

    return need_shared("wallfacer-packs")


@contextmanager
def example_over_http(python: str = sys.executable) -> Iterator[str]:
    """The example server on streamable HTTP (a free loopback port), run by `python`; yields its URL."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    process = subprocess.Popen([python, str(EXAMPLE_SERVER), "--http", str(port)], cwd=ROOT, stderr=subprocess.PIPE,
                               text=True)  # fmt: skip
    try:
        for _ in range(300):
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert process.poll() is None, process.communicate()[1]
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=30)
