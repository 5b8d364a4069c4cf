"""The installed wheel works on its own: templates and schema ship inside the package.

The scratch venv the wheel goes into sees errgen's dependencies only from the interpreter running the tests
(a `.pth` line naming its site-packages), never the base interpreter's packages: a test that passes only on a
machine where they are also installed outside the venv proves nothing on a fresh one.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest
from conftest import IN_CI, ROOT


def test_wheel_contains_templates_and_builds_outside_the_repo(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    wheel = next(dist.glob("errgen-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for template in ROOT.joinpath("templates").rglob("*.jinja"):
        assert f"errgen/templates/{template.relative_to(ROOT / 'templates').as_posix()}" in names

    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=False)
    python = env_dir / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    zipfile.ZipFile(wheel).extractall(site)
    # errgen's dependencies, from the test interpreter's site-packages (after the wheel's own folder; a path
    # line adds the folder without running its .pth files, so the checkout's editable errgen stays out)
    Path(site, "test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")

    project = tmp_path / "elsewhere"
    (project / "catalog").mkdir(parents=True)
    shutil.copy(ROOT / "catalog" / "workbook.yaml", project / "catalog" / "workbook.yaml")
    shutil.copytree(ROOT / "catalog" / "workbook.locales", project / "catalog" / "workbook.locales")  # its German
    where = subprocess.run(
        [python, "-c",
         "import errgen, errgen.targets.common.templating as t; print(errgen.__file__); print(t.builtin_templates())"],
        cwd=project, check=True, capture_output=True, text=True,
    ).stdout.splitlines()  # fmt: skip
    assert all(line.startswith(site) for line in where), where
    result = subprocess.run([python, "-m", "errgen", "build"], cwd=project, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    built = project / "generated" / "workbook"
    assert (built / "docs" / "workbook.md").read_bytes() == (ROOT / "generated/workbook/docs/workbook.md").read_bytes()


def test_the_suite_runs_in_a_venv_isolated_from_the_base_interpreter() -> None:
    """The README's test command (`.ci/run`) makes a venv without the base interpreter's packages.

    In such a venv a test leaning on packages installed outside it fails, as it would on a fresh machine.
    """
    isolated = sys.prefix != sys.base_prefix and Path(sys.prefix, "pyvenv.cfg").read_text(encoding="utf-8")
    if isolated and "include-system-site-packages = false" in isolated:
        base_site = sysconfig.get_paths(vars={"base": sys.base_prefix, "platbase": sys.base_prefix})["purelib"]
        assert base_site not in sys.path
        return
    message = "the tests run outside an isolated venv (run them as the README says: python -m venv .venv ...)"
    if IN_CI:
        pytest.fail(message)
    pytest.skip(message)
