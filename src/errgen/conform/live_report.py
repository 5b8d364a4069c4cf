"""Results of a live run, its exit code, and its two renderings: human text (default) and ``--format json``.

Each invariant, expanded ``for_each_tool`` block and sequence gives one `Result`:
passed, failed (with the first `Finding`), or skipped (with a `SKIP_KINDS` kind and
the reason). A skip is not a pass: the run fails (exit 1) when an invariant failed,
when nothing was tested at all, or when one was skipped and skips are not allowed
(``--allow-skips``). Both renderings name every skip and why, give the outcome, and
end with the same counts; the human one closes with ``N passed, M failed, K skipped``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum

from errgen.conform.jsonvalue import Json

STDERR_TAIL = 20  # lines of server stderr shown in human output when something failed
_SHOWN = 400  # characters of an input or response shown in human output
SKIP_KINDS = {
    "witness-not-listed": "the witness tool a pack parameter (`…witness…`) names is not listed by the server",
    "tool-not-listed": "the invariant's or a sequence step's tool is not listed by the server",
    "destructive": "the tool is destructive as wallfacer classifies it (destructiveHint: true, or a name or "
    "description word starting with delete, drop, destroy, truncate, kill, wipe, purge or reset; never with "
    "readOnlyHint: true) and --allow-destructive was not given",
    "no-matching-tool": "no listed tool matches a for_each_tool block's `where` filter",
    "no-input": "no input can be generated from the tool's inputSchema",
}


class Status(Enum):
    """Outcome of one invariant."""

    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"


@dataclass(frozen=True)
class Finding:
    """Why an invariant failed: the first failing case.

    kind: ``assertion`` | ``structural`` (the pack's path/regex/schema is broken) |
    ``expect`` (a sequence step's ok/error outcome) | ``protocol_error`` | ``timeout`` |
    ``crash`` | ``connect``.
    """

    kind: str
    message: str
    case: int | None = None
    step: int | None = None
    assertion: str | None = None  # "2 (not matches_regex $.response.content[0].text)"
    input: Json = None
    response: Json = None


@dataclass(frozen=True)
class Result:
    """One invariant (or expanded block, or sequence) of one pack."""

    pack: str
    name: str
    tool: str | None
    status: Status
    cases: int = 0
    reason: str = ""  # why skipped
    finding: Finding | None = None
    skip: str = ""  # the SKIP_KINDS key of a skipped result


@dataclass
class LiveReport:
    """Everything a live run found."""

    target: str
    client: str = ""  # "mcp 1.30.0": the SDK that ran the client side
    allow_skips: bool = False
    tools: list[str] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    stderr: str = ""

    def count(self, status: Status) -> int:
        """How many results have `status`."""
        return sum(1 for r in self.results if r.status is status)

    @property
    def failed(self) -> bool:
        """Whether any invariant failed."""
        return self.count(Status.FAILED) > 0

    @property
    def skipped(self) -> list[Result]:
        """The skipped results, in run order."""
        return [r for r in self.results if r.status is Status.SKIPPED]

    def problems(self) -> list[str]:
        """Why the run fails, if it does: failures, nothing tested, skips that were not allowed."""
        failed, passed, skipped = (self.count(s) for s in (Status.FAILED, Status.PASSED, Status.SKIPPED))
        if any(r.finding is not None and r.finding.kind == "connect" for r in self.results):
            return ["the server could not be reached, so nothing was tested"]
        problems = [f"{failed} invariant(s) failed"] if failed else []
        if not failed and not passed:
            problems.append("nothing was tested: " + ("every invariant was skipped" if skipped else "no invariants"))
        elif skipped and not self.allow_skips:
            problems.append(f"{skipped} invariant(s) skipped; pass --allow-skips to accept skipped invariants")
        return problems

    def exit_code(self) -> int:
        """0 when everything that had to run ran and passed, else 1."""
        return 1 if self.problems() else 0

    def summary_line(self) -> str:
        """``N passed, M failed, K skipped``."""
        return ", ".join(f"{self.count(s)} {s.value}" for s in Status)


def to_json(report: LiveReport) -> str:
    """The machine-readable report (one JSON document)."""
    data = {
        "target": report.target,
        "client": report.client,
        "tools": report.tools,
        "results": [_result_json(r) for r in report.results],
        "server_stderr": report.stderr,
        "skips": [
            {"pack": r.pack, "name": r.name, "tool": r.tool, "kind": r.skip, "reason": r.reason}
            for r in report.skipped
        ],
        "outcome": {"exit_code": report.exit_code(), "reason": "; ".join(report.problems()) or None},
        "summary": {s.value: report.count(s) for s in Status},
    }
    return json.dumps(data, indent=2, ensure_ascii=False)


def _result_json(result: Result) -> dict[str, Json]:
    finding = result.finding
    return {
        "pack": result.pack,
        "name": result.name,
        "tool": result.tool,
        "status": result.status.value,
        "cases": result.cases,
        "reason": result.reason or None,
        "skip": result.skip or None,
        "finding": None if finding is None else {
            "kind": finding.kind, "message": finding.message, "case": finding.case, "step": finding.step,
            "assertion": finding.assertion, "input": finding.input, "response": finding.response,
        },
    }  # fmt: skip


def to_text(report: LiveReport) -> str:
    """Human output: one line per result, details under failures, stderr tail, skips, outcome, closing counts."""
    client = f" ({report.client})" if report.client else ""
    lines = [f"errgen conform: {report.target}: {len(report.tools)} tool(s) listed{client}"]
    for result in report.results:
        lines.extend(_result_lines(result))
    if report.failed and report.stderr.strip():
        tail = report.stderr.rstrip("\n").splitlines()[-STDERR_TAIL:]
        lines.append(f"server stderr (last {len(tail)} line(s)):")
        lines.extend(f"  | {line}" for line in tail)
    if report.skipped:
        lines.append(f"skipped, so not checked ({len(report.skipped)}):")
        lines.extend(f"  {r.name}{f' [{r.tool}]' if r.tool else ''}: {r.reason}" for r in report.skipped)
    if problems := report.problems():
        lines.append(f"errgen conform: {'; '.join(problems)}")
    lines.append(report.summary_line())
    return "\n".join(lines) + "\n"


def result_lines(result: Result) -> list[str]:
    """The lines of one result in the human report (``FAIL  name [tool]`` and what it found)."""
    return _result_lines(result)


def _result_lines(result: Result) -> list[str]:
    tool = f" [{result.tool}]" if result.tool else ""
    if result.status is Status.SKIPPED:
        return [f"SKIP  {result.name}{tool}: {result.reason}"]
    if result.status is Status.PASSED:
        return [f"ok    {result.name}{tool} ({result.cases} case{'s' if result.cases != 1 else ''})"]
    lines = [f"FAIL  {result.name}{tool}"]
    finding = result.finding
    if finding is not None:
        where = [
            f"case {finding.case}" if finding.case is not None else "",
            f"step {finding.step}" if finding.step is not None else "",
            f"assertion {finding.assertion}" if finding.assertion else "",
        ]
        location = ", ".join(w for w in where if w)
        kind = "" if finding.kind == "assertion" else f"{finding.kind}: "
        lines.append(f"      {location + ': ' if location else ''}{kind}{finding.message}")
        if finding.input is not None:
            lines.append(f"      input:    {_short(finding.input)}")
        if finding.response is not None:
            lines.append(f"      response: {_short(finding.response)}")
    return lines


def _short(value: Json) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"
