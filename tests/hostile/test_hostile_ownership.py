"""errgen never harms the project it runs in (issue 16, observations 1, 2, 3, 5 and 6).

errgen overwrites or removes only files its manifest lists and it can prove it wrote;
it never goes through a symbolic link below its output folder; two builds on one
folder run one after the other; every OS error is one line and exit 2 with nothing
changed; and a folder that Python or the Finder has touched is still up to date.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from errgen.cli.main import main
from errgen.output.paths import MANIFEST

from .runner import ROOT, snapshot

WORKBOOK = ROOT / "catalog" / "workbook.yaml"
NO_CACHE = {"ERRGEN_CACHE_DIR": "", "PYTHONDONTWRITEBYTECODE": "1"}


def errgen(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real command line in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "errgen", *args], cwd=cwd, capture_output=True, text=True, timeout=300,
        env={**os.environ, **NO_CACHE, **(env or {})}, check=False,
    )  # fmt: skip


def one_line_failure(result: subprocess.CompletedProcess[str], *names: str) -> None:
    """Exit 2, no traceback, every line starts with ``errgen:``, each name mentioned."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stderr and all(line.startswith("errgen: ") for line in result.stderr.splitlines()), result.stderr
    for name in names:
        assert name in result.stderr, (name, result.stderr)


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A user's project: a package in src/, the workbook catalog, and [tool.errgen]."""
    (tmp_path / "catalog").mkdir()
    shutil.copy(WORKBOOK, tmp_path / "catalog" / "workbook.yaml")
    (tmp_path / "src" / "mypkg").mkdir(parents=True)
    (tmp_path / "src" / "mypkg" / "server.py").write_text("print('hand-written')\n")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "mypkg"\n')
    return tmp_path


# -- 1. ownership ------------------------------------------------------------------------------


def test_out_src_keeps_the_users_package(project: Path) -> None:
    """Observed: with out = "src" errgen deleted a hand-written src/mypkg/server.py."""
    (project / "pyproject.toml").write_text('[project]\nname = "mypkg"\n[tool.errgen]\nout = "src"\n')
    before = files(project / "src")
    for _ in range(2):
        result = errgen("build", cwd=project)
        assert result.returncode == 0, result.stderr
        assert "removed" not in result.stdout.replace("0 removed", "")
    after = files(project / "src")
    assert {k: v for k, v in after.items() if k in before} == before
    assert errgen("check", cwd=project).returncode == 0


def test_build_into_the_repository_root_touches_no_tracked_file(tmp_path: Path) -> None:
    """Observed: `errgen build -o .` in a clone deleted 397 of 404 tracked files."""
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    clone = tmp_path / "clone"
    for rel in tracked.decode().split("\0"):
        if rel and (ROOT / rel).is_file() and not rel.startswith("tests/ts/node_modules"):
            (clone / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, clone / rel)
    before = files(clone)
    result = errgen("build", "-o", ".", cwd=clone)
    assert result.returncode == 0, result.stderr
    after = files(clone)
    assert [rel for rel in before if after.get(rel) != before[rel]] == []
    assert errgen("build", "-o", ".", cwd=clone).returncode == 0
    assert [rel for rel in before if files(clone).get(rel) != before[rel]] == []


def test_files_a_user_adds_beside_generated_ones_are_neither_removed_nor_extra(project: Path) -> None:
    """Observed: generated/<catalog>/python/__init__.py and generated/<catalog>/NOTES.md were deleted."""
    assert errgen("build", cwd=project).returncode == 0
    mine = {
        project / "generated" / "workbook" / "python" / "__init__.py": "from .workbook_errors import *\n",
        project / "generated" / "workbook" / "NOTES.md": "# notes\n",
        project / "generated" / "README.md": "what this folder is\n",
        project / "generated" / "other" / "keep.txt": "a folder errgen never wrote\n",
    }
    for path, text in mine.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    check = errgen("check", cwd=project)
    assert check.returncode == 0 and "extra" not in check.stdout, check.stdout
    assert errgen("build", cwd=project).returncode == 0
    assert {path: path.read_text() for path in mine} == mine


def test_a_file_errgen_no_longer_generates_is_removed_and_listed(project: Path) -> None:
    """Files the manifest lists and that still hash as written are errgen's: removed, each named on stdout."""
    templates = project / "tpl" / "custom"
    templates.mkdir(parents=True)
    (templates / "codes.txt.jinja").write_text("{{ header }}\n{% for c in catalog.codes %}{{ c }}\n{% endfor %}")
    (templates / "plain.txt.jinja").write_text("no header here\n")
    assert errgen("build", "--templates", "tpl", cwd=project).returncode == 0
    gone = ["generated/workbook/codes.txt", "generated/workbook/plain.txt"]
    assert all((project / rel).is_file() for rel in gone)
    check = errgen("check", cwd=project)
    assert check.returncode == 1 and [f"extra:    {rel}" for rel in gone] == [
        line for line in check.stdout.splitlines() if line.startswith("extra")
    ], check.stdout
    result = errgen("build", cwd=project)
    assert result.returncode == 0, result.stderr
    removed = [line for line in result.stdout.splitlines() if line.startswith("removed")]
    assert removed == [f"removed: {rel}" for rel in gone]
    assert not any((project / rel).exists() for rel in gone)


