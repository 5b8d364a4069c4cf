"""Every fenced code block in the project's Markdown either runs or says it is illustrative.

Blocks are found with markdown-it-py (what a renderer shows as a code block). By the first
word of the info string:

* ``python`` runs in a fresh interpreter with every shipped catalog's generated package importable;
* ``ts`` compiles with ``tsc --strict`` (tests/ts/tsconfig.json) beside the generated TypeScript;
* ``sh`` / ``console``: every command (``$ `` lines in ``console``) must be an ``errgen`` invocation,
  run on a scratch copy of the repository, exit 0 or 1 and print no traceback;
* ``yaml``: a whole catalog (``errgen: 1``) must pass ``errgen validate``;
* ``toml``: parses, and a ``[tool.errgen]`` table must be accepted by errgen's config reader;
* ``json``: parses;
* ``go``: a whole program (``package main``), built and run (exit 0) in a module whose ``go.mod``
  is the page's ``gomod`` block (its ``replace`` paths made absolute), beside the generated Go.
* ``rust`` compiles and runs in the Rust test workspace (tests/rust/test_rust_docs.py).

Anything else, and any block that is only a fragment, carries ``illustrative`` after the
language (```` ```yaml illustrative ````): renderers ignore the extra word.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from conftest import ROOT
from markdown_it import MarkdownIt

RUNNABLE = ("python", "ts", "sh", "console", "yaml", "toml", "json", "go", "gomod", "rust")
MARK = "illustrative"


@dataclass(frozen=True)
class Block:
    """One fenced block: where it is, its language, whether it is marked illustrative, its text."""

    path: str
    line: int
    lang: str
    illustrative: bool
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} ({self.lang or 'no language'})"


def markdown_files() -> list[Path]:
    tracked = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True)
    skip = ("generated/", "tests/", "CHANGELOG.md")
    return [ROOT / rel for rel in tracked.stdout.split() if not rel.startswith(skip)]


def blocks() -> list[Block]:
    found = []
    parser = MarkdownIt("commonmark")
    for path in markdown_files():
        for token in parser.parse(path.read_text(encoding="utf-8")):
            if token.type in ("fence", "code_block") and token.map:
                words = token.info.split()
                lang = words[0] if words else ""
                rel = path.relative_to(ROOT).as_posix()
                found.append(Block(rel, token.map[0] + 1, lang, MARK in words[1:], token.content))
    return found


ALL = blocks()


def of(*langs: str) -> list[Block]:
    return [b for b in ALL if b.lang in langs and not b.illustrative]


def ids(items: list[Block]) -> list[str]:
    return [str(b) for b in items]


def test_every_block_runs_or_is_marked_illustrative() -> None:
    unmarked = [str(b) for b in ALL if b.lang not in RUNNABLE and not b.illustrative]
    assert unmarked == [], f"mark these ```<lang> {MARK}``` or make them runnable"
    assert len(ALL) > 30, "the Markdown files were not found"


def test_ci_runs_exactly_the_readme_test_command() -> None:
    """The README's second command is what `.ci/run` runs (so CI proves it works on a fresh clone)."""
    readme = [b for b in ALL if b.path == "README.md" and b.lang == "sh"]
    test_command = readme[1].text.strip()
    assert "pytest" in test_command
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    ci = [line for line in lines if line and not line.startswith(("#", "set ", "cd "))]
    assert ci[-1] == test_command
    # before it only the install of what the suite needs from Debian's packages (a clean CI machine lacks it)
    assert ci[:-1] == [
        "if [ ! -x /usr/bin/chromium ]; then",
        "  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium",
        "fi",
    ]


# -- python ------------------------------------------------------------------------------------


