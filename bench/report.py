"""The benchmark's results as a console table and as ``docs/performance.md``."""

from __future__ import annotations

import re
from typing import Any

import report_python
from sanitizer import markdown as sanitizer_md
from targets import exponents, judge, median

ROWS: list[tuple[str, str]] = [
    ("build_all_cold", "`errgen build`, all targets, cold"),
    ("build_python_cold", "`errgen build -t python`, cold"),
    ("build_ts_cold", "`errgen build -t typescript`, cold"),
    ("build_warm", "`errgen build`, warm (nothing changed)"),
    ("check", "`errgen check` (up to date)"),
    ("validate", "`errgen validate` (load + compile only)"),
    ("dcg", "datamodel-codegen → pydantic v2 (black + isort)"),
    ("json2ts", "json2ts → TypeScript (prettier)"),
    ("tsc", "`tsc --strict --noEmit` on errgen's TypeScript"),
]
PLOTTED = ("build_all_cold", "build_python_cold", "build_ts_cold", "build_warm", "check", "dcg", "json2ts")


def _n(n: int) -> str:
    return f"{n:,}"


def _cell(value: float | None, fmt: str = "{:.3f}") -> str:
    return "—" if value is None else fmt.format(value)


def _entry(results: dict[str, Any], n: int, key: str) -> dict[str, Any]:
    return results["sizes"].get(str(n), {}).get(key) or {}


def _time_cell(results: dict[str, Any], n: int, key: str, field: str = "median") -> str:
    entry = _entry(results, n, key)
    if entry.get("timed_out"):
        return f"> {entry['timed_out']:.0f}"
    return "failed" if entry.get("error") else _cell(entry.get(field))


def table(results: dict[str, Any]) -> str:
    """A plain-text summary for the terminal."""
    sizes = results["size_list"]
    width = max(len(label) for _, label in ROWS) + 2
    lines = ["median wall time, seconds".ljust(width) + "".join(f"{_n(n):>10}" for n in sizes)]
    for key, label in ROWS:
        lines.append(label.ljust(width) + "".join(f"{_time_cell(results, n, key):>10}" for n in sizes))
    lines.append("")
    for verdict in judge(results):
        lines.append(f"{'PASS' if verdict.passed else 'FAIL'}  {verdict.target}: {verdict.measured} ({verdict.limit})")
    return "\n".join(lines)


def _load_note(results: dict[str, Any]) -> list[str]:
    m = results["machine"]
    busiest = max(m.get("loadavg_start", [0])[0], m.get("loadavg_end", [0])[0])
    if busiest <= (m.get("nproc") or 1):
        return []
    return [
        "",
        f"Other work shared this {m['nproc']}-core machine during the run (1-minute load average up to "
        f"{busiest:.1f}; see Machine), so wall times are inflated and noisy; the CPU-time column shows the "
        "same runs without the waiting. Rerun on a quiet machine for figures to quote.",
    ]


def _targets_md(results: dict[str, Any]) -> list[str]:
    verdicts = judge(results)
    passed = sum(v.passed for v in verdicts)
    header = "| target | limit | measured (wall) | result | same runs, CPU time |"
    lines = [f"**{passed} of {len(verdicts)} targets met.**", "", header, "|---|---|---|---|---|"]
    for v in verdicts:
        result = "PASS" if v.passed else "**FAIL**"
        lines.append(f"| {v.target} | {v.limit} | {v.measured} | {result} | {v.cpu or '—'} |")
    return lines + _load_note(results)


def _size_table(results: dict[str, Any], title: str, field: str) -> list[str]:
    sizes = results["size_list"]
    lines = [f"| {title} | " + " | ".join(f"{_n(n)} codes" for n in sizes) + " |", "|---|" + "---:|" * len(sizes)]
    for key, label in ROWS:
        lines.append(f"| {label} | " + " | ".join(_time_cell(results, n, key, field) for n in sizes) + " |")
    return lines


