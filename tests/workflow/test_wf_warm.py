"""The no-change path: a warm ``errgen build`` / ``errgen check`` and ``errgen --help`` (issue 28).

A warm run is answered by the build cache before click, YAML or a target is imported (nor
`dataclasses`: importing it and generating the settings classes' methods was a quarter of a warm
run's machine instructions), and
says exactly what the whole command would; outputs are proven unchanged by their stat once
hashed, and any edit (same size, mtime put back) still sends the run to the full pipeline.
The top-level help is printed from the cache once click has rendered it, byte for byte as
click prints it.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from errgen.cli import helpcache, launcher
from errgen.workflow import buildcache
from errgen.workflow.project import from_settings, up_to_date

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = '[tool.errgen]\ncatalogs = ["catalog/*.yaml"]\nout = "generated"\n'

# Runs the console script's `main` as installed scripts do (``__main__`` without a package), then
# lists the modules that were imported.
PROBE = (
    "import sys; sys.argv = ['errgen', *sys.argv[1:]]\n"
    "from errgen.cli import launcher\n"
    "try:\n    launcher.run()\n"
    "except SystemExit:\n    pass\n"
    "heavy = ('click', 'yaml', 'jinja2', 'black', 'errgen.catalog.model', 'errgen.catalog.yamllib',"
    " 'errgen.output.writer', 'errgen.output.ownership', 'errgen.catalog.diagnostics', 'dataclasses')\n"
    "print(sorted(m for m in sys.modules if m in heavy or m.startswith('errgen.targets.') and 'common' not in m),"
    " file=sys.stderr)"
)


def _project(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    (folder / "catalog").mkdir(parents=True)
    shutil.copy(ROOT / "catalog" / "workbook.yaml", folder / "catalog" / "workbook.yaml")
    (folder / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    return folder


def _run(folder: Path, *args: str, cache: Path, env: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """stdout of the console script, and the heavy modules it imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=folder, capture_output=True, text=True, check=True,
        env={**os.environ, "ERRGEN_CACHE_DIR": str(cache), **(env or {})},
    )  # fmt: skip
    return done.stdout, ast.literal_eval(done.stderr.strip().splitlines()[-1])


def _click(folder: Path, *args: str, cache: Path) -> str:
    """stdout of the click command itself (no launcher)."""
    script = "import sys\nfrom errgen.cli.main import main\nmain(sys.argv[1:], prog_name='errgen')"
    done = subprocess.run(
        [sys.executable, "-c", script, *args], cwd=folder, capture_output=True, text=True, check=False,
        env={**os.environ, "ERRGEN_CACHE_DIR": str(cache)},
    )  # fmt: skip
    return done.stdout


