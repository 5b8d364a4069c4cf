"""The benchmark's own tools, installed on first use into ``bench/.peers/`` (gitignored).

- ``bench/.peers/venv``: a virtualenv from ``bench/requirements.txt`` (every version
  pinned): datamodel-code-generator, the Python peer, with its default formatters
  (black + isort), and matplotlib for the plot.
- ``bench/.peers/npm``: ``npm ci`` of ``bench/npm/`` (package.json + lockfile):
  json-schema-to-typescript (``json2ts``), the TypeScript peer.
- ``tsc`` for type-checking errgen's TypeScript: the test suite's pinned compiler in
  ``tests/ts`` (``npm ci --prefix tests/ts`` when it is missing).
- ``bench/.peers/errgen``: a virtualenv with errgen installed from this checkout as a
  user installs it (a wheel, byte-compiled), its dependencies at the versions of the
  interpreter running the bench. Like the peers' venv, it reads none of the base
  interpreter's ``.pth`` start-up hooks (a sandbox may add some: this machine's imports
  certifi at every start, ≈25 ms that no user pays). errgen itself is reinstalled on
  every bench run, since the checkout changes.

Each is installed only when its stamp (a copy of the pin file) is missing or stale.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PEERS = BENCH / ".peers"
VENV = PEERS / "venv"
ERRGEN_VENV = PEERS / "errgen"
NPM = PEERS / "npm"
TESTS_TS = ROOT / "tests" / "ts"

DCG_VERSION = "0.89.0"
JSON2TS_VERSION = "16.0.0"


def _run(*args: str | Path) -> None:
    print("bench: $", " ".join(str(a) for a in args), file=sys.stderr)
    subprocess.run([str(a) for a in args], check=True, stdout=sys.stderr)


def _fresh(stamp: Path, pins: list[Path]) -> bool:
    """Whether `stamp` records exactly the current contents of the pin files."""
    wanted = "".join(p.read_text(encoding="utf-8") for p in pins)
    return stamp.is_file() and stamp.read_text(encoding="utf-8") == wanted


def _stamp(stamp: Path, pins: list[Path]) -> None:
    stamp.write_text("".join(p.read_text(encoding="utf-8") for p in pins), encoding="utf-8")


def venv_python() -> Path:
    """The bench venv's interpreter (datamodel-code-generator, matplotlib), installing it if needed."""
    pins = [BENCH / "requirements.txt"]
    stamp = VENV / "bench-requirements.txt"
    python = VENV / "bin" / "python"
    if not (python.is_file() and _fresh(stamp, pins)):
        if VENV.exists():
            shutil.rmtree(VENV)
        _run(sys.executable, "-m", "venv", VENV)
        _run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", pins[0])
        _stamp(stamp, pins)
    return python


def errgen_venv() -> Path:
    """The errgen venv's ``bin`` folder, with this checkout freshly installed (see the module docstring)."""
    python = ERRGEN_VENV / "bin" / "python"
    frozen = subprocess.run([sys.executable, "-m", "pip", "freeze", "--exclude-editable"],
                            capture_output=True, text=True, check=True).stdout  # fmt: skip
    stamp = ERRGEN_VENV / "bench-constraints.txt"
    pip: list[str | Path] = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    pip += ["--constraint", stamp]
    if python.is_file() and stamp.is_file() and stamp.read_text(encoding="utf-8") == frozen:
        _run(*pip, "--no-deps", "--force-reinstall", ROOT)
    else:
        if ERRGEN_VENV.exists():
            shutil.rmtree(ERRGEN_VENV)
        _run(sys.executable, "-m", "venv", ERRGEN_VENV)
        stamp.write_text(frozen, encoding="utf-8")
        _run(*pip, ROOT)
    package = subprocess.run([python, "-c", "import errgen, os; print(os.path.dirname(errgen.__file__))"],
                             capture_output=True, text=True, check=True, cwd=PEERS).stdout.strip()  # fmt: skip
    _run(python, "-m", "compileall", "-q", package)  # as pip does, even where PYTHONDONTWRITEBYTECODE is set
    return python.parent


def datamodel_codegen() -> Path:
    """The pinned ``datamodel-codegen`` executable."""
    return venv_python().parent / "datamodel-codegen"


def json2ts() -> Path:
    """The pinned ``json2ts`` executable, installing it if needed."""
    pins = [BENCH / "npm" / "package.json", BENCH / "npm" / "package-lock.json"]
    stamp = NPM / "bench-pins.txt"
    binary = NPM / "node_modules" / ".bin" / "json2ts"
    if not (binary.is_file() and _fresh(stamp, pins)):
        if NPM.exists():
            shutil.rmtree(NPM)
        NPM.mkdir(parents=True)
        for pin in pins:
            shutil.copy(pin, NPM / pin.name)
        _run("npm", "ci", "--prefix", NPM, "--no-audit", "--no-fund", "--loglevel=error")
        _stamp(stamp, pins)
    return binary


def tsc() -> Path:
    """The test suite's pinned ``tsc`` (tests/ts), installing it if needed."""
    binary = TESTS_TS / "node_modules" / ".bin" / "tsc"
    if not binary.is_file():
        _run("npm", "ci", "--prefix", TESTS_TS, "--no-audit", "--no-fund", "--loglevel=error")
    return binary


def versions() -> dict[str, str]:
    """Versions of the tools as installed (for the report)."""

    def out(*args: str | Path) -> str:
        return subprocess.run([str(a) for a in args], capture_output=True, text=True, check=True).stdout.strip()

    return {
        "datamodel-code-generator": out(datamodel_codegen(), "--version"),
        "json-schema-to-typescript": JSON2TS_VERSION,
        "tsc": out(tsc(), "--version").replace("Version", "tsc"),
        "node": out("node", "--version"),
    }


def ensure_all() -> None:
    """Install everything the benchmark runs (peers, plot, tsc)."""
    datamodel_codegen()
    json2ts()
    tsc()


if __name__ == "__main__":
    ensure_all()
    for name, version in versions().items():
        print(f"{name}: {version}")
