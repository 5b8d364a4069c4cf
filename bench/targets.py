"""The performance targets of the benchmark, each judged from a results dict (see `run.py`).

A target is a row of the report: what is promised, the limit, the measured value
and PASS/FAIL. A target whose measurement is missing (a failed command, a target
not built yet) FAILs with the reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

AT = 1000  # catalog size the ratio and latency targets are stated for
BIG = 10000  # catalog size of the scale targets
# The targets of issue 28, every one met at once on this bench, peers in the same run:
BUILD_RATIO = 0.10  # cold `errgen build`, all targets ÷ datamodel-codegen (pydantic only)
TS_RATIO = 0.20  # cold `errgen build -t typescript` ÷ json2ts
WARM_S = 0.10  # warm rebuild with nothing changed, s
CHECK_S = 0.10  # `errgen check`, up to date, s
HELP_S = 0.05  # `errgen --help` (and `--version`), s
IMPORT_RATIO = 0.5  # errgen's package import ÷ the peer's module import + TypeAdapter
VALIDATE_RATIO = 1.0  # errgen's validation per payload ÷ the peer's TypeAdapter.validate_python
MAX_EXPONENT = 1.10  # "time grows linearly", 100 to 10,000 codes
MAX_RSS_MIB = 1024  # peak RSS of a 10,000-code build of every target


@dataclass(frozen=True)
class Verdict:
    """The outcome of one target."""

    target: str
    limit: str
    measured: str
    passed: bool
    cpu: str = ""  # the same measurement in CPU time (user + system), where there is one


def median(results: dict[str, Any], series: str, n: int) -> float | None:
    """Median wall time of `series` at size `n`, None when not measured or failed."""
    entry = results["sizes"].get(str(n), {}).get(series)
    return None if not entry else entry.get("median")


def cpu(results: dict[str, Any], series: str, n: int) -> float | None:
    """Median CPU time of `series` at size `n`."""
    entry = results["sizes"].get(str(n), {}).get(series)
    return None if not entry else entry.get("cpu")


def fit_exponent(sizes: list[int], times: list[float]) -> float:
    """Slope of the least-squares line through ``(log n, log t)``."""
    xs, ys = [math.log(n) for n in sizes], [math.log(t) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def exponents(results: dict[str, Any], series: str) -> tuple[float, float] | None:
    """Fitted exponent over all sizes and the steepest one between neighbouring sizes."""
    points = [(n, median(results, series, n)) for n in results["size_list"]]
    known = [(n, t) for n, t in points if t]
    if len(known) < 2 or len(known) != len(points):
        return None
    sizes, times = [n for n, _ in known], [t for _, t in known]
    steps = [fit_exponent(sizes[i : i + 2], times[i : i + 2]) for i in range(len(sizes) - 1)]
    return fit_exponent(sizes, times), max(steps)


def _secs(value: float | None) -> str:
    return "not measured" if value is None else f"{value:.3f} s"


def _ratio(results: dict[str, Any], ours: str, peer: str, factor: float, what: str) -> Verdict:
    mine, theirs = median(results, ours, AT), median(results, peer, AT)
    limit = f"≤ {factor} × {what}" + (f" = {factor * theirs:.3f} s" if theirs else "")
    if mine is None or theirs is None:
        return Verdict("", limit, f"{_secs(mine)} (peer {_secs(theirs)})", False)
    used, their_cpu = cpu(results, ours, AT), cpu(results, peer, AT)
    cpu_text = f"{used:.3f} s = {used / their_cpu:.3f} × ({their_cpu:.2f} s)" if used and their_cpu else ""
    shown = f"{mine:.3f} s = {mine / theirs:.3f} × ({theirs:.2f} s)"
    return Verdict("", limit, shown, mine <= factor * theirs, cpu_text)


def _at_most(value: float | None, limit: float, unit: str = "s", digits: int = 3, used: float | None = None) -> Verdict:
    shown = "not measured" if value is None else f"{value:.{digits}f} {unit}"
    cpu_text = "" if used is None else f"{used:.{digits}f} {unit}"
    return Verdict("", f"≤ {limit} {unit}", shown, value is not None and value <= limit, cpu_text)


def _series_at_most(results: dict[str, Any], series: str, n: int, limit: float) -> Verdict:
    return _at_most(median(results, series, n), limit, used=cpu(results, series, n))


def _python(results: dict[str, Any], n: int, key: str, probe: str = "py_import") -> float | None:
    """Figure `key` of the Python probe `probe` (py_import, py_validate, peer_import, peer_validate)."""
    entry = results["sizes"].get(str(n), {}).get(probe)
    if not entry or entry.get("error"):
        return None
    value: float | None = entry.get(key)
    return value


def _probe_error(results: dict[str, Any], n: int, probe: str) -> str | None:
    """The error of the Python probe `probe` at size `n`, if it ran and failed."""
    error: str | None = (results["sizes"].get(str(n), {}).get(probe) or {}).get("error")
    return error


def _peer_reason(results: dict[str, Any], n: int, *probes: str) -> str:
    """Why a probe has no figure: its error, or "not measured"."""
    for probe in probes:
        if error := _probe_error(results, n, probe):
            return f"{probe}: {error}"
    return "not measured"


def _peer_failed(limit: str, mine: str, reason: str) -> Verdict:
    """errgen measured where the peer fails: no ratio, and nothing errgen could be slower than."""
    last = reason.strip().splitlines()[-1] if reason.strip() else reason
    return Verdict("", limit, f"{mine}; the peer fails ({last[:160]})", True)


def _import_ratio(results: dict[str, Any], n: int = AT) -> Verdict:
    """errgen's package import vs the peer's module import + TypeAdapter, pydantic already loaded.

    Judged on machine instructions (`instr.imports`) when they were counted, else on wall time.
    """
    limit = f"≤ {IMPORT_RATIO} × datamodel-codegen's module + `TypeAdapter`"
    mine, theirs = _python(results, n, "module_s"), _python(results, n, "module_s", "peer_import")
    adapter = _python(results, n, "adapter_s", "peer_import")
    if mine is not None and (theirs is None or adapter is None) and _probe_error(results, n, "peer_import"):
        return _peer_failed(limit, f"{mine:.3f} s", _peer_reason(results, n, "peer_import"))
    if mine is None or theirs is None or adapter is None:
        return Verdict("", limit, _peer_reason(results, n, "py_import", "peer_import"), False)
    peer = theirs + adapter
    shown = f"{mine:.3f} s = {mine / peer:.3f} × ({peer:.3f} s)"
    total, peer_total = _python(results, n, "total_s"), _python(results, n, "total_s", "peer_import")
    if total and peer_total:
        shown += f"; with `import pydantic`: {total:.3f} s = {total / peer_total:.3f} × ({peer_total:.3f} s)"
    counted = results["sizes"].get(str(n), {}).get("py_instr") or {}
    if counted.get("import_peer") and counted.get("import_errgen"):
        mine_i, peer_i = counted["import_errgen"], counted["import_peer"]
        ratio = mine_i / peer_i
        told = f"instructions: {mine_i / 1e6:,.0f} M = {ratio:.3f} × ({peer_i / 1e6:,.0f} M)"
        return Verdict("", limit, f"{told}; wall: {shown}", ratio <= IMPORT_RATIO)
    return Verdict("", limit, shown, mine <= IMPORT_RATIO * peer)


def _validate_ratio(results: dict[str, Any], n: int = AT) -> Verdict:
    """errgen's ``validate_error`` and ``parse_error`` vs the peer's ``TypeAdapter.validate_python``."""
    limit = f"≤ {VALIDATE_RATIO} × datamodel-codegen's `TypeAdapter.validate_python`, both functions"
    peer = _python(results, n, "us_per_payload", "peer_validate")
    mine = {fn: _python(results, n, f"us_{fn}", "py_validate") for fn in ("validate_error", "parse_error")}
    if peer is None and None not in mine.values() and _probe_error(results, n, "peer_validate"):
        shown = "; ".join(f"`{fn}` {us:.2f} µs" for fn, us in mine.items() if us is not None)
        return _peer_failed(limit, shown, _peer_reason(results, n, "peer_validate"))
    if peer is None or None in mine.values():
        return Verdict("", limit, _peer_reason(results, n, "py_validate", "peer_validate"), False)
    parts = [f"`{fn}` {us:.2f} µs = {us / peer:.2f} ×" for fn, us in mine.items() if us is not None]
    shown = "; ".join(parts) + f" ({peer:.2f} µs)"
    counted = results["sizes"].get(str(n), {}).get("py_instr") or {}
    if counted.get("instr_peer"):  # instructions do not move with the machine's load: they decide
        base = counted["instr_peer"]
        ratios = {fn: counted[f"instr_{fn}"] / base for fn in mine}
        told = "; ".join(f"`{fn}` {counted[f'instr_{fn}']:,} = {r:.2f} ×" for fn, r in ratios.items())
        shown = f"instructions per payload: {told} ({base:,}); wall: {shown}"
        return Verdict("", limit, shown, all(r <= VALIDATE_RATIO for r in ratios.values()))
    return Verdict("", limit, shown, all(us is not None and us <= VALIDATE_RATIO * peer for us in mine.values()))


def _validates(results: dict[str, Any], n: int) -> Verdict:
    entry = results["sizes"].get(str(n), {}).get("py_validate") or {}
    imported = results["sizes"].get(str(n), {}).get("py_import") or {}
    if entry.get("error") or imported.get("error") or not entry:
        reason = entry.get("error") or imported.get("error") or "not measured"
        return Verdict("", "imports; every example parses to its typed error", reason, False)
    shown = f"{entry['payloads'] - entry['untyped']}/{entry['payloads']} typed via `{entry['parser']}`"
    return Verdict("", "imports; every example parses to its typed error", shown, entry["untyped"] == 0)


def _all_built(results: dict[str, Any], n: int) -> Verdict:
    entry = results["sizes"].get(str(n), {})
    built, error = entry.get("targets_built", []), (entry.get("build_all_cold") or {}).get("error")
    missing = [t for t in results["target_names"] if t not in built]
    shown = f"failed: {error}" if error else (f"all {len(built)}" if not missing else f"missing: {', '.join(missing)}")
    return Verdict("", "exit 0, every target's files written", shown, not error and not missing)


def _linear(results: dict[str, Any]) -> Verdict:
    fitted = exponents(results, "build_all_cold")
    limit = f"fitted exponent ≤ {MAX_EXPONENT:.2f} (all sizes, and each step)"
    if fitted is None:
        return Verdict("", limit, "not measured", False)
    overall, steepest = fitted
    shown = f"{overall:.3f} (steepest step {steepest:.3f})"
    return Verdict("", limit, shown, max(overall, steepest) <= MAX_EXPONENT)


def _rss(results: dict[str, Any]) -> Verdict:
    """Peak RSS of the largest process of the build (the build, or its worker: `rusage_wrapper`)."""
    entry = results["sizes"].get(str(BIG), {}).get("build_all_cold") or {}
    if entry.get("error") and entry.get("rss_seen_mb"):
        shown = f"≥ {entry['rss_seen_mb']:.0f} MiB (the build failed or was cut off)"
        return Verdict("", f"≤ {MAX_RSS_MIB} MiB", shown, False)
    return _at_most(entry.get("peak_rss_mb"), MAX_RSS_MIB, "MiB", 0)


CHECKS: list[tuple[str, int | None, Callable[[dict[str, Any]], Verdict]]] = [
    ("Cold `errgen build`, all targets (1,000 codes)", AT,
     lambda r: _ratio(r, "build_all_cold", "dcg", BUILD_RATIO, "datamodel-codegen (pydantic only)")),
    ("Cold `errgen build -t typescript` (1,000 codes)", AT,
     lambda r: _ratio(r, "build_ts_cold", "json2ts", TS_RATIO, "json2ts")),
    ("Warm rebuild, nothing changed (1,000 codes)", AT, lambda r: _series_at_most(r, "build_warm", AT, WARM_S)),
    ("`errgen check`, up to date (1,000 codes)", AT, lambda r: _series_at_most(r, "check", AT, CHECK_S)),
    ("`errgen --help`", None, lambda r: _at_most(_startup(r, "help"), HELP_S, used=_startup(r, "help", "cpu"))),
    ("`errgen --version`", None,
     lambda r: _at_most(_startup(r, "version"), HELP_S, used=_startup(r, "version", "cpu"))),
    ("Import of the generated Python package vs the peer's module + `TypeAdapter` (1,000 codes)", AT,
     _import_ratio),
    ("Validation per payload vs the peer's `TypeAdapter` (1,000 codes, same payloads)", AT, _validate_ratio),
    ("10,000 codes: generated Python imports and validates (no RecursionError)", BIG, lambda r: _validates(r, BIG)),
    ("10,000 codes: all targets build", BIG, lambda r: _all_built(r, BIG)),
    ("10,000 codes: peak RSS of `errgen build`, all targets", BIG, _rss),
    ("10,000 codes: `tsc --strict --noEmit` on the TypeScript", BIG, lambda r: _series_at_most(r, "tsc", BIG, 5)),
    ("10,000 codes: import vs the peer's module + `TypeAdapter` (wall)", BIG, lambda r: _import_ratio(r, BIG)),
    ("10,000 codes: validation per payload vs the peer's `TypeAdapter` (wall)", BIG,
     lambda r: _validate_ratio(r, BIG)),
    ("Cold build time grows linearly with catalog size", 0, _linear),
]  # fmt: skip


def _startup(results: dict[str, Any], name: str, field: str = "median") -> float | None:
    value: float | None = (results.get("startup") or {}).get(name, {}).get(field)
    return value


def judge(results: dict[str, Any]) -> list[Verdict]:
    """Every target's verdict, in report order (targets whose catalog size was not run are left out)."""
    sizes = set(results["size_list"])
    verdicts = []
    for name, needs, check in CHECKS:
        if (needs and needs not in sizes) or (needs == 0 and len(sizes) < 2):
            continue
        verdict = check(results)
        verdicts.append(Verdict(name, verdict.limit, verdict.measured, verdict.passed, verdict.cpu))
    return verdicts