@pytest.mark.parametrize(
    "args",
    [("build",), ("check",), ("check", "--no-diff"), ("build", "catalog/workbook.yaml", "-o", "out", "-t", "python"),
     ("check", "--out=out", "--target", "python", "catalog/workbook.yaml")],
)  # fmt: skip
def test_a_warm_run_imports_neither_click_nor_yaml_nor_a_target_and_says_what_click_says(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    folder, cache = _project(tmp_path), tmp_path / "cache"
    build = ["build", *args[1:]] if args[0] == "check" else list(args)
    build = [a for a in build if a != "--no-diff"]
    _run(folder, *build, cache=cache)
    out, heavy = _run(folder, *args, cache=cache)
    assert heavy == [], heavy
    assert out == _click(folder, *args, cache=cache)
    assert "0 written" in out or "up to date" in out


def test_a_run_the_cache_cannot_answer_goes_to_click(tmp_path: Path) -> None:
    folder, cache = _project(tmp_path), tmp_path / "cache"
    first, heavy = _run(folder, "build", cache=cache)
    assert "click" in heavy and "written" in first
    for args in (("check", "--against", "HEAD"), ("build", "-h"), ("build", "-tpython"), ("build", "--out=")):
        assert launcher._arguments(args[0], list(args[1:])) is None, args
    (folder / "catalog" / "workbook.yaml").write_text(
        (folder / "catalog" / "workbook.yaml").read_text(encoding="utf-8") + "\n", encoding="utf-8"
    )
    out, heavy = _run(folder, "check", cache=cache)
    assert "click" in heavy and "out of date" not in out  # the catalog's bytes changed: the whole check ran


def _settled(monkeypatch: pytest.MonkeyPatch, cache: Path) -> None:
    monkeypatch.setenv("ERRGEN_CACHE_DIR", str(cache))
    monkeypatch.setattr(buildcache, "SETTLE_NS", 0)  # every stat counts as settled at once


def test_outputs_are_hashed_once_then_proven_by_their_stat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder, cache = _project(tmp_path), tmp_path / "cache"
    _run(folder, "build", cache=cache)
    project = from_settings(cwd=folder)
    hashed: list[Path] = []
    real = buildcache._hash_file
    monkeypatch.setattr(buildcache, "_hash_file", lambda path: hashed.append(path) or real(path))
    _settled(monkeypatch, cache)
    count = up_to_date(project)
    assert count is not None and len(hashed) == count  # written by the build: hashed, then recorded
    hashed.clear()
    assert up_to_date(project) == count and hashed == []  # the stats prove them now


def test_a_same_size_edit_is_found_even_with_its_mtime_put_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, cache = _project(tmp_path), tmp_path / "cache"
    _run(folder, "build", cache=cache)
    _settled(monkeypatch, cache)
    project = from_settings(cwd=folder)
    assert up_to_date(project) is not None and up_to_date(project) is not None  # stats recorded
    schema = folder / "generated" / "workbook" / "schema" / "workbook.schema.json"
    before = schema.stat()
    text = schema.read_text(encoding="utf-8")
    schema.write_text(text.replace('"minLength": 1', '"minLength": 2', 1), encoding="utf-8")
    os.utime(schema, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert schema.stat().st_size == before.st_size and schema.stat().st_mtime_ns == before.st_mtime_ns
    assert up_to_date(project) is None
    out, _ = _run(folder, "build", cache=cache)
    assert "1 written" in out and schema.read_text(encoding="utf-8") == text


def test_a_file_written_moments_ago_is_never_trusted_by_its_stat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write in the same tick of the file system's clock as the recorded stat would leave it unchanged."""
    folder, cache = _project(tmp_path), tmp_path / "cache"
    monkeypatch.setenv("ERRGEN_CACHE_DIR", str(cache))
    _run(folder, "build", cache=cache)
    project = from_settings(cwd=folder)
    for _ in range(3):
        assert up_to_date(project) is not None
    key = buildcache.build_key(project)
    entry = (cache / "builds" / f"{key}.json").read_text(encoding="utf-8")
    assert '"stats": {}' in entry  # everything is younger than SETTLE_NS: hashed on every run until then


def test_a_deleted_output_is_rebuilt(tmp_path: Path) -> None:
    folder, cache = _project(tmp_path), tmp_path / "cache"
    _run(folder, "build", cache=cache)
    (folder / "generated" / "workbook" / "docs" / "workbook.md").unlink()
    out, heavy = _run(folder, "build", cache=cache)
    assert "errgen.catalog.model" in heavy and "1 written" in out
    assert "click" not in heavy  # a plain build runs `errgen.cli.building.build` without the click group


def test_help_from_the_cache_is_what_click_prints(tmp_path: Path) -> None:
    folder, cache = _project(tmp_path), tmp_path / "cache"
    for env in ({"COLUMNS": "60"}, {"COLUMNS": "100"}, {"COLUMNS": "200"}, {"COLUMNS": "", "LANG": "C"}):
        expected = subprocess.run(
            [sys.executable, "-c", "from errgen.cli.main import main; main(['--help'], prog_name='errgen')"],
            cwd=folder, capture_output=True, text=True, check=True, env={**os.environ, **env},
        ).stdout  # fmt: skip
        first, heavy_first = _run(folder, "--help", cache=cache, env=env)
        again, heavy_again = _run(folder, "-h", cache=cache, env=env)
        assert first == again == expected, env
        assert "click" in heavy_first and heavy_again == [], env
    assert len(list((cache / "help").iterdir())) == 4  # one entry per width and locale
    off, heavy = _run(folder, "--help", cache=tmp_path / "unused", env={"ERRGEN_CACHE_DIR": ""})
    assert off == expected and "click" in heavy and not (tmp_path / "unused").exists()


def test_help_cache_follows_the_build_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for env in ({"ERRGEN_CACHE_DIR": str(tmp_path / "a")}, {"XDG_CACHE_HOME": str(tmp_path / "x")},
                {"XDG_CACHE_HOME": "relative"}, {"HOME": str(tmp_path / "home")}):  # fmt: skip
        for name in ("ERRGEN_CACHE_DIR", "XDG_CACHE_HOME"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        root = buildcache.cache_root()
        assert root is not None and helpcache.folder() == str(root / "help"), env
    monkeypatch.setenv("ERRGEN_CACHE_DIR", "")
    assert buildcache.cache_root() is None and helpcache.folder() is None


def test_a_changed_translation_file_is_a_changed_input(tmp_path: Path) -> None:
    folder, cache = _project(tmp_path), tmp_path / "cache"
    shutil.copytree(ROOT / "catalog" / "workbook.locales", folder / "catalog" / "workbook.locales")
    _run(folder, "build", cache=cache)
    out, heavy = _run(folder, "check", cache=cache)
    assert "up to date" in out and "click" not in heavy
    translation = next((folder / "catalog" / "workbook.locales").glob("*.yaml"))
    translation.write_text(translation.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    out, heavy = _run(folder, "check", cache=cache)
    assert "click" in heavy  # the key changed: the whole check ran
