"""``errgen docs inject`` never harms the file it updates: a failed write leaves it as it was, byte for byte.

Each failure is real where the machine allows it: a file-size limit (``RLIMIT_FSIZE``, the kernel
refuses with EFBIG exactly as a full disk refuses with ENOSPC) and read-only files and folders
(mode bits for a user; the immutable attribute for root, who ignores mode bits). ENOSPC itself
and a failing rename are injected in-process.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from workflow.util import ROOT, errgen

STALE = "<!-- errgen:begin workbook -->\nstale\n<!-- errgen:end -->\n"


def _project(folder: Path, readme: str | bytes) -> Path:
    """A project in `folder` with the shipped catalogs and a README.md; returns the README's path."""
    shutil.copytree(ROOT / "catalog", folder / "catalog")
    (folder / "pyproject.toml").write_text('[tool.errgen]\ncatalogs = ["catalog/*.yaml"]\n', encoding="utf-8")
    path = folder / "README.md"
    path.write_bytes(readme if isinstance(readme, bytes) else readme.encode("utf-8"))
    return path


def _big_readme() -> bytes:
    """About 1 MB of hand-written text around one stale block."""
    words = "the project's own words, which must survive whatever errgen does"
    prose = "".join(f"Line {i}: {words}.\n" for i in range(13_000))
    return ("# Project\n\n" + STALE + "\n" + prose).encode("utf-8")


# Sets the limit inside the child (CPython ignores SIGXFSZ, so a write past it fails with EFBIG).
_BOOT = (
    "import resource, runpy, sys; limit = int(sys.argv.pop(1)); "
    "resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)); "
    "sys.argv[0] = 'errgen'; runpy.run_module('errgen', run_name='__main__', alter_sys=True)"
)


def _run_limited(limit: int, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m errgen ARGS`` in a child whose files cannot grow past `limit` bytes (killed if it hangs)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", _BOOT, str(limit), *args], cwd=cwd, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=env, timeout=120, check=False)  # fmt: skip


def test_a_full_disk_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    before = _big_readme()
    readme = _project(tmp_path, before)
    listing = sorted(os.listdir(tmp_path))
    done = _run_limited(64 * 1024, "docs", "inject", "README.md", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == f"errgen: cannot write README.md: {os.strerror(errno.EFBIG)}\n"
    assert readme.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == listing, "no temporary file is left behind"
    assert _run_limited(64 * 1024, "docs", "inject", "--check", "README.md", cwd=tmp_path).returncode == 1


def test_enospc_on_any_file_changes_no_file(shipped: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = _write(shipped, "A.md", STALE), _write(shipped, "B.md", STALE)
    listing = sorted(os.listdir(shipped))
    calls: list[int] = []

    def fsync(fd: int) -> None:  # the first file is staged, the second one does not fit
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", fsync)
    result = errgen("docs", "inject", "A.md", "B.md", cwd=shipped)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "errgen: cannot write B.md: No space left on device\n"
    assert (first.read_text(encoding="utf-8"), second.read_text(encoding="utf-8")) == (STALE, STALE)
    assert sorted(os.listdir(shipped)) == listing


@pytest.mark.parametrize("code", [errno.EISDIR, errno.EACCES, errno.EROFS, errno.EXDEV], ids=errno.errorcode.get)
def test_a_failed_rename_is_one_line(shipped: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    readme = _write(shipped, "README.md", STALE)
    listing = sorted(os.listdir(shipped))

    def replace(src: object, dst: object) -> None:
        raise OSError(code, os.strerror(code), str(dst))

    monkeypatch.setattr(os, "replace", replace)
    result = errgen("docs", "inject", "README.md", cwd=shipped)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"errgen: cannot write README.md: {os.strerror(code)}\n"
    assert readme.read_text(encoding="utf-8") == STALE
    assert sorted(os.listdir(shipped)) == listing


@contextmanager
def _read_only(path: Path) -> Iterator[str]:
    """Make `path` read-only for this process; yields the reason the OS gives for a refused write."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & ~0o222)
        try:
            yield os.strerror(errno.EACCES)
        finally:
            path.chmod(mode)
        return
    if shutil.which("chattr") is None:
        raise AssertionError("chattr is required to make a file read-only for root")
    subprocess.run(["chattr", "+i", str(path)], check=True)  # root ignores mode bits, not the immutable flag
    try:
        yield os.strerror(errno.EPERM)
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_file_or_folder_is_reported_and_kept(shipped: Path, what: str) -> None:
    docs = shipped / "docs"
    docs.mkdir()
    readme = _write(docs, "README.md", STALE)
    with _read_only(readme if what == "file" else docs) as reason:
        result = errgen("docs", "inject", "docs/README.md", cwd=shipped)
        listing = sorted(os.listdir(docs))
        check = errgen("docs", "inject", "--check", "docs/README.md", cwd=shipped)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"errgen: cannot write docs/README.md: {reason}\n"
    assert readme.read_text(encoding="utf-8") == STALE
    assert listing == ["README.md"]
    assert check.exit_code == 1, "--check works where nothing can be written"


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("mode", [0o640, 0o755, 0o600])
def test_the_file_keeps_its_mode(shipped: Path, mode: int) -> None:
    readme = _write(shipped, "README.md", STALE)
    readme.chmod(mode)
    assert errgen("docs", "inject", "README.md", cwd=shipped).stdout == "updated: README.md\n"
    assert stat.S_IMODE(readme.stat().st_mode) == mode
    assert readme.read_text(encoding="utf-8") != STALE


def test_a_symlink_stays_a_symlink(shipped: Path) -> None:
    (shipped / "docs").mkdir()
    real = _write(shipped / "docs", "errors.md", STALE)
    link = shipped / "README.md"
    link.symlink_to(Path("docs") / "errors.md")
    assert errgen("docs", "inject", "README.md", cwd=shipped).stdout == "updated: README.md\n"
    assert link.is_symlink() and os.readlink(link) == os.path.join("docs", "errors.md")
    assert "| `invalid_input` |" in real.read_text(encoding="utf-8")
    assert sorted(os.listdir(shipped / "docs")) == ["errors.md"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another user")
def test_the_file_keeps_its_owner(shipped: Path) -> None:
    readme = _write(shipped, "README.md", STALE)
    os.chown(readme, 65534, 65534)
    assert errgen("docs", "inject", "README.md", cwd=shipped).stdout == "updated: README.md\n"
    assert (readme.stat().st_uid, readme.stat().st_gid) == (65534, 65534)


def test_a_fifo_is_refused_not_read(tmp_path: Path) -> None:
    _project(tmp_path, "")
    (tmp_path / "README.md").unlink()
    os.mkfifo(tmp_path / "README.md")
    done = _run_limited(1 << 30, "docs", "inject", "README.md", cwd=tmp_path)  # reading a FIFO would block forever
    assert done.returncode == 2
    assert "README.md:1:1: error: cannot read file: not a regular file" in done.stderr
    assert "Traceback" not in done.stderr
