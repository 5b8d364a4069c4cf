"""The report's "Generated Python package" section: errgen's package beside datamodel-codegen's module."""

from __future__ import annotations

from typing import Any

# (label, probe, field, format or "ms" for seconds shown in ms); field None: payloads typed / parsed;
# "runs": lowest–highest of the runs
ROWS: list[tuple[str, str, str | None, str]] = [
    ("errgen: import, total (pydantic + package), s", "py_import", "total_s", "{:.3f}"),
    ("… of which pydantic, s", "py_import", "pydantic_s", "{:.3f}"),
    ("… of which the package, s", "py_import", "module_s", "{:.3f}"),
    ("peer: import, total (pydantic + module + `TypeAdapter`), s", "peer_import", "total_s", "{:.3f}"),
    ("… of which the module, s", "peer_import", "module_s", "{:.3f}"),
    ("… of which building the `TypeAdapter`, s", "peer_import", "adapter_s", "{:.3f}"),
    ("errgen: compiling the package's bytecode (first start only), s", "py_import", "compile_s", "{:.3f}"),
    ("peer: compiling the module's bytecode (first start only), s", "peer_import", "compile_s", "{:.3f}"),
    ("errgen: first parse after import (builds the adapter), ms", "py_validate", "first_parse_s", "ms"),
    ("peer: first parse after import + `TypeAdapter`, ms", "peer_validate", "first_parse_s", "ms"),
    ("errgen: first parse of every example, s", "py_validate", "first_pass_s", "{:.3f}"),
    ("peer: first parse of every example, s", "peer_validate", "first_pass_s", "{:.3f}"),
    ("errgen: `validate_error`, µs per payload", "py_validate", "us_validate_error", "{:.2f}"),
    ("errgen: `parse_error`, µs per payload", "py_validate", "us_parse_error", "{:.2f}"),
    ("peer: `TypeAdapter.validate_python`, µs per payload", "peer_validate", "us_per_payload", "{:.2f}"),
    (
        "errgen: `validate_error`, machine instructions per payload (cachegrind)",
        "py_instr",
        "instr_validate_error",
        "{:,}",
    ),
    ("errgen: `parse_error`, machine instructions per payload", "py_instr", "instr_parse_error", "{:,}"),
    ("peer: `TypeAdapter.validate_python`, machine instructions per payload", "py_instr", "instr_peer", "{:,}"),
    ("errgen: lowest–highest of the runs (`parse_error`, one process each)", "py_validate", "runs", "{:.2f}"),
    ("peer: lowest–highest of the runs (one process each)", "peer_validate", "runs", "{:.2f}"),
    ("errgen: payloads typed / parsed", "py_validate", None, ""),
    ("peer: payloads validated to their code's model", "peer_validate", None, ""),
]
# (label, errgen's (probe, field) pairs summed, the peer's (probe, field) pairs summed)
Figures = tuple[tuple[str, str], ...]
RATIOS: list[tuple[str, Figures, Figures]] = [
    ("import ÷ peer's, pydantic loaded (package vs module + adapter)", (("py_import", "module_s"),),
     (("peer_import", "module_s"), ("peer_import", "adapter_s"))),
    ("import ÷ peer's, with `import pydantic`", (("py_import", "total_s"),), (("peer_import", "total_s"),)),
    ("first parse after import ÷ peer's", (("py_validate", "first_parse_s"),), (("peer_validate", "first_parse_s"),)),
    ("import + first parse ÷ peer's, pydantic loaded", (("py_import", "module_s"), ("py_validate", "first_parse_s")),
     (("peer_import", "module_s"), ("peer_import", "adapter_s"), ("peer_validate", "first_parse_s"))),
    ("`validate_error` ÷ peer's `validate_python`", (("py_validate", "us_validate_error"),),
     (("peer_validate", "us_per_payload"),)),
    ("`parse_error` ÷ peer's `validate_python`", (("py_validate", "us_parse_error"),),
     (("peer_validate", "us_per_payload"),)),
    ("`validate_error` ÷ peer's, machine instructions", (("py_instr", "instr_validate_error"),),
     (("py_instr", "instr_peer"),)),
    ("`parse_error` ÷ peer's, machine instructions", (("py_instr", "instr_parse_error"),),
     (("py_instr", "instr_peer"),)),
]  # fmt: skip

NOTE = """\
The peer is datamodel-codegen's module for the same JSON Schema (one model per code, their
union as a root model), imported in a fresh interpreter together with building a pydantic
`TypeAdapter` over that union, discriminated by `code` (the fastest way to validate with it),
in the same interpreter and pydantic as errgen's package. Every figure is the median of the
runs, each in a fresh process, errgen's probe and the peer's alternating round by round.
"First parse after import" is the very first payload a fresh process parses: errgen builds its
deferred models and its `TypeAdapter` there, the peer built them at import. Machine instructions
per payload (`bench/instr.py`, valgrind's cachegrind, hash seed fixed, warm) do not move with the
other work on the machine, so the validation target is judged on them when valgrind is there.
errgen's models check more than the peer's: the fingerprint's `sha256:<64 hex>` pattern
(≈1,000 instructions a payload), a range's "at least one bound", strict types, and
`parse_error` never raises (its wrapper)."""


def _n(n: int) -> str:
    return f"{n:,}"


def _entry(results: dict[str, Any], n: int, key: str) -> dict[str, Any]:
    return results["sizes"].get(str(n), {}).get(key) or {}


def _cell(entry: dict[str, Any], field: str | None, fmt: str) -> str:
    if entry.get("error"):
        return "failed"
    if not entry:
        return "—"
    if field is None:
        return f"{entry['payloads'] - entry['untyped']} / {entry['payloads']}"
    if field == "runs":
        runs = entry.get("runs") or []
        return f"{fmt.format(min(runs))}–{fmt.format(max(runs))}" if runs else "—"
    value = entry.get(field)
    if value is None:
        return "—"
    return f"{value * 1000:.3f}" if fmt == "ms" else fmt.format(value)


def _sum(results: dict[str, Any], n: int, figures: Figures) -> float | None:
    found = [_entry(results, n, probe).get(field) for probe, field in figures]
    values = [float(value) for value in found if value is not None]
    return sum(values) if values and len(values) == len(found) else None


def ratio(results: dict[str, Any], n: int, ours: Figures, peer: Figures) -> float | None:
    """errgen's figures (summed) ÷ the peer's (summed), None when any is missing."""
    mine, theirs = _sum(results, n, ours), _sum(results, n, peer)
    return None if mine is None or not theirs else mine / theirs


def markdown(results: dict[str, Any]) -> list[str]:
    """The section's lines."""
    sizes = results["size_list"]
    lines = ["| generated Python | " + " | ".join(f"{_n(n)} codes" for n in sizes) + " |",
             "|---|" + "---:|" * len(sizes)]  # fmt: skip
    for label, probe, field, fmt in ROWS:
        lines.append(f"| {label} | " + " | ".join(_cell(_entry(results, n, probe), field, fmt) for n in sizes) + " |")
    for label, ours, peer in RATIOS:
        cells = [ratio(results, n, ours, peer) for n in sizes]
        lines.append(f"| **{label}** | " + " | ".join("—" if c is None else f"{c:.2f}" for c in cells) + " |")
    for probe in ("py_import", "py_validate", "peer_import", "peer_validate"):
        errors = {n: _entry(results, n, probe).get("error") for n in sizes}
        lines += [f"\nAt {_n(n)} codes `{probe}` failed: `{e}`" for n, e in errors.items() if e]
    return [*lines, "", NOTE]