def test_an_edited_file_without_header_that_is_no_longer_generated_is_kept_with_a_warning(project: Path) -> None:
    templates = project / "tpl" / "custom"
    templates.mkdir(parents=True)
    (templates / "plain.txt.jinja").write_text("no header here\n")
    assert errgen("build", "--templates", "tpl", cwd=project).returncode == 0
    plain = project / "generated" / "workbook" / "plain.txt"
    plain.write_text("my own notes now\n")
    result = errgen("build", cwd=project)
    assert result.returncode == 0 and plain.read_text() == "my own notes now\n"
    assert "warning: kept generated/workbook/plain.txt" in result.stderr


def test_a_hand_written_file_at_a_generated_path_stops_the_build_before_anything_is_written(project: Path) -> None:
    assert errgen("build", cwd=project).returncode == 0
    identity = project / "generated" / "workbook" / "identity.txt"
    identity.write_text("hand-written, no header\n")
    catalog = project / "catalog" / "workbook.yaml"
    catalog.write_text(catalog.read_text().replace("version: 1.4.0", "version: 1.5.0"))
    before = snapshot(project / "generated")
    result = errgen("build", cwd=project)
    one_line_failure(result, "generated/workbook/identity.txt")
    assert snapshot(project / "generated") == before
    assert errgen("check", cwd=project).returncode == 2


def test_a_generated_file_someone_edited_is_overwritten(project: Path) -> None:
    """The do-not-edit header proves it is errgen's even when its bytes changed."""
    assert errgen("build", cwd=project).returncode == 0
    docs = project / "generated" / "workbook" / "docs" / "workbook.md"
    original = docs.read_text()
    docs.write_text(original + "an edit\n")
    assert errgen("build", cwd=project).returncode == 0 and docs.read_text() == original


def test_the_folder_of_a_dropped_catalog_goes_only_with_its_manifest(project: Path) -> None:
    shutil.copy(ROOT / "catalog" / "napkin.yaml", project / "catalog" / "napkin.yaml")
    assert errgen("build", cwd=project).returncode == 0
    (project / "generated" / "napkin" / "mine.txt").write_text("mine\n")
    (project / "generated" / "lookalike").mkdir()
    (project / "generated" / "lookalike" / "x.py").write_text("# Code generated by errgen. DO NOT EDIT.\n")
    (project / "catalog" / "napkin.yaml").unlink()
    result = errgen("build", cwd=project)
    assert result.returncode == 0, result.stderr
    assert sorted(files(project / "generated" / "napkin")) == ["mine.txt"]
    assert (project / "generated" / "lookalike" / "x.py").is_file()


# -- 2. containment ----------------------------------------------------------------------------


def test_a_directory_link_out_of_the_output_folder_is_an_error(project: Path) -> None:
    """Observed: generated/<catalog> -> ../src/errgen made a plain build delete every file there."""
    assert errgen("build", cwd=project).returncode == 0
    shutil.rmtree(project / "generated" / "workbook")
    (project / "generated" / "workbook").symlink_to("../src/mypkg")
    before = snapshot(project / "src")
    for command in ("build", "check"):
        one_line_failure(errgen(command, cwd=project), "generated/workbook is a symbolic link")
    assert snapshot(project / "src") == before


def test_a_link_where_a_generated_file_goes_is_an_error(project: Path) -> None:
    assert errgen("build", cwd=project).returncode == 0
    target = project / "generated" / "workbook" / "identity.txt"
    target.unlink()
    (project / "outside.txt").write_text("precious\n")
    target.symlink_to(project / "outside.txt")
    one_line_failure(errgen("build", cwd=project), "generated/workbook/identity.txt is a symbolic link")
    assert (project / "outside.txt").read_text() == "precious\n" and target.is_symlink()


def test_a_manifest_naming_paths_outside_its_folder_is_ignored(project: Path) -> None:
    assert errgen("build", cwd=project).returncode == 0
    manifest = project / "generated" / "workbook" / MANIFEST
    data = json.loads(manifest.read_text())
    victim = project / "src" / "mypkg" / "server.py"
    data["targets"]["python"]["../../src/mypkg/server.py"] = "0" * 64
    manifest.write_text(json.dumps(data))
    assert errgen("build", cwd=project).returncode == 0
    assert victim.read_text() == "print('hand-written')\n"