def _times_md(results: dict[str, Any]) -> list[str]:
    sizes = results["size_list"]
    lines = _size_table(results, "median wall time (s)", "median")
    rss = [_cell(_entry(results, n, "build_all_cold").get("peak_rss_mb"), "{:.0f}") for n in sizes]
    lines.append("| peak RSS of `errgen build`, all targets (MiB) | " + " | ".join(rss) + " |")
    ratio = []
    for n in sizes:
        ours, peer = median(results, "build_all_cold", n), median(results, "dcg", n)
        ratio.append("—" if not ours or not peer else f"{ours / peer:.2f}")
    lines.append("| `errgen build` (all) ÷ datamodel-codegen | " + " | ".join(ratio) + " |")
    if results.get("rss_method") != "rusage_wrapper":
        floor = (results.get("startup") or {}).get("python", {}).get("peak_rss_mb") or 0
        lines += [
            "",
            f"Peak RSS in this run was read by the benchmark process itself (`os.wait4`), which "
            f"Linux makes start at that process's own peak (up to {floor:.0f} MiB, the figure it gave for "
            "`python -c pass`): a value at or below that is a floor, not the build's peak; values above "
            "it are the build's own. Later versions of the bench measure under `bench/rusage_wrapper.py`.",
        ]
    retried = [f"{label} at {_n(n)} codes" for key, label in ROWS for n in sizes
               if _entry(results, n, key).get("retries")]  # fmt: skip
    if retried:
        lines += ["", "A run failed and was run again (once) in: " + "; ".join(retried) + "."]
    lines += ["", "CPU time (user + system) of the same runs; less sensitive than wall time to other load:", ""]
    return lines + _size_table(results, "median CPU time (s)", "cpu")


def _startup_md(results: dict[str, Any]) -> list[str]:
    startup = results.get("startup") or {}
    rows = [("help", "`errgen --help`"), ("version", "`errgen --version`"),
            ("python", "`python -c pass` (the interpreter's own start-up on this machine)")]  # fmt: skip
    lines = ["| command | median wall (s) | median CPU (s) |", "|---|---:|---:|"]
    for key, label in rows:
        entry = startup.get(key) or {}
        lines.append(f"| {label} | {_cell(entry.get('median'))} | {_cell(entry.get('cpu'))} |")
    return lines


def _scaling_md(results: dict[str, Any]) -> list[str]:
    lines = ["| series | fitted exponent (all sizes) | steepest step |", "|---|---:|---:|"]
    for key, label in ROWS:
        fitted = exponents(results, key)
        if fitted:
            lines.append(f"| {label} | {fitted[0]:.2f} | {fitted[1]:.2f} |")
    return lines


def _machine_md(results: dict[str, Any]) -> list[str]:
    m = results["machine"]

    def load(key: str) -> str:
        return ", ".join(f"{x:.2f}" for x in m.get(key, ()))

    return [
        f"- CPU: {m['cpu']}, `nproc` = {m['nproc']}, {m['memory_gib']} GiB RAM; {m['os']}",
        f"- Python {m['python']}, node {m['node']}, {m['tsc']} (tests/ts)",
        f"- errgen {m['errgen']}, black {m['black']}, pydantic {m['pydantic']}",
        f"- peers: {m['datamodel-code-generator']} (bench/requirements.txt), "
        f"json-schema-to-typescript {m['json-schema-to-typescript']} (bench/npm/package-lock.json)",
        f"- load average (1, 5, 15 min) at start: {load('loadavg_start')}; at end: {load('loadavg_end')}",
        f"- date: {m.get('date', '?')}; the whole run took {results.get('elapsed_s', 0) / 60:.1f} min",
    ]


GATE = """\
`.ci/run` (the README's test command) runs `python bench/gate.py` after the suite: about a minute, no
peer installed, no wall-time figure judged. It measures what holds still on a busy machine and fails
(exit 1) when a ratio is past its limit:

- validation: machine instructions per payload (cachegrind) of `parse_error` and `validate_error`
  beside the peer's `TypeAdapter.validate_python`, 20-code catalog; limit 1.0 ×.
- import: instructions of importing the package beside the peer's module + `TypeAdapter`, counted at
  20 and 120 codes and extended to 1,000 (each grows by a fixed amount per code), scaled by what the
  last full run found at 1,000 codes; limit 0.5 ×.
- build: CPU time of a cold `errgen build` (all targets, and `-t typescript`) of 1,000 codes divided
  by the CPU time of a fixed workload (black formatting a committed file) in the same run, errgen's
  modules byte-compiled first as an installed wheel has them; the limit is the ratio the last full run
  measured the same way (it runs the gate's build measurement too) stretched by the room its wall-time
  target left.

A limit is never closer than the noise above the last full run's figure (75 % for CPU time, 2 % for
instructions; `bench/gate.json`, written by `bench/run.py`): where a target is met narrowly or missed,
the gate holds the figure the last full run had instead, and says so. A deliberately slowed build
(every target generated three times) or validator (every payload parsed twice) fails it
(`tests/test_bench_gate.py`, through `ERRGEN_BENCH_SLOWDOWN`, which only the bench reads).

"""

