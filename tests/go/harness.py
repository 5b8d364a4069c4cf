"""Build and run the Go test programs with the real toolchain (go build, go vet, go test).

The shipped catalogs' Go modules are the committed ones (`generated/<name>/go/`); the others
(`tests/ts/catalogs/`, hostile ones) are generated into a cache folder,
``$XDG_CACHE_HOME/errgen-tests/go-<checkout hash>/`` (``~/.cache`` by default), next to a
``go.work`` that joins them with the test module `tests/go` (committed go.mod: no dependency of
its own besides the generated modules). Go's build cache (GOCACHE, its default) makes a rerun
incremental; a file lock keeps pytest-xdist workers from building at the same time. Without a
`go` on PATH the tests skip, naming it; with CI=true they fail instead.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from conftest import unavailable
from contract.cases import CATALOGS
from ts import harness as ts

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.go import target as go_target

ROOT = ts.ROOT
GO_DIR = ROOT / "tests" / "go"
SHIPPED = ("napkin", "workbook", "filetools")
MIN_GO = (1, 25)


def go() -> str:
    """The `go` command, or a skip (a failure under CI=true) saying it is missing or too old."""
    found = shutil.which("go")
    if found is None:
        unavailable("`go` is not on PATH: the Go target's tests need Go >= 1.25")
        raise AssertionError  # unreachable: unavailable() skips or fails
    version = run([found, "env", "GOVERSION"], cwd=ROOT).stdout.strip().removeprefix("go")
    numbers = tuple(int(p) for p in version.split(".")[:2] if p.isdigit())
    if numbers < MIN_GO:
        unavailable(f"Go {version} is too old: the Go target's tests need Go >= 1.25")
    return found


def run(cmd: list[str], cwd: Path, stdin: str | None = None, env: dict[str, str] | None = None,
        timeout: int = 900) -> subprocess.CompletedProcess[str]:  # fmt: skip
    """Run a command, capturing text output (never raises on a non-zero exit)."""
    return subprocess.run(
        cmd, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=timeout, check=False,
        env={**os.environ, **(env or {})},
    )  # fmt: skip


def cache_dir() -> Path:
    """This checkout's folder in the user cache (generated modules, go.work, binaries)."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    path = base / "errgen-tests" / f"go-{digest}"
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextmanager
def locked() -> Iterator[Path]:
    """The cache folder, held by this process alone (pytest-xdist workers take turns)."""
    folder = cache_dir()
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield folder


def write_if_changed(path: Path, text: str) -> None:
    """Write `text` unless the file already holds it (keeps Go's build cache warm)."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")


def write_module(catalog: Catalog, folder: Path) -> Path:
    """Generate `catalog`'s Go module into ``folder/<name>/go`` (only changed files); its path."""
    for rel, text in go_target.generate(catalog, TargetOptions()).items():
        write_if_changed(folder / catalog.name / rel, text)
    return folder / catalog.name / "go"


@cache
def catalogs() -> dict[str, Catalog]:
    """The catalogs the vectors cover, by name."""
    paths = {p.stem: p for p in ts.catalog_paths()}
    return {name: ts.load(paths[name]) for name in CATALOGS}


def module_dirs(folder: Path) -> dict[str, Path]:
    """Each covered catalog's module: committed for the shipped ones, generated into `folder` for the rest."""
    out = {}
    for name, catalog in catalogs().items():
        out[name] = ROOT / "generated" / name / "go" if name in SHIPPED else write_module(catalog, folder / "gen")
    missing = [str(p) for p in out.values() if not (p / "go.mod").exists()]
    assert not missing, f"missing Go modules (run `errgen build`): {missing}"
    return out


def workspace(folder: Path, modules: list[Path], name: str = "go.work") -> Path:
    """A go.work file `name` joining tests/go and `modules`; its path (pass it as GOWORK)."""
    uses = "".join(f"\t{p}\n" for p in [GO_DIR, *modules])
    work = folder / name
    write_if_changed(work, f"go {go_target.GO_VERSION}\n\nuse (\n{uses})\n")
    return work


_BUILT: dict[int, Path] = {}


def vectors_binary() -> Path:
    """The vectors runner (tests/go/vectors), built once per test process against every covered catalog."""
    if os.getpid() not in _BUILT:
        tool = go()
        with locked() as folder:
            work = workspace(folder, list(module_dirs(folder).values()))
            binary = folder / "bin" / "vectors"
            done = run([tool, "build", "-o", str(binary), "./vectors"], cwd=GO_DIR, env={"GOWORK": str(work)})
            assert done.returncode == 0, f"go build ./vectors failed:\n{done.stdout}{done.stderr}"
        _BUILT[os.getpid()] = binary
    return _BUILT[os.getpid()]


def go_env(work: Path) -> dict[str, str]:
    """The environment of a go command in workspace `work`."""
    return {"GOWORK": str(work)}


EXAMPLE_DIR = ROOT / "examples" / "go_workbook_server"


def example_binary() -> Path:
    """The Go SDK example server (examples/go_workbook_server), built into the cache folder."""
    tool = go()
    with locked() as folder:
        binary = folder / "bin" / "go_workbook_server"
        done = run([tool, "build", "-o", str(binary), "."], cwd=EXAMPLE_DIR, env={"GOWORK": "off"})
        assert done.returncode == 0, f"go build examples/go_workbook_server failed:\n{done.stdout}{done.stderr}"
    return binary


STATICCHECK = "honnef.co/go/tools/cmd/staticcheck@v0.8.2"


def staticcheck() -> str:
    """staticcheck (pinned), installed into the cache folder from the Go proxy on first use."""
    tool = go()
    with locked() as folder:
        binary = folder / "bin" / "staticcheck"
        if not binary.exists():
            done = run([tool, "install", STATICCHECK], cwd=GO_DIR, env={"GOBIN": str(binary.parent), "GOWORK": "off"})
            if done.returncode != 0:
                unavailable(f"`go install {STATICCHECK}` failed (no Go proxy?):\n{done.stderr[-2000:]}")
    return str(binary)


def golden_modules() -> dict[str, Path]:
    """The Go modules of the good golden cases (``tests/cases/good_*/expected/<name>/go``), by catalog name."""
    return {p.parent.name: p for p in sorted((ROOT / "tests" / "cases").glob("good_*/expected/*/go"))}


def workspace_of_all() -> tuple[Path, dict[str, Path]]:
    """The go.work of every covered catalog and golden case (generating what is missing) and the module folders."""
    with locked() as folder:
        modules = {**module_dirs(folder), **golden_modules()}
        return workspace(folder, list(modules.values()), "all.go.work"), modules


LINEAR_DIR = GO_DIR / "linear"


def linear_binary() -> Path:
    """The linearity probe: the generated runtime (byte for byte) plus tests/go/linear, built once."""
    tool = go()
    with locked() as folder:
        module = folder / "linear"
        write_if_changed(module / "go.mod", f"module errgen.local/linear\n\ngo {go_target.GO_VERSION}\n")
        write_if_changed(module / "errgenrt" / "errgen_runtime.go", go_target.runtime_text(None))
        write_if_changed(module / "errgenrt" / "rules_probe.go", (LINEAR_DIR / "rules" / "rules_probe.go").read_text())
        write_if_changed(module / "main.go", (LINEAR_DIR / "probe" / "main.go").read_text())
        binary = folder / "bin" / "linear"
        done = run([tool, "build", "-tags", "linearprobe", "-o", str(binary), "."], cwd=module, env={"GOWORK": "off"})
        assert done.returncode == 0, f"go build of the linearity probe failed:\n{done.stdout}{done.stderr}"
    return binary
