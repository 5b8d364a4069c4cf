"""errgen's benchmark: errgen against its peers on synthetic catalogs of growing size.

    python bench/run.py [--sizes 100,1000,10000] [--repeat 5] [--timeout S] [--peer-timeout S] [--quick] [--no-write]
    python bench/run.py --from-results bench/out/results.json    # only rewrite the docs

For each size: writes a synthetic catalog and its JSON Schema (`synth.py`), then
measures, each in fresh subprocesses, median of ``--repeat`` runs:
cold ``errgen build`` (all targets; ``-t python``; ``-t typescript``; ``-t go``) in a fresh
project (empty output folder, empty black cache), a warm rebuild and ``errgen
check`` of the built tree, ``errgen validate``, the peers on the same schema
(datamodel-codegen → pydantic v2 with its default formatters; json2ts), ``tsc
--strict --noEmit`` on the generated TypeScript, and the generated Python package's
import time, first parse and validation cost beside datamodel-codegen's module with a
``TypeAdapter`` over its union, interleaved, each in a fresh process (`probe_python.py`).
Then ``errgen --help`` and ``--version``, and the sanitizer's worst rule per KB in
Python and node, and the whole sanitizer before and after in four languages (`sanitizer.py`),
and the generated parsers of four languages beside each one's plain decoder (`parse.py`).
Prints a table, writes ``bench/out/results.json``, and (unless
``--no-write``) ``docs/performance.md`` and the plot ``docs/performance.png``.
``--quick`` is a smoke run: sizes 100,1000, 3 repeats, no docs written. A run
longer than its time limit is killed, reported as a lower bound, and ends its series.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gate
import instr
import measure
import parse
import peers
import profiles
import report
import sanitizer
import synth
import targets
from measure import Run, Series, checked
from synth import project

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
OUT = BENCH / "out"
DOC, PLOT = ROOT / "docs" / "performance.md", ROOT / "docs" / "performance.png"
TARGET_NAMES = ("catalog", "jsonschema", "markdown", "python", "typescript", "go", "rust", "packs")
TSCONFIG = {"target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "skipLibCheck": True}


ERRGEN_BIN: list[Path] = []  # the errgen venv's bin folder, once `main` has installed it


def errgen(*args: str) -> list[str]:
    """The ``errgen`` command as a user installed it (`peers.errgen_venv`)."""
    if not ERRGEN_BIN:
        ERRGEN_BIN.append(peers.errgen_venv())
    return [str(ERRGEN_BIN[0] / "errgen"), *args]


def python_of_errgen() -> list[str]:
    """The interpreter of the errgen venv (black is there: the gate's reference workload runs on it)."""
    if not ERRGEN_BIN:
        ERRGEN_BIN.append(peers.errgen_venv())
    return [str(ERRGEN_BIN[0] / "python")]


def tsconfig() -> dict[str, Any]:
    """Extend the test suite's strict settings (tests/ts/tsconfig.json) over the generated files."""
    suite = peers.TESTS_TS / "tsconfig.json"
    base = {"extends": str(suite)} if suite.is_file() else {}
    options = {} if base else TSCONFIG
    return {**base, "compilerOptions": {**options, "strict": True, "noEmit": True}, "include": ["generated/**/*.ts"]}


def built_targets(folder: Path) -> list[str]:
    """Targets whose files exist in a built project (by the paths each target writes)."""
    out = folder / "generated" / synth.NAME
    marks = {"catalog": "catalog.json", "jsonschema": "schema/*.json", "markdown": "docs/*.md",
             "python": "python/*/__init__.py", "typescript": "ts/*.ts", "go": "go/*_errors.go",
             "rust": "rust/src/lib.rs", "packs": "packs/*.yaml"}  # fmt: skip
    return [t for t, pattern in marks.items() if any(out.glob(pattern))]


class SizeBench:
    """Every measurement at one catalog size."""

    def __init__(self, n: int, repeat: int, work: Path, timeouts: tuple[float, float]) -> None:
        self.n, self.repeat, self.work = n, repeat, work
        self.timeout, self.peer_timeout = timeouts
        self.catalog, self.schema = synth.write(n, work / "input")
        self.built = work / "built-all"

    def timed(self, cmd: list[Any], cwd: Path, timeout: float | None = None) -> Run:
        """One checked, measured run of `cmd` under the errgen (or the given) time limit."""
        return checked(measure.run(cmd, cwd=cwd, timeout=timeout or self.timeout), cmd)

    def series(self, label: str, once: Any) -> Series:
        return measure.repeat(f"{self.n:>6} {label}", self.repeat, once)

    def guarded(self, label: str, measurement: Callable[[], Series]) -> Series:
        """`measurement()`, or a failed Series if the harness broke (losing one measurement, not the run)."""
        try:
            return measurement()
        except Exception as exc:  # a bench must outlive one broken measurement
            print(f"bench: {self.n:>6} {label}: harness error: {exc!r}", file=sys.stderr)
            return Series([], [], [], error=f"harness error: {exc!r}"[:300])

    def together(self, jobs: dict[str, tuple[str, Callable[[int], Run]]]) -> dict[str, Series]:
        """Series of several commands, interleaved round by round (`measure.interleaved`); key → (label, run)."""
        labelled = {f"{self.n:>6} {label}": once for label, once in jobs.values()}
        series = measure.interleaved(labelled, self.repeat)
        return {key: series[f"{self.n:>6} {label}"] for key, (label, _) in jobs.items()}

    def cold(self, label: str, *targets: str) -> tuple[str, Callable[[int], Run]]:
        args = [a for t in targets for a in ("-t", t)]

        def once(i: int) -> Run:
            folder = project(self.work / f"cold-{label}", self.catalog)
            cmd = errgen("build", *args)
            result = self.timed(cmd, folder)
            if i == 0:  # keep the first tree: the warm, check, tsc and Python measurements use it
                shutil.rmtree(self.work / f"built-{label}", ignore_errors=True)
                folder.rename(self.work / f"built-{label}")
            return result

        return f"errgen build {' '.join(args) or '(all)'} cold", once

    def in_built(self, label: str, *args: str) -> Series:
        cmd = errgen(*args)
        return self.series(label, lambda i: self.timed(cmd, self.built))

    def peer(self, label: str, cmd: list[str | Path]) -> tuple[str, Callable[[int], Run]]:
        return label, lambda i: self.timed(cmd, self.work, self.peer_timeout)

    def tree(self, target: str, pattern: str) -> Path | None:
        """The built project holding `target`'s files: the all-targets tree, else the target's own cold build."""
        for folder in (self.built, self.work / f"built-{target}"):
            if any((folder / "generated").glob(pattern)):
                return folder
        return None

    def tsc(self) -> Series:
        folder = self.tree("typescript", "*/ts/*.ts")
        if folder is None:
            return Series([], [], [], error="no TypeScript was generated")
        (folder / "tsconfig.json").write_text(json.dumps(tsconfig(), indent=2), encoding="utf-8")
        (folder / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
        link = folder / "node_modules"
        if not link.exists():
            link.symlink_to(peers.TESTS_TS / "node_modules")
        cmd: list[str | Path] = [peers.tsc(), "-p", "tsconfig.json"]
        return self.series("tsc --strict --noEmit", lambda i: self.timed(cmd, folder))

    def python(self, dcg_ok: bool) -> dict[str, Any]:
        """Import and validation probes of the generated package and of the peer's module, interleaved.

        Round by round, each probe in a fresh process: errgen's import, the peer's import,
        errgen's validation, the peer's (the order of each pair swapped every other round).
        """
        package = self._package()
        if package is None:
            return {"py_import": {"error": "no Python package was generated"},
                    "py_validate": {"error": "no Python package was generated"}}  # fmt: skip
        catalog_json = package.parents[1] / "catalog.json"
        if not catalog_json.is_file():  # a `-t python` tree: add the catalog target (not timed)
            self.timed(errgen("build", "-t", "catalog"), package.parents[3])
        peer = self._peer_module(dcg_ok)
        probes = {"py_import": ("import", package), "peer_import": ("peer-import", peer),
                  "py_validate": ("validate", package), "peer_validate": ("peer-validate", peer)}  # fmt: skip
        runs: dict[str, list[dict[str, Any]]] = {key: [] for key in probes}
        errors = {key: "datamodel-codegen wrote no module" for key, (_, target) in probes.items() if target is None}
        for i in range(self.repeat):
            for pair in (["py_import", "peer_import"], ["py_validate", "peer_validate"]):
                for key in pair[::-1] if i % 2 else pair:
                    mode, target = probes[key]
                    if key in errors or target is None:
                        continue
                    extra = [str(catalog_json)] if mode.endswith("validate") else []
                    probe = [sys.executable, str(BENCH / "probe_python.py"), mode]
                    cmd = [*probe, str(target.parent), target.stem, *extra]
                    try:  # one process per run: a process's hash seed and memory layout move its figure
                        runs[key].append(json.loads(self.timed(cmd, self.work).stdout))
                    except measure.CommandFailed as exc:
                        print(f"bench: {self.n:>6} {mode} probe FAILED: {exc}", file=sys.stderr)
                        errors[key] = str(exc).strip().splitlines()[-1][:300]
        out: dict[str, Any] = {}
        for key, found in runs.items():
            if key in errors:
                out[key] = {"error": errors[key]}
            else:
                out[key] = _medians(found) if key.endswith("import") else _per_process(found)
        out["py_instr"] = self.instructions(package, peer, catalog_json, out)
        print(f"bench: {self.n:>6} python probes {json.dumps(_brief(out))}", file=sys.stderr)
        return out

    def instructions(self, package: Path, peer: Path | None, catalog_json: Path, out: dict[str, Any]) -> dict[str, Any]:
        """Machine instructions per payload of errgen's functions and the peer's adapter (`instr.py`)."""
        payloads = (out.get("py_validate") or {}).get("payloads")
        if not instr.available():
            return {"error": "valgrind is not installed"}
        if peer is None or not payloads:
            return {"error": "no peer module or no payloads"}
        try:
            return instr.measure(package, peer, catalog_json, payloads)
        except (subprocess.CalledProcessError, RuntimeError) as exc:
            return {"error": str(exc).strip().splitlines()[-1][:300]}

    def _package(self) -> Path | None:
        """The generated package's folder (``python/<module>/``), or None."""
        tree = self.tree("python", "*/python/*/__init__.py")
        if tree is None:
            return None
        packages = sorted((tree / "generated" / synth.NAME / "python").glob("*/__init__.py"))
        return packages[0].parent if packages else None

    def _peer_module(self, dcg_ok: bool) -> Path | None:
        """datamodel-codegen's module of this size's schema, as an importable ``synth_peer.py``."""
        written = self.work / "peer-dcg.py"
        if not dcg_ok or not written.is_file():
            return None
        module = self.work / "peer-python" / "synth_peer.py"
        module.parent.mkdir(exist_ok=True)
        shutil.copy(written, module)
        return module

    def run_all(self) -> dict[str, Any]:
        """Every measurement at this size, as JSON-ready data."""
        dcg_out, ts_out = self.work / "peer-dcg.py", self.work / "peer-json2ts.ts"
        # Each errgen build next to the peer it is compared with, round by round.
        cold = self.together({
            "build_all_cold": self.cold("all"),
            "dcg": self.peer("datamodel-codegen", [
                peers.datamodel_codegen(), "--input", self.schema, "--input-file-type", "jsonschema",
                "--output-model-type", "pydantic_v2.BaseModel", "--output", dcg_out]),
            "build_ts_cold": self.cold("typescript", "typescript"),
            "json2ts": self.peer("json2ts", [peers.json2ts(), "-i", self.schema, "-o", ts_out]),
            "build_python_cold": self.cold("python", "python"),
            "build_go_cold": self.cold("go", "go"),
            "reference": self.peer("the gate's reference workload", [*python_of_errgen(), BENCH / "gate.py",
                                                                     "--reference"]),
        })  # fmt: skip
        keys = ("build_all_cold", "build_python_cold", "build_ts_cold", "build_go_cold")
        results: dict[str, Any] = {key: cold[key] for key in keys}
        built = built_targets(self.built)
        results["build_warm"] = self.in_built("errgen build (warm)", "build")
        results["check"] = self.in_built("errgen check", "check")
        validate = errgen("validate", "synth.yaml")
        folder = project(self.work / "validate", self.catalog)
        results["validate"] = self.series("errgen validate", lambda i: self.timed(validate, folder))
        results["tsc"] = self.guarded("tsc", self.tsc)
        results["dcg"], results["json2ts"], results["reference"] = cold["dcg"], cold["json2ts"], cold["reference"]
        data = {k: v.as_dict() for k, v in results.items()}
        try:
            data.update(self.python(not cold["dcg"].error))
        except Exception as exc:  # as above
            print(f"bench: {self.n:>6} python probes: harness error: {exc!r}", file=sys.stderr)
            data.update({"py_import": {"error": repr(exc)[:300]}, "py_validate": {"error": repr(exc)[:300]}})
        data["targets_built"] = built
        return data


def _medians(runs: list[dict[str, float]]) -> dict[str, Any]:
    import statistics

    return {key: statistics.median(r[key] for r in runs) for key in runs[0]} | {"runs": runs}


def _per_process(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Validation probes of separate processes: median timings, the worst count of untyped payloads."""
    import statistics

    keys = ("us_per_payload", "us_parse_error", "us_validate_error", "first_parse_s", "first_pass_s")
    timings = {key: statistics.median(r[key] for r in runs) for key in keys if key in runs[0]}
    worst = max(runs, key=lambda r: r["untyped"])
    return worst | timings | {"runs": [r["us_per_payload"] for r in runs]}


def _brief(probes: dict[str, Any]) -> dict[str, Any]:
    """The probes' headline figures, for the progress line."""
    keys = ("total_s", "us_per_payload", "first_parse_s", "untyped", "error")
    return {name: {k: entry[k] for k in keys if k in entry} for name, entry in probes.items()}


def startup(repeat: int, cwd: Path) -> dict[str, Any]:
    """``errgen --help`` and ``--version``: wall time of the whole process; ``python -c pass`` as the floor."""
    python = str(ERRGEN_BIN[0] / "python") if ERRGEN_BIN else sys.executable
    commands = {"help": errgen("--help"), "version": errgen("--version"), "python": [python, "-c", "pass"]}
    out = {}
    for name, cmd in commands.items():
        label = "python -c pass" if name == "python" else f"errgen --{name}"
        out[name] = measure.repeat(label, repeat, _runner(cmd, cwd))
    return {k: v.as_dict() for k, v in out.items()}


def parse_figures(sizes: list[int], quick: bool) -> dict[str, Any]:
    """The generated parsers beside plain decoding (`parse.py`): synthetic sizes to 1,000, the shipped catalogs."""
    if quick:  # a smoke run: one small catalog, the languages that build in seconds
        data = parse.measure(["napkin"], ["go", "typescript"], 3, counted=False)
        return data | {"command": "python bench/parse.py --catalogs napkin --languages go,typescript --rounds 3"}
    catalogs = [f"synth-{n}" for n in sizes if n <= 1000] + list(parse.SHIPPED)
    data = parse.measure(catalogs, list(parse.LANGUAGES), parse.ROUNDS, counted=True)
    return data | {"command": "python bench/parse.py"}


def _runner(cmd: list[str], cwd: Path) -> Callable[[int], Run]:
    return lambda i: checked(measure.run(cmd, cwd=cwd), cmd)


def machine() -> dict[str, Any]:
    """Facts about the machine and the tools, for the report."""
    import platform

    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())  # fmt: skip
    mem = next((line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines()
                if line.startswith("MemTotal")), "0")  # fmt: skip

    def version(module: str) -> str:
        from importlib.metadata import version as v

        return v(module)

    return {
        "cpu": cpu, "nproc": os.cpu_count(), "memory_gib": round(int(mem) / 1024 / 1024, 1),
        "os": platform.platform(), "python": platform.python_version(),
        "errgen": version("errgen"), "black": version("black"), "pydantic": version("pydantic"),
        **peers.versions(), "loadavg_start": os.getloadavg(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }  # fmt: skip


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,1000,10000", help="catalog sizes (comma-separated)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (the median is reported)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds before an errgen run is cut off")
    parser.add_argument("--peer-timeout", type=float, default=600, help="seconds before a peer run is cut off")
    parser.add_argument("--quick", action="store_true", help="smoke run: sizes 100,1000, 3 repeats, no docs")
    parser.add_argument("--from-results", type=Path, help="measure nothing: rewrite the docs from a results.json")
    parser.add_argument("--no-write", action="store_true", help="do not write docs/performance.{md,png}")
    parser.add_argument("--skip", default="", help="with --no-write: sections left out (sanitizer,parse,gate,profiles)")
    args = parser.parse_args()
    if args.skip and not args.no_write:
        parser.error("--skip leaves sections out of the report: use it with --no-write")
    if args.quick:
        args.sizes, args.repeat, args.no_write = "100,1000", min(args.repeat, 3), True
    return args


def main() -> int:
    args = parse_args()
    if args.from_results:
        saved = json.loads(args.from_results.read_text(encoding="utf-8"))
        print(report.table(saved))
        write_docs(saved, args.from_results)
        return 0
    sizes = sorted({int(s) for s in args.sizes.split(",")})
    # errgen caches in the user cache folder; each bench project gets its own, so a cold build is cold
    os.environ["ERRGEN_CACHE_DIR"] = ".errgen-cache"  # relative: inside the project each command runs in
    peers.ensure_all()
    installed = str(peers.errgen_venv())
    ERRGEN_BIN[:] = [Path(installed)]
    OUT.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    results: dict[str, Any] = {"machine": machine(), "size_list": sizes, "repeat": args.repeat,
                               "target_names": list(TARGET_NAMES), "command": _command(args), "sizes": {},
                               "rss_method": "rusage_wrapper", "errgen_installed": installed}  # fmt: skip
    for n in sizes:
        results["sizes"][str(n)] = SizeBench(n, args.repeat, OUT / str(n), (args.timeout, args.peer_timeout)).run_all()
        (OUT / "results.partial.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    results["startup"] = startup(max(args.repeat, 10), OUT)
    skipped = set(args.skip.split(",")) if args.skip else set()
    if "sanitizer" not in skipped:
        results["sanitizer"] = sanitizer.measure(min(args.repeat, 3))
    if "parse" not in skipped:
        results["parse"] = parse_figures(sizes, args.quick)
    if targets.AT in sizes and "gate" not in skipped:
        with tempfile.TemporaryDirectory(prefix="errgen-gate-") as tmp:
            measured = gate.Gate(Path(tmp))
            # the build ratios as the gate measures them (this checkout, through gate.py): its limits' basis
            results["gate_build"] = {name: v["value"] for name, v in measured.build().items()}
            if instr.available():  # the estimate gate.py scales
                results["gate_imports"] = measured.imports()["import"]["estimated"]
    if not args.quick and "profiles" not in skipped:
        results["profiles"] = profiles.collect(OUT / "profile", BENCH, min(1000, sizes[-1]))
    results["machine"]["loadavg_end"] = os.getloadavg()
    results["elapsed_s"] = time.perf_counter() - started
    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(report.table(results))
    if not args.no_write:
        write_docs(results, OUT / "results.json")
    return 0


def write_docs(results: dict[str, Any], source: Path) -> None:
    """The plot (in the bench venv, which has matplotlib), the Markdown report and the gate's calibration."""
    subprocess.run([peers.venv_python(), BENCH / "plot.py", source, PLOT], check=True)
    DOC.write_text(report.markdown(results, PLOT.name), encoding="utf-8")
    print(f"bench: wrote {DOC.relative_to(ROOT)} and {PLOT.relative_to(ROOT)}", file=sys.stderr)
    calibration = gate_calibration(results)
    if calibration:
        gate.CALIBRATION.write_text(json.dumps(calibration, indent=2) + "\n", encoding="utf-8")
        print(f"bench: wrote {gate.CALIBRATION.relative_to(ROOT)}", file=sys.stderr)


def gate_calibration(results: dict[str, Any]) -> dict[str, Any] | None:
    """What `gate.py` judges a build against (1,000 codes): its CPU ÷ the reference's, its wall ÷ the peer's."""
    at = results["sizes"].get(str(targets.AT), {})

    def figure(key: str, field: str) -> float | None:
        value: float | None = (at.get(key) or {}).get(field)
        return value

    out: dict[str, Any] = {"$comment": "written by bench/run.py (gate.py's limits); do not edit"}
    in_gate = results.get("gate_build") or {}

    def cpu_ratio(name: str, ours: str) -> float | None:
        """The gate's own measurement of the checkout when the run made one: the installed wheel's is lower."""
        if f"build {name}" in in_gate:
            return float(in_gate[f"build {name}"])
        cpu, ref = figure(ours, "cpu"), figure("reference", "cpu")
        return cpu / ref if cpu and ref else None

    for name, ours, peer in (("all", "build_all_cold", "dcg"), ("typescript", "build_ts_cold", "json2ts")):
        ratio, wall, peer_wall = cpu_ratio(name, ours), figure(ours, "median"), figure(peer, "median")
        if not (ratio and wall and peer_wall):
            return None
        out[f"build_{name}"] = {"cpu_per_reference": round(ratio, 4), "wall_vs_peer": round(wall / peer_wall, 4),
                                "date": results["machine"]["date"], "command": results["command"]}  # fmt: skip
    counted = at.get("py_instr") or {}
    if counted.get("import_peer") and results.get("gate_imports"):
        measured = counted["import_errgen"] / counted["import_peer"]
        out["imports"] = {"measured": round(measured, 4), "estimated": round(results["gate_imports"], 4)}
    return out


def _command(args: argparse.Namespace) -> str:
    if args.quick:
        return "python bench/run.py --quick"
    command = f"python bench/run.py --sizes {args.sizes} --repeat {args.repeat}"
    defaults = {"timeout": 900.0, "peer_timeout": 600.0}
    for name, default in defaults.items():
        if getattr(args, name) != default:
            command += f" --{name.replace('_', '-')} {getattr(args, name):g}"
    return command


if __name__ == "__main__":
    sys.exit(main())
