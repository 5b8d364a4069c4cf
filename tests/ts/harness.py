"""Build and run the TypeScript test program with the real toolchain (npm, tsc, node).

`program()` generates the TypeScript of every catalog (shipped, `tests/ts/catalogs/`,
and the good golden cases) into a temporary tree laid out like the repository,
adds the test sources of `tests/ts/`, and type-checks all of it as ONE `tsc`
program with the strict flags of `tests/ts/tsconfig.json`, emitting JavaScript for
`node --test`. A missing node or npm fails the tests; nothing is skipped.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import load_catalog
from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.typescript import target as typescript

ROOT = Path(__file__).resolve().parents[2]
TS_DIR = ROOT / "tests" / "ts"
SEEDS_DIR = ROOT / "tests" / "seeds"
MIN_NODE = 20


@dataclass(frozen=True)
class Program:
    """The compiled test program: where it lives and what tsc said."""

    root: Path
    catalogs: dict[str, Catalog]
    tsc: subprocess.CompletedProcess[str]

    @property
    def out(self) -> Path:
        """Folder of the emitted JavaScript (same layout as `root`)."""
        return self.root / "out"

    def node(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        """Run node in the program folder."""
        return run([tool("node"), *args], cwd=self.root, stdin=stdin)


def run(cmd: list[str], cwd: Path, stdin: str | None = None, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    """Run a command, capturing text output (never raises on a non-zero exit)."""
    return subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=timeout, check=False)


def tool(name: str) -> str:
    """Absolute path of `name` on PATH, or a test failure saying how to get it."""
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"`{name}` is not on PATH: the TypeScript tests need Node.js >= {MIN_NODE} with npm")
    return found


def catalog_paths() -> list[Path]:
    """Every catalog whose TypeScript the program type-checks."""
    cases = [p / "catalog.yaml" for p in sorted((ROOT / "tests" / "cases").glob("good_*"))]
    return sorted((ROOT / "catalog").glob("*.yaml")) + sorted((TS_DIR / "catalogs").glob("*.yaml")) + cases


def load(path: Path) -> Catalog:
    """Compile one catalog file, failing the test with its diagnostics if it is invalid."""
    diags = Diagnostics()
    rel = path.relative_to(ROOT).as_posix()
    doc = load_catalog(path, rel, diags)
    catalog = compile_catalog(doc, diags) if doc is not None else None
    if catalog is None:
        pytest.fail(f"{rel} does not compile:\n" + "\n".join(d.format() for d in diags.items))
    return catalog


def ensure_node_modules() -> Path:
    """`npm ci` in tests/ts when node_modules is missing or differs from package-lock.json."""
    version = run([tool("node"), "--version"], cwd=TS_DIR).stdout.strip()
    if int(version.lstrip("v").split(".")[0]) < MIN_NODE:
        pytest.fail(f"Node.js {version} is too old: the TypeScript tests need Node.js >= {MIN_NODE}")
    modules = TS_DIR / "node_modules"
    with open(TS_DIR / "package-lock.json", "rb") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)  # one `npm ci` at a time (pytest-xdist workers)
        if stale_packages(modules):
            done = run([tool("npm"), "ci", "--no-audit", "--no-fund"], cwd=TS_DIR)
            if done.returncode != 0 or stale_packages(modules):
                pytest.fail(f"`npm ci` in {TS_DIR} failed:\n{done.stdout}\n{done.stderr}")
    return modules


def stale_packages(modules: Path) -> list[str]:
    """Locked packages that are missing from `modules` or installed at another version."""
    lock = json.loads((TS_DIR / "package-lock.json").read_text(encoding="utf-8"))
    stale = []
    for key, meta in lock["packages"].items():
        if not key.startswith("node_modules/") or meta.get("optional"):
            continue
        manifest = TS_DIR / key / "package.json"
        installed = json.loads(manifest.read_text(encoding="utf-8")).get("version") if manifest.exists() else None
        if installed != meta["version"]:
            stale.append(key)
    return stale


def write_generated(root: Path, catalogs: dict[str, Catalog]) -> None:
    """Generate every catalog's TypeScript into ``root/generated/<name>/ts/``."""
    for name, catalog in catalogs.items():
        for rel, text in typescript.generate(catalog, TargetOptions()).items():
            path = root / "generated" / name / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")