METHOD = """\
- Input: `bench/synth.py` writes a catalog of N codes (message template with two
  placeholders, 2–3 repair fields of every wire type, a kind, an HTTP status, 1–2
  examples, docs on every tenth code) and the same payloads as JSON Schema draft-07
  for the peers: one object schema per code in `definitions`, the union as `oneOf`.
- Every number is the median of the runs of one command in a fresh subprocess, run
  under `bench/rusage_wrapper.py` (wall time by `time.perf_counter` around the command;
  CPU time and peak RSS from `getrusage(RUSAGE_CHILDREN)` in that small wrapper). Peers
  run in the same session, on the same input. At each size the cold builds and the peers
  run round by round (run 1 of each, then run 2 of each, …; each errgen build next to the
  peer it is compared with), so a machine that slows down for a minute slows a round of
  each, not one whole series.
- A run that fails (other than by its time limit) is run once more, and the report
  says where; a second failure ends the series and is reported as a failure.
- Cold: a fresh project folder (own `pyproject.toml`), so an empty output folder, build
  cache and black cache (the bench points `ERRGEN_CACHE_DIR` into each project). What
  stays warm across runs is only what does not depend on the catalog: Python's bytecode of
  errgen and its dependencies, and Jinja's per-user cache of errgen's compiled templates
  (its `.pyc`, keyed on the template source; without it the first build on a machine pays
  ≈0.1–0.2 s more). Warm: `errgen build` again in the built project. `errgen check`: the
  same, up-to-date project.
- errgen runs as a user installs it: `bench/peers.py` installs this checkout (a wheel,
  byte-compiled) into its own virtualenv, `bench/.peers/errgen`, with its dependencies at
  the versions of the interpreter running the bench. Like the peers' virtualenv it runs
  none of the base interpreter's `.pth` start-up hooks. (Run from an editable install on
  this machine, errgen would also pay a sandbox hook that imports certifi at every start,
  ≈25 ms, and, where `PYTHONDONTWRITEBYTECODE` is set, the compiling of its own modules
  in every run, ≈25 ms: neither is errgen's cost.) `python -c pass` is measured with the
  same interpreter.
- datamodel-codegen runs with `--input-file-type jsonschema --output-model-type
  pydantic_v2.BaseModel` and its default formatters (black + isort); json2ts with its
  defaults (prettier). Both are pinned and installed into `bench/.peers/` by the bench.
- Python package: `bench/probe_python.py` in a fresh interpreter times `import pydantic`
  and then the package (`__init__.py` and `_runtime.py`), with its bytecode cached
  (`py_compile` of both files first, untimed in the import figure, timed on its own), as on
  every start after a server's first. Validation builds one payload per catalog example,
  times the process's very first parse, checks each payload parses to its own typed error,
  then times `parse_error` and `validate_error` over them all (timeit, median of 5 repeats),
  in a fresh process per run (the figure is the median over runs: a process's hash seed and
  memory layout alone move it by up to 2× on this machine). The peer, datamodel-codegen's
  module for the same schema with a discriminated `TypeAdapter` over its union, is probed the
  same way on the same payloads, alternating with errgen's probe round by round.
- `tsc`: the test suite's pinned compiler with the compiler options of
  `tests/ts/tsconfig.json` (strict, noEmit) over every generated `.ts` file. Where its time
  went (`tsc --generateTrace`, issue 28): the checker's control-flow analysis walks back over
  every earlier top-level declaration for each top-level reference (quadratic in the codes: the
  zod file now builds each schema in a function of its own); relating every error class to
  every other (the adapters narrowed the handler's `data | ToolChannelError` by
  `isCatalogError`, and `a ? undefined : error` reduces that union by subtypes: TS2590 at
  2,000 codes); checking `z.looseObject({})` against `z.ZodType<…>` (≈70,000 instantiations
  per adapter file). `tests/test_tsc_cost.py` keeps the adapters' type counts fixed.
- Start-up: `python -c pass` is measured too; it is the floor every Python command pays
  on this machine, and part of every `errgen` figure.
- Growth: least-squares slope of log(time) against log(size); 1.0 is linear. The
  steepest step between neighbouring sizes is shown too, since start-up costs flatten
  the fit over small sizes.
- YAML reader (issue 21): every catalog is read by libyaml's events composed in one pass
  (`catalog/yamllib.py`, errgen's one YAML reader); the hand-written line reader that read
  the common style faster (`yamlfast`) was removed after two runs of this bench on 2026-11-26,
  both on a loaded machine (load average 7–8): cold `-t typescript` at 1,000 codes was
  1.520 s = 0.161 × json2ts (CPU 0.552 s = 0.131 ×) with it and 1.616 s = 0.162 × (CPU
  0.760 s = 0.175 ×) without it; all targets 6.746 s = 0.142 × datamodel-codegen (CPU
  2.759 s = 0.147 ×) with it, 6.365 s = 0.162 × (CPU 3.005 s = 0.155 ×) without. Both
  targets stay met.
"""