# -- 3. concurrency ----------------------------------------------------------------------------


def test_racing_builds_serialize_and_never_leave_a_mixed_tree(tmp_path: Path) -> None:
    """Observed: two builds on one folder crashed with FileNotFoundError and mixed old and new files."""
    versions = {}
    for version in ("1.0.0", "2.0.0"):
        text = WORKBOOK.read_text().replace("version: 1.4.0", f"version: {version}")
        (tmp_path / f"v{version[0]}").mkdir()
        (tmp_path / f"v{version[0]}" / "workbook.yaml").write_text(text)
        assert errgen("build", f"v{version[0]}/workbook.yaml", "-o", f"ref{version[0]}", cwd=tmp_path).returncode == 0
        versions[version] = files(tmp_path / f"ref{version[0]}")
    env = {**os.environ, **NO_CACHE}
    for round_ in range(6):
        commands = [[sys.executable, "-m", "errgen", "build", f"v{v}/workbook.yaml", "-o", "out"] for v in "12"]
        procs = [
            subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
            for command in commands
        ]
        outputs = [proc.communicate(timeout=300) for proc in procs]
        for proc, (_out, err) in zip(procs, outputs, strict=True):
            assert proc.returncode == 0 and "Traceback" not in err, (round_, err)
        now = files(tmp_path / "out")
        assert now in list(versions.values()), f"round {round_}: a mixed tree"


# -- 5. OS errors ------------------------------------------------------------------------------


def test_an_output_folder_that_is_a_file_is_one_line_and_exit_2(project: Path) -> None:
    (project / "generated").write_text("a file\n")
    for command in ("build", "check"):
        one_line_failure(errgen(command, cwd=project), "cannot", "generated: not a directory")
    assert (project / "generated").read_text() == "a file\n"


def _limit_file_size() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_disk_full_changes_nothing(project: Path) -> None:
    """A file-size limit makes every write past 4 KiB fail (EFBIG), as a full disk would (ENOSPC)."""
    assert errgen("build", cwd=project).returncode == 0
    catalog = project / "catalog" / "workbook.yaml"
    catalog.write_text(catalog.read_text().replace("version: 1.4.0", "version: 1.5.0"))
    before = snapshot(project / "generated")
    result = subprocess.run(
        [sys.executable, "-m", "errgen", "build"], cwd=project, capture_output=True, text=True, timeout=300,
        env={**os.environ, **NO_CACHE}, preexec_fn=_limit_file_size, check=False,
    )  # fmt: skip
    one_line_failure(result, "cannot write generated/workbook/")
    assert len(result.stderr.splitlines()) == 1
    assert snapshot(project / "generated") == before


def test_a_read_only_folder_changes_nothing(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission bits do not stop root, so the refusal is injected where the writer creates its files."""
    assert errgen("build", cwd=project).returncode == 0
    catalog = project / "catalog" / "workbook.yaml"
    catalog.write_text(catalog.read_text().replace("version: 1.4.0", "version: 1.5.0"))
    before = snapshot(project / "generated")
    import tempfile

    real = tempfile.mkstemp
    calls = []

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        calls.append(kwargs.get("dir"))
        if len(calls) > 3:
            raise PermissionError(13, "Permission denied", str(kwargs.get("dir")))
        return real(*args, **kwargs)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    monkeypatch.chdir(project)
    monkeypatch.setenv("ERRGEN_CACHE_DIR", "")
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 2 and isinstance(result.exception, (SystemExit, type(None)))
    assert result.stderr.startswith("errgen: cannot write generated/workbook/") and "Permission denied" in result.stderr
    assert snapshot(project / "generated") == before


# -- 6. check after use ------------------------------------------------------------------------


def test_check_passes_after_the_module_is_imported_and_the_finder_visited(project: Path) -> None:
    """Observed: `extra: …/__pycache__/…pyc` after importing the generated module, and on a .DS_Store."""
    assert errgen("build", cwd=project).returncode == 0
    python = project / "generated" / "workbook" / "python"
    bytecode = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-c", "import workbook_errors"], cwd=python, check=True, env=bytecode)
    assert list(python.glob("*/__pycache__/*.pyc"))
    (project / "generated" / "workbook" / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")
    (project / "generated" / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")
    check = errgen("check", cwd=project)
    assert check.returncode == 0, check.stdout
    assert errgen("build", cwd=project).returncode == 0
    assert list(python.glob("*/__pycache__/*.pyc")) and (project / "generated" / ".DS_Store").exists()
