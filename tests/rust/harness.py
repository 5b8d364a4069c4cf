"""Build and run the Rust test workspace (`tests/rust/`) with the real toolchain (cargo, clippy).

`workspace()` lays the generated crate of every vector catalog into `tests/rust/.generated/`
(the shipped catalogs' crates copied from `generated/<name>/rust/`, the others generated
here: `tests/ts/catalogs/` and `tests/rust/catalogs/`), writing only files whose bytes
changed so cargo's rebuild stays incremental, then builds the workspace once per test
session (`cargo build --workspace --all-targets`, under a file lock: pytest-xdist workers
take turns and the second finds it built). Cargo's output goes to the user cache
(`$XDG_CACHE_HOME` or `~/.cache`, `errgen-tests/cargo-target`), shared with manual builds.
Without cargo the tests skip (fail under ``CI=true``).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from conftest import ROOT, unavailable
from ts import harness as ts

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.rust import target as rust

RUST_DIR = ROOT / "tests" / "rust"
GENERATED = RUST_DIR / ".generated"
CATALOGS = RUST_DIR / "catalogs"
VECTOR_CATALOGS = ["napkin", "workbook", "filetools", "tsopts", "tsmeta", "tsnames", "tswire", "tsi18n"]


def cache_dir() -> Path:
    """The user cache folder of the tests (``$XDG_CACHE_HOME/errgen-tests`` or ``~/.cache/errgen-tests``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "errgen-tests"


def target_dir() -> Path:
    """Cargo's target folder, shared by the tests and manual builds."""
    return cache_dir() / "cargo-target"


def toolchain_bin() -> Path:
    """rustup's folder of executables (``$CARGO_HOME/bin``, else ``~/.cargo/bin``): searched after PATH."""
    return Path(os.environ.get("CARGO_HOME") or Path.home() / ".cargo") / "bin"


def tool(name: str) -> str | None:
    """A toolchain executable on PATH or in rustup's folder."""
    return shutil.which(name) or shutil.which(name, path=str(toolchain_bin()))


def cargo() -> str:
    """The cargo executable; the test skips without it (fails under CI=true)."""
    found = tool("cargo")
    if found is None:
        unavailable("`cargo` is not on PATH: the Rust tests need a Rust toolchain (rustup, with clippy and rustfmt)")
    assert found is not None
    return found


def run(
    args: list[str], cwd: Path = RUST_DIR, stdin: str | None = None, timeout: int = 1800, target: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run cargo (or a built program) with the shared target folder (or `target`); never raises on a non-zero exit."""
    path = os.pathsep.join([os.environ.get("PATH", ""), str(toolchain_bin())])
    folder = str(target or target_dir())
    env = {**os.environ, "PATH": path, "CARGO_TARGET_DIR": folder, "CARGO_TERM_COLOR": "never"}
    return subprocess.run(args, cwd=cwd, input=stdin, capture_output=True, text=True, env=env, timeout=timeout,
                          check=False)  # fmt: skip


def extra_catalogs() -> list[Path]:
    """Catalogs only the Rust tests build (hostile names)."""
    return sorted(CATALOGS.glob("*.yaml"))


def sources() -> dict[str, Catalog]:
    """Every catalog whose crate the workspace compiles, by name."""
    paths = {p.stem: p for p in ts.catalog_paths()}
    found = {name: ts.load(paths[name]) for name in VECTOR_CATALOGS}
    return found | {p.stem: ts.load(p) for p in extra_catalogs()}


def crate_files(catalog: Catalog) -> dict[str, str]:
    """The crate of `catalog` (``Cargo.toml``, ``src/…``): the committed one for a shipped catalog."""
    if catalog.source.startswith("catalog/"):
        folder = ROOT / "generated" / catalog.name / "rust"
        if not (folder / "Cargo.toml").exists():
            raise FileNotFoundError(f"{folder} is missing: run `errgen build`")
        files = sorted(p for p in folder.rglob("*") if p.is_file())
        return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in files}
    return {rel.removeprefix("rust/"): text for rel, text in rust.generate(catalog, TargetOptions()).items()}


def write_if_changed(path: Path, text: str) -> None:
    """Write `text` unless the file already holds it (cargo rebuilds what is newer)."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def lay_out(catalogs: dict[str, Catalog]) -> None:
    """`.generated/<name>/` holds exactly each catalog's crate."""
    GENERATED.mkdir(exist_ok=True)
    for stale in set(p.name for p in GENERATED.iterdir()) - set(catalogs):
        shutil.rmtree(GENERATED / stale)
    for name, catalog in catalogs.items():
        files = crate_files(catalog)
        for rel, text in files.items():
            write_if_changed(GENERATED / name / rel, text)
        for path in (GENERATED / name).rglob("*"):
            if path.is_file() and path.relative_to(GENERATED / name).as_posix() not in files:
                path.unlink()


@dataclass(frozen=True)
class Workspace:
    """The built workspace: its catalogs and what the build said."""

    catalogs: dict[str, Catalog]
    build: subprocess.CompletedProcess[str]

    def program(self, name: str) -> Path:
        """A binary the workspace built."""
        return target_dir() / "debug" / name

    def check(self) -> None:
        """Fail the calling test when the build failed."""
        import pytest

        if self.build.returncode != 0:
            pytest.fail("cargo build failed:\n" + self.build.stderr[-6000:], pytrace=False)


_BUILT: dict[int, Workspace] = {}


def workspace() -> Workspace:
    """The workspace, laid out and built once per test process (one process at a time)."""
    if os.getpid() not in _BUILT:
        command = [cargo(), "build", "--workspace", "--all-targets", "--quiet"]
        target_dir().mkdir(parents=True, exist_ok=True)
        with open(target_dir() / ".errgen-tests.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            catalogs = sources()
            lay_out(catalogs)
            _BUILT[os.getpid()] = Workspace(catalogs, run(command))
    return _BUILT[os.getpid()]


def built() -> Workspace:
    """The workspace, built; the calling test fails with cargo's output when the build failed."""
    done = workspace()
    done.check()
    return done


def locked(args: list[str], cwd: Path = RUST_DIR, target: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run cargo with the workspace lock held (another worker may be building)."""
    target_dir().mkdir(parents=True, exist_ok=True)
    with open(target_dir() / ".errgen-tests.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return run(args, cwd=cwd, target=target)