@pytest.mark.parametrize("block", of("python"), ids=ids(of("python")))
def test_python_blocks_run(block: Block) -> None:
    paths = [str(p) for p in sorted((ROOT / "generated").glob("*/python"))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    result = subprocess.run([sys.executable, "-c", block.text], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120, check=False)  # fmt: skip
    assert result.returncode == 0, f"{block}\n{result.stderr}"


# -- TypeScript --------------------------------------------------------------------------------


def test_typescript_blocks_compile_under_tsc_strict(tmp_path: Path) -> None:
    from ts.harness import ensure_node_modules, run, tool

    items = of("ts")
    assert items, "no TypeScript block"
    modules = ensure_node_modules()
    for source in sorted((ROOT / "generated").glob("*/ts/*.ts")):
        shutil.copy(source, tmp_path / source.name)
    for index, block in enumerate(items):
        (tmp_path / f"block{index}.ts").write_text(f"// {block}\n{block.text}", encoding="utf-8")
    (tmp_path / "package.json").write_text('{"type": "module", "private": true}\n')
    (tmp_path / "node_modules").symlink_to(modules, target_is_directory=True)
    config = {"extends": str(ROOT / "tests" / "ts" / "tsconfig.json"), "include": ["*.ts"]}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    tsc = run([tool("node"), str(modules / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"], cwd=tmp_path)
    names = {f"block{i}.ts": str(b) for i, b in enumerate(items)}
    report = "\n".join(next((f"{v}: {line}" for k, v in names.items() if line.startswith(k)), line)
                       for line in tsc.stdout.splitlines())  # fmt: skip
    assert tsc.returncode == 0, report


# -- shell -------------------------------------------------------------------------------------


def commands(block: Block) -> list[tuple[str, list[str]]]:
    """The commands of a sh or console block (continuations joined, comments left out), each with the
    output a console block shows after it."""
    lines = block.text.replace("\\\n", " ").splitlines()
    found: list[tuple[str, list[str]]] = []
    for line in lines:
        if block.lang == "console" and not line.startswith("$ "):
            if found and line.strip():
                found[-1][1].append(line.rstrip())
            continue
        command = line.removeprefix("$ ").split(" #")[0].strip()
        if command and not command.startswith("#"):
            found.append((command, []))
    return found


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository's tracked files, a git repository of its own, and an ``errgen`` on PATH."""
    copy = tmp_path_factory.mktemp("pristine") / "repo"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, tracked.decode().split("\0")):
        if (ROOT / rel).is_file() and not rel.startswith("tests/"):
            (copy / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, copy / rel)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-qm", "scratch"]):
        subprocess.run([*git, *args], cwd=copy, check=True, capture_output=True)
    shim = copy.parent / "bin" / "errgen"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m errgen "$@"\n')
    shim.chmod(0o755)
    return copy


@pytest.mark.parametrize("block", of("sh", "console"), ids=ids(of("sh", "console")))
def test_shell_blocks_are_errgen_commands_that_run(block: Block, pristine: Path, tmp_path: Path) -> None:
    """Each command runs on its own copy of the repository; what a console block shows is what it prints."""
    scratch = tmp_path / "repo"
    shutil.copytree(pristine, scratch, symlinks=True)
    found = commands(block)
    assert found, f"{block}: no command"
    others = [c for c, _ in found if shlex.split(c)[0] != "errgen"]
    assert others == [], f"{block}: not an errgen command; mark the block {MARK}"
    env = {**os.environ, "PATH": f"{pristine.parent / 'bin'}{os.pathsep}{os.environ['PATH']}", "ERRGEN_CACHE_DIR": ""}
    for command, shown in found:
        result = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, capture_output=True, text=True,
                                timeout=300, check=False)  # fmt: skip
        assert "Traceback" not in result.stderr, f"{block}: {command}\n{result.stderr}"
        printed = [line.rstrip() for line in (result.stdout + result.stderr).splitlines()]
        missing = [line for line in shown if "…" not in line and line not in printed]
        assert missing == [], f"{block}: `{command}` does not print what the block shows\n" + "\n".join(printed)
        assert shown or result.returncode in (0, 1), f"{block}: {command} exited {result.returncode}"


# -- data --------------------------------------------------------------------------------------


@pytest.mark.parametrize("block", of("yaml"), ids=ids(of("yaml")))
def test_yaml_blocks_are_catalogs_that_validate(block: Block, tmp_path: Path) -> None:
    data = yaml.safe_load(block.text)
    assert isinstance(data, dict) and "errgen" in data, f"{block}: not a whole catalog; mark it {MARK}"
    (tmp_path / "catalog.yaml").write_text(block.text, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "errgen", "validate", "catalog.yaml"], cwd=tmp_path,
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode == 0, f"{block}\n{result.stderr}"


@pytest.mark.parametrize("block", of("toml"), ids=ids(of("toml")))
def test_toml_blocks_are_accepted_by_the_config_reader(block: Block, tmp_path: Path) -> None:
    from errgen.workflow.config import load_config

    data = tomllib.loads(block.text)
    if "errgen" in data.get("tool", {}):
        (tmp_path / "pyproject.toml").write_text(block.text, encoding="utf-8")
        load_config(tmp_path)  # raises ConfigError on any mistake


@pytest.mark.parametrize("block", of("json"), ids=ids(of("json")))
def test_json_blocks_parse(block: Block) -> None:
    json.loads(block.text)


# -- Go ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("block", of("go"), ids=ids(of("go")))
def test_go_blocks_run(block: Block, tmp_path: Path) -> None:
    from go import harness

    modules = [b for b in of("gomod") if b.path == block.path]
    assert len(modules) == 1, f"{block}: its page needs exactly one gomod block (the programs' go.mod)"
    go_mod = modules[0].text.replace("=> ./generated/", f"=> {ROOT / 'generated'}/")
    (tmp_path / "go.mod").write_text(go_mod, encoding="utf-8")
    for sums in sorted((ROOT / "generated").glob("*/go/**/go.sum")):  # the generated modules' (adapters') go.sum
        with open(tmp_path / "go.sum", "a", encoding="utf-8") as out:
            out.write(sums.read_text(encoding="utf-8"))
    (tmp_path / "main.go").write_text(f"// {block}\n{block.text}", encoding="utf-8")
    env = {"GOWORK": "off", "GOFLAGS": "-mod=mod"}
    done = harness.run([harness.go(), "run", "."], cwd=tmp_path, env=env, timeout=600)
    assert done.returncode == 0, f"{block}\n{done.stdout}{done.stderr}"


def test_every_gomod_block_serves_go_blocks() -> None:
    pages = {b.path for b in of("go")}
    assert [str(b) for b in of("gomod") if b.path not in pages] == []
