"""Live runs: ``errgen conform PACK... --server "CMD ARGS" | --url URL`` (wallfacer ``property``).

For each pack with the packs it extends (`extends.Composed`), in order: invariants, then
``for_each_tool`` blocks (one run per listed tool that matches ``where``; ``$.tool`` holds
the tool's name, description and annotations), then sequences (steps bound through
``{{steps.<bind>.…}}``); as in wallfacer, a name already run in this run (an invariant,
a block or a sequence) is not run again. Every case calls the tool and evaluates the assertions on
the real CallToolResult with the offline evaluator (`assertions.evaluate`); in a
live run a structural error (missing path, bad regex) fails the invariant too.

What is never a pass: a tool the server does not list (skipped; when a pack
parameter names it, the reason says which ``--param`` picks another), a tool wallfacer
classifies as destructive (`destructive`; skipped without ``--allow-destructive``), an
input that cannot be produced (skipped), a protocol error, a time-out or a lost
connection (failed; the server is restarted for what follows — wallfacer instead judges a
synthesised ``{content: [text], isError: true}``, which assertions that stop at
``isError`` accept; errgen does not count a fault as a pass). An invariant runs at least
one case (``cases: 0`` runs one, as in wallfacer). The first failing case ends an
invariant. Whether skips fail the run is the report's call (`LiveReport.exit_code`).
"""

from __future__ import annotations

import random
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass

from errgen.conform import model as m
from errgen.conform.assertions import Verdict, evaluate
from errgen.conform.destructive import destructive_reason
from errgen.conform.extends import Composed
from errgen.conform.fixtures import step_outcome_mismatch, synthesize
from errgen.conform.jsonpath import resolve_one
from errgen.conform.jsonvalue import Json
from errgen.conform.live_conn import Call, ConnectError, Connection, Target
from errgen.conform.live_inputs import InputError, case_input
from errgen.conform.live_report import Finding, LiveReport, Result, Status
from errgen.conform.live_sdk import SDK, load
from errgen.conform.regex import compile_rust
from errgen.conform.steps import StepContext, SubstitutionError

