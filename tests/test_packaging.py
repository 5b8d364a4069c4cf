"""The installed wheel works on its own: templates and schema ship inside the package."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

from conftest import ROOT


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
    venv.create(env_dir, system_site_packages=True, with_pip=False)
    python = env_dir / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    zipfile.ZipFile(wheel).extractall(site)

    project = tmp_path / "elsewhere"
    (project / "catalog").mkdir(parents=True)
    shutil.copy(ROOT / "catalog" / "workbook.yaml", project / "catalog" / "workbook.yaml")
    where = subprocess.run(
        [python, "-c",
         "import errgen, errgen.targets.templating as t; print(errgen.__file__); print(t.builtin_templates())"],
        cwd=project, check=True, capture_output=True, text=True,
    ).stdout.splitlines()  # fmt: skip
    assert all(line.startswith(site) for line in where), where
    result = subprocess.run([python, "-m", "errgen", "build"], cwd=project, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    built = project / "generated" / "workbook"
    assert (built / "docs" / "workbook.md").read_bytes() == (ROOT / "generated/workbook/docs/workbook.md").read_bytes()
