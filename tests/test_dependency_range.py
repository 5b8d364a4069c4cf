"""errgen's runtime dependencies are ranges, and both ends of each range give the same output.

The lowest version of every runtime dependency that ``pyproject.toml`` allows is installed
into a folder of its own (cached in ``.pytest_cache``), put in front of the test toolchain
on ``PYTHONPATH``, and a build of every shipped catalog and test case must be byte-identical
to the one the locked toolchain makes. Black is also run directly, on every generated module
at a narrow line length (so it makes many decisions), under both versions.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT, unavailable
from golden import read_tree
from packaging.version import Version

pytestmark = pytest.mark.slow

_LOWER = re.compile(r"^(?P<name>[A-Za-z0-9_.-]+)>=(?P<low>[0-9][0-9.]*),<(?P<high>[0-9][0-9.]*)$")
_BLACK_PROBE = (
    "import sys, black, pathlib\n"
    "mode = black.Mode(target_versions={black.TargetVersion.PY311}, line_length=60)\n"
    "for path in sorted(pathlib.Path(sys.argv[1]).glob('*/python/*/*.py')):\n"
    "    sys.stdout.write(black.format_str(path.read_text(), mode=mode))\n"
)


def runtime_ranges() -> dict[str, tuple[str, str]]:
    """Each runtime dependency's (lowest allowed, first excluded) version, read from pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    ranges = {}
    for requirement in project["dependencies"]:
        match = _LOWER.fullmatch(requirement.replace(" ", ""))
        assert match, f"{requirement!r}: a runtime dependency must be a range `name>=low,<high`, not a pin"
        ranges[match["name"]] = (match["low"], match["high"])
    return ranges


def test_runtime_dependencies_are_ranges_and_live_conformance_is_an_extra() -> None:
    ranges = runtime_ranges()
    assert "mcp" not in ranges, "the live conformance client belongs in the `conform` extra"
    low, high = ranges["black"]
    assert high.split(".")[0] == str(int(low.split(".")[0]) + 1), "black: one calendar year (its stability policy)"


@pytest.fixture(scope="module")
def lowest(pytestconfig: pytest.Config) -> Path:
    """A folder holding the lowest allowed version of every runtime dependency (installed once, then cached)."""
    pins = sorted(f"{name}=={low}" for name, (low, _high) in runtime_ranges().items())
    assert pytestconfig.cache is not None
    folder = pytestconfig.cache.mkdir("errgen-lowest-" + "-".join(pins).replace("==", "_"))
    if not (folder / ".complete").is_file():
        result = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target",
             str(folder), "--upgrade", *pins],
            capture_output=True, text=True, timeout=900, check=False,
        )  # fmt: skip
        if result.returncode != 0:
            unavailable(f"cannot install the lowest dependency versions ({' '.join(pins)}): {result.stderr[-500:]}")
        (folder / ".complete").write_text("\n".join(pins) + "\n")
    return folder


def _run(args: list[str], cwd: Path, first: Path | None) -> subprocess.CompletedProcess[str]:
    paths = [str(first)] if first else []
    env = {**os.environ, "ERRGEN_CACHE_DIR": "", "PYTHONPATH": os.pathsep.join([*paths, str(ROOT / "src")])}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, check=False)


def test_the_lowest_versions_build_the_same_bytes(lowest: Path, tmp_path: Path) -> None:
    ranges = runtime_ranges()
    probe = f"import json, importlib.metadata as m; print(json.dumps({{n: m.version(n) for n in {sorted(ranges)!r}}}))"
    found = json.loads(_run(["-c", probe], ROOT, lowest).stdout)
    assert {name: Version(v) for name, v in found.items()} == {name: Version(low) for name, (low, _) in ranges.items()}
    catalogs = [str(p) for p in sorted((ROOT / "catalog").glob("*.yaml"))]
    cases = [str(p / "catalog.yaml") for p in sorted((ROOT / "tests" / "cases").glob("good_*"))]
    trees = []
    for first, out in ((None, tmp_path / "locked"), (lowest, tmp_path / "lowest")):
        result = _run(["-m", "errgen", "build", *catalogs, *cases, "-o", str(out)], ROOT, first)
        assert result.returncode == 0, result.stderr
        trees.append(read_tree(out))
    assert trees[0] == trees[1]
    shipped = {rel: data for rel, data in trees[0].items() if rel.split("/")[0] in ("workbook", "napkin", "filetools")}
    committed = {rel: data for rel, data in read_tree(ROOT / "generated").items() if "__pycache__/" not in rel}
    assert shipped == committed  # (the example servers import generated/*/python: Python may cache bytecode there)


def test_the_lowest_versions_locate_config_mistakes(lowest: Path, tmp_path: Path) -> None:
    """tree-sitter, at its lowest allowed version, still places a [tool.errgen] mistake."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.errgen]\nout = 3\n')
    outputs = [_run(["-m", "errgen", "build"], tmp_path, first) for first in (None, lowest)]
    assert [o.returncode for o in outputs] == [2, 2]
    assert outputs[0].stderr == outputs[1].stderr and "pyproject.toml:5:7: error:" in outputs[0].stderr


def test_black_decides_the_same_across_its_range(lowest: Path) -> None:
    outputs = [_run(["-c", _BLACK_PROBE, str(ROOT / "generated")], ROOT, first) for first in (None, lowest)]
    assert all(o.returncode == 0 for o in outputs), [o.stderr for o in outputs]
    assert len(outputs[0].stdout) > 10_000 and outputs[0].stdout == outputs[1].stdout