# MCP's defaults for absent tool annotations (spec: ToolAnnotations).
HINT_DEFAULTS = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False, "openWorldHint": True}


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Options of a live run."""

    timeout: float = 10.0  # seconds for the connect, and for each tool call
    cases: int = 100  # calls per invariant that does not set `cases`
    seed: int = 0  # seed of generated inputs
    allow_destructive: bool = False  # also call tools wallfacer classifies as destructive (`destructive`)
    allow_skips: bool = False  # skipped invariants do not fail the run


async def run_live(
    packs: Sequence[Composed | m.Pack], target: Target, settings: Settings, sdk: SDK | None = None
) -> LiveReport:
    """Connect once, run every pack, and always stop the server and all it started (also when cancelled).

    A bare `m.Pack` runs alone; one that extends others must come composed (`extends.compose`).

    Raises:
        ValueError: for a bare pack with `metadata.extends` (nothing would run its extended packs).
    """
    composed = [item if isinstance(item, Composed) else _alone(item) for item in packs]
    sdk = sdk or load()
    report = LiveReport(target.describe(), client=f"mcp {sdk.version}", allow_skips=settings.allow_skips)
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as stderr:
        connection = Connection(target, settings.timeout, stderr, sdk)
        try:
            async with connection:
                report.tools = [str(t.get("name")) for t in connection.tools]
                runner = _Runner(connection, settings)
                for item in composed:
                    report.results += await runner.composed(item)
        except ConnectError as exc:
            report.results.append(Result("", "(connect)", None, Status.FAILED, finding=Finding("connect", str(exc))))
        report.stderr = connection.stderr_text()
    return report


def _alone(pack: m.Pack) -> Composed:
    if pack.metadata and pack.metadata.extends:
        raise ValueError(f"{pack.file} extends {', '.join(pack.metadata.extends)}: compose it first (extends.compose)")
    return Composed((pack,))


class _Runner:
    def __init__(self, connection: Connection, settings: Settings) -> None:
        self.conn = connection
        self.settings = settings
        self.rng = random.Random(settings.seed)
        self.seen: set[tuple[str, str]] = set()  # ("invariant" | "block" | "sequence", name) already run

    def first(self, kind: str, name: str) -> bool:
        """Whether `name` is met for the first time in this run (wallfacer runs each name once)."""
        new = (kind, name) not in self.seen
        self.seen.add((kind, name))
        return new

    async def composed(self, item: Composed) -> list[Result]:
        """Run a pack and the packs it extends: their invariants, then their blocks, then the pack's sequences."""
        pack = item.pack
        label = pack.metadata.name if pack.metadata and pack.metadata.name else pack.file.stem
        results: list[Result] = []
        for part in item.packs:
            named_by = tool_parameters(part)
            for index, inv in enumerate(part.invariants):
                if self.first("invariant", inv.name):
                    results.append(await self.invariant(label, inv, param=named_by.get(index)))
        for block in (block for part in item.packs for block in part.for_each_tool):
            if self.first("block", block.name):
                results += await self.for_each_tool(label, block)
        results += [await self.sequence(label, seq) for seq in pack.sequences if self.first("sequence", seq.name)]
        return results

    async def invariant(
        self, label: str, inv: m.Invariant, extra: dict[str, Json] | None = None, param: str | None = None
    ) -> Result:
        """Run one invariant; `param` is the pack parameter its tool name came from, if any."""
        tool = self.conn.tool(inv.tool)
        if tool is None:
            return _unlisted(label, inv, param)
        why = destructive_reason(tool)
        if why is not None and not self.settings.allow_destructive:
            reason = f"destructive tool ({why}); pass --allow-destructive to run it"
            return Result(label, inv.name, inv.tool, Status.SKIPPED, reason=reason, skip="destructive")
        cases = max(1, inv.body.cases if inv.body.cases is not None else self.settings.cases)  # wallfacer: at least 1
        for case in range(1, cases + 1):
            try:
                arguments = case_input(inv.body, tool, self.rng)
            except InputError as exc:
                return Result(label, inv.name, inv.tool, Status.SKIPPED, case - 1, reason=str(exc), skip="no-input")
            call = await self.call(inv.tool, arguments)
            finding = judge(inv.body.assertions, arguments, call, extra)
            if finding is not None:
                return Result(label, inv.name, inv.tool, Status.FAILED, case, finding=_at(finding, case=case))
        return Result(label, inv.name, inv.tool, Status.PASSED, cases)

    async def for_each_tool(self, label: str, block: m.ForEachTool) -> list[Result]:
        results: list[Result] = []
        for tool in self.conn.tools:
            name = str(tool.get("name"))
            if not tool_matches(block.where, tool):
                continue
            inv = synthesize(block, name)
            info = {"name": name, "description": tool.get("description"), "annotations": tool.get("annotations")}
            results.append(await self.invariant(label, inv, {"tool": info}))
        if not results:
            reason = "no listed tool matches its `where` filter"
            results.append(Result(label, block.name, None, Status.SKIPPED, reason=reason, skip="no-matching-tool"))
        return results

    async def sequence(self, label: str, seq: m.Sequence) -> Result:
        missing = sorted({s.call for s in seq.steps if self.conn.tool(s.call) is None})
        if missing:
            reason = f"tool(s) not listed by the server: {', '.join(repr(t) for t in missing)}"
            return Result(label, seq.name, None, Status.SKIPPED, reason=reason, skip="tool-not-listed")
        steps = StepContext()
        for index, step in enumerate(seq.steps, 1):
            finding, arguments, call = await self._step(step, steps)
            if finding is not None:
                return Result(label, seq.name, step.call, Status.FAILED, 1, finding=_at(finding, step=index))
            if step.bind is not None and call is not None:
                steps.bind(step.bind, arguments, call.response)
        return Result(label, seq.name, None, Status.PASSED, 1)

    async def _step(self, step: m.Step, steps: StepContext) -> tuple[Finding | None, Json, Call | None]:
        try:
            arguments = steps.substitute(dict(step.with_ or {}))
        except SubstitutionError as exc:
            return Finding("structural", f"cannot substitute step references: {exc}"), None, None
        call = await self.call(step.call, arguments if isinstance(arguments, dict) else {})
        if call.fault == "protocol_error" and step.expect == "error":
            call = Call(call.response)  # an expected error may come as a JSON-RPC error
        mismatch = None if call.fault else step_outcome_mismatch(call.response, step.expect)
        if mismatch:
            return Finding("expect", mismatch, input=arguments, response=call.response), arguments, call
        return judge(step.assertions, arguments, call, None), arguments, call

    async def call(self, tool: str, arguments: dict[str, Json]) -> Call:
        call = await self.conn.call(tool, arguments)
        if call.needs_restart:
            try:
                await self.conn.restart()
            except ConnectError:
                pass  # later calls report the closed connection as their own finding
        return call