def write_project(root: Path, modules: Path) -> None:
    """package.json, node_modules link, the test sources and a tsconfig extending tests/ts/tsconfig.json."""
    (root / "package.json").write_text('{"type": "module", "private": true}\n', encoding="utf-8")
    (root / "node_modules").symlink_to(modules, target_is_directory=True)
    tests = root / "tests" / "ts"
    tests.mkdir(parents=True)
    for source in sorted(TS_DIR.glob("*.ts")):
        shutil.copy(source, tests / source.name)
    corpus = root / "tests" / "contract"  # the fuzz corpus tests/ts/fuzz.test.ts replays
    corpus.mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "contract" / "fuzz_corpus.jsonl", corpus / "fuzz_corpus.jsonl")
    for source in sorted(SEEDS_DIR.glob("*/*.ts")):  # the seeds' own code (tests/seeds/README.md)
        target = root / source.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, target)
    config = {
        "extends": str(TS_DIR / "tsconfig.json"),
        "compilerOptions": {"noEmit": False, "noEmitOnError": True, "rootDir": ".", "outDir": "out"},
        "include": ["generated/**/*.ts", "tests/ts/*.ts", "tests/seeds/*/*.ts"],
    }
    (root / "tsconfig.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


_BUILT: dict[int, Program] = {}


def program(tmp: Path) -> Program:
    """The compiled program (built once per test process)."""
    if os.getpid() not in _BUILT:
        modules = ensure_node_modules()
        catalogs = {c.name: c for c in map(load, catalog_paths())}
        write_generated(tmp, catalogs)
        write_project(tmp, modules)
        tsc = run([tool("node"), str(modules / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"], cwd=tmp)
        _BUILT[os.getpid()] = Program(tmp, catalogs, tsc)
    return _BUILT[os.getpid()]


@cache
def seed_test_files() -> tuple[str, ...]:
    """The seeds' node:test files, as paths below the program root without ``.ts`` (``tests/seeds/*/*.test.ts``)."""
    return tuple(sorted(p.relative_to(ROOT).as_posix().removesuffix(".ts") for p in SEEDS_DIR.glob("*/*.test.ts")))


@cache
def node_test_files() -> tuple[str, ...]:
    """Names of the node:test files (``tests/ts/*.test.ts``)."""
    return tuple(sorted(p.name.removesuffix(".ts") for p in TS_DIR.glob("*.test.ts")))


EXAMPLE_DIR = ROOT / "examples" / "ts_workbook_server"
CLIENTS_DIR = ROOT / "tests" / "conform_live" / "clients"


def example_project() -> Path:
    """The TypeScript example servers (examples/ts_workbook_server, on SDK 2.x and 1.x) and the SDK clients
    (tests/conform_live/clients), compiled once into the test cache (``<cache>/ts-example-<inputs hash>/out``)
    against the committed generated/workbook/ts; the hash covers every input, so a change rebuilds."""
    import hashlib

    from rust import harness as rust_harness

    generated_ts = (ROOT / "generated" / "workbook" / "ts").glob("*.ts")
    sources = sorted([*EXAMPLE_DIR.glob("*.ts"), *CLIENTS_DIR.glob("*.ts"), *generated_ts,
                      TS_DIR / "package-lock.json", TS_DIR / "tsconfig.json"])  # fmt: skip
    digest = hashlib.sha256(b"".join(p.relative_to(ROOT).as_posix().encode() + p.read_bytes() for p in sources))
    root = rust_harness.cache_dir() / f"ts-example-{digest.hexdigest()[:12]}"
    modules = ensure_node_modules()
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        link = root / "node_modules"  # the packages of this checkout (a cache built by another clone links to its own)
        if link.is_symlink() and link.readlink() != modules:
            link.unlink()
        if not link.is_symlink():
            link.symlink_to(modules, target_is_directory=True)
        if (root / "out" / ".built").exists():
            return root / "out"
        for source in sources:
            if source.suffix == ".ts":
                target = root / source.relative_to(ROOT)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(source, target)
        (root / "package.json").write_text('{"type": "module", "private": true}\n', encoding="utf-8")
        config = {
            "extends": str(TS_DIR / "tsconfig.json"),
            "compilerOptions": {"noEmit": False, "noEmitOnError": True, "rootDir": ".", "outDir": "out"},
            "include": ["generated/**/*.ts", "examples/**/*.ts", "tests/**/*.ts"],
        }
        (root / "tsconfig.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
        tsc = run([tool("node"), str(modules / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"], cwd=root)
        assert tsc.returncode == 0, f"tsc of the TypeScript example failed:\n{tsc.stdout}{tsc.stderr}"
        (root / "out" / "package.json").write_text('{"type": "module", "private": true}\n', encoding="utf-8")
        (root / "out" / ".built").write_text("", encoding="utf-8")
    return root / "out"


def example_server(line: str) -> list[str]:
    """The command that runs the TypeScript example server on SDK `line` (``"2"`` or ``"1"``)."""
    name = "server.js" if line == "2" else "server-v1.js"
    return [tool("node"), str(example_project() / "examples" / "ts_workbook_server" / name)]