def _profiles_md(results: dict[str, Any]) -> list[str]:
    profiles = results.get("profiles") or {}
    titles = {
        "build_tottime": f"cProfile of a cold `errgen build` at {_n(profiles.get('n', 1000))} codes, by own time",
        "build_cumtime": "… errgen's own functions by cumulative time",
        "importtime_help": "`python -X importtime -m errgen --help`",
        "module_import": "cProfile of the first import of the generated Python package (bytecode compiled), "
        "by own time",
        "module_first_parse": "cProfile of the first parse after import (builds the deferred models and the adapter), "
        "by own time",
        "module_validate": "cProfile of `parse_error` over every payload, 20 passes after a first, by own time",
        "error": "profiling failed",
    }
    lines: list[str] = []
    for key, title in titles.items():
        if key in profiles:
            text = re.sub(r"/\S*/generated/", "generated/", profiles[key])  # no path of this machine
            lines += [f"{title}:", "", "```text illustrative", text.rstrip(), "```", ""]
    return lines


def markdown(results: dict[str, Any], plot: str) -> str:
    """The whole of ``docs/performance.md``."""
    parts = [
        "# Performance", "",
        "<!-- Written by bench/run.py from one run; rerun it rather than editing this file. -->", "",
        "errgen runs in pre-commit and CI on every change, and servers import its Python output at",
        "start-up, so it is measured against the tools people would otherwise use: datamodel-code-generator",
        "(JSON Schema → pydantic v2) and json-schema-to-typescript (`json2ts`), on the same synthetic",
        "catalogs, in the same run, on one machine.", "",
        "Reproduce (installs the pinned peers into `bench/.peers/` on first use):", "",
        "```sh illustrative", results["command"], "```", "",
        "## Targets", "", *_targets_md(results), "",
        "## The gate in CI", "", GATE,
        "## Times by catalog size", "", *_times_md(results), "",
        f"![time against catalog size, log-log]({plot})", "",
        "## Growth", "", *_scaling_md(results), "",
        "## Start-up", "", *_startup_md(results), "",
        "## Generated Python package and its peer", "", *report_python.markdown(results), "",
        *([sanitizer_md(results["sanitizer"]), ""] if results.get("sanitizer") else []),
        *([_parse_md(results["parse"]), ""] if results.get("parse") else []),
        "## Machine", "", *_machine_md(results), "",
        "## Method", "", METHOD,
        "## Where the time goes", "", *_profiles_md(results),
    ]  # fmt: skip
    return "\n".join(parts).rstrip() + "\n"


def _parse_md(figures: dict[str, Any]) -> str:
    """The parsing section (`parse.py` imports errgen, which the plot's venv lacks: imported here)."""
    from parse import markdown

    return markdown(figures)