def _unlisted(label: str, inv: m.Invariant, parameter: str | None) -> Result:
    """A skip for a tool the server does not list; a witness tool named by a pack parameter says how to pick one."""
    reason = f"tool {inv.tool!r} is not listed by the server"
    if parameter is not None and "witness" in parameter:
        reason = f"no witness tool: {reason.removeprefix('tool ')} (choose a listed tool with --param {parameter}=TOOL)"
        return Result(label, inv.name, inv.tool, Status.SKIPPED, reason=reason, skip="witness-not-listed")
    if parameter is not None:
        reason += f" (pack parameter {parameter})"
    return Result(label, inv.name, inv.tool, Status.SKIPPED, reason=reason, skip="tool-not-listed")


def tool_parameters(pack: m.Pack) -> dict[int, str]:
    """Index of each invariant whose ``tool:`` is written as one pack parameter → that parameter's name."""
    from errgen.conform import located

    declared = pack.metadata.parameters if pack.metadata else {}
    try:
        document = located.load(pack.file.read_text(encoding="utf-8"))[0].value
    except (OSError, UnicodeDecodeError):
        return {}
    invariants = document.get("invariants") if isinstance(document, dict) else None
    found: dict[int, str] = {}
    for index, raw in enumerate(invariants if isinstance(invariants, list) else []):
        tool = raw.get("tool") if isinstance(raw, dict) else None
        match = re.fullmatch(r"\{\{\s*(\w+)\s*\}\}", tool) if isinstance(tool, str) else None
        if match and match.group(1) in declared:
            found[index] = match.group(1)
    return found


def judge(
    assertions: tuple[m.Assertion, ...], arguments: Json, call: Call, extra: dict[str, Json] | None
) -> Finding | None:
    """The first problem of one call: its fault, else the first assertion that does not hold."""
    if call.fault is not None:
        response = call.response if call.fault == "protocol_error" else None
        return Finding(call.fault, call.message, input=arguments, response=response)
    ctx: dict[str, Json] = {"input": arguments, "response": call.response, **(extra or {})}
    for index, assertion in enumerate(assertions, 1):
        outcome = evaluate([assertion], ctx)
        if outcome.verdict is not Verdict.PASS:
            kind = "assertion" if outcome.verdict is Verdict.FAIL else "structural"
            where = f"{index} ({describe(assertion)})"
            detail = _forbidden_match(assertion, ctx) or outcome.detail
            return Finding(kind, detail, assertion=where, input=arguments, response=call.response)
    return None


def _forbidden_match(assertion: m.Assertion, ctx: dict[str, Json]) -> str | None:
    """For a failed ``not matches_regex``: what matched, which the evaluator does not say."""
    if not (isinstance(assertion, m.Not) and isinstance(assertion.child, m.MatchesRegex)):
        return None
    regex = assertion.child
    try:
        value = resolve_one(ctx, regex.path)
        match = compile_rust(regex.pattern).search(value) if isinstance(value, str) else None
    except Exception:  # the evaluator's own message covers every other case
        return None
    if match is None:
        return None
    return f"{regex.path} must not match {regex.pattern}, but contains {match.group(0)!r} (offset {match.start()})"


def describe(assertion: m.Assertion) -> str:
    """``not matches_regex $.response.content[0].text``: kind and path of an assertion."""
    if isinstance(assertion, m.Not):
        return f"not {describe(assertion.child)}"
    kind = {
        m.IsType: "is_type", m.MatchesRegex: "matches_regex", m.MatchesSchema: "matches_schema",
        m.AllOf: "all_of", m.AnyOf: "any_of", m.ForEach: "for_each",
    }.get(type(assertion)) or str(getattr(assertion, "kind", "?"))  # fmt: skip
    path = getattr(assertion, "path", None)
    if isinstance(assertion, m.Compare) and isinstance(assertion.lhs, m.PathOperand):
        path = assertion.lhs.path
    return f"{kind} {path}" if path else kind


def tool_matches(where: m.ToolMatch, tool: dict[str, Json]) -> bool:
    """A ``for_each_tool`` ``where`` filter: every given condition holds (regexes search, Rust syntax)."""
    for hint, wanted in where.annotations.items():
        if _hint(tool, hint, default=HINT_DEFAULTS.get(hint, False)) is not wanted:
            return False
    texts = {"name_matches": tool.get("name"), "description_matches": tool.get("description")}
    for key, pattern in (("name_matches", where.name_matches), ("description_matches", where.description_matches)):
        text = texts[key]
        if pattern is not None and not compile_rust(pattern).search(text if isinstance(text, str) else ""):
            return False
    return True


def _hint(tool: dict[str, Json], hint: str, *, default: bool) -> bool:
    annotations = tool.get("annotations")
    value = annotations.get(hint) if isinstance(annotations, dict) else None
    return value if isinstance(value, bool) else default


def _at(finding: Finding, *, case: int | None = None, step: int | None = None) -> Finding:
    from dataclasses import replace

    return replace(finding, case=case if case is not None else finding.case, step=step)
