"""Every report format of errgen's CI commands, for findings of lint, diff, check and validate and for conform runs.

``text``: ``path:line:col: level: message [rule]`` (editors and problem matchers parse it);
``json``: one array of objects; ``github``: ``::error file=…,line=…,col=…::…`` workflow commands,
which GitHub shows inline on the pull request; ``sarif``: one SARIF 2.1.0 log (GitHub code scanning,
Azure DevOps, VS Code's SARIF viewer), each result at its place in the catalog; ``junit``: a JUnit XML
report of a conformance run (`errgen conform --junit FILE`), one test case per invariant or fixture.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import quote

from errgen import __version__
from errgen.catalog.diagnostics import Diagnostic, Loc

if TYPE_CHECKING:
    from errgen.workflow.diff_model import Finding

FORMATS = ("text", "json", "github", "sarif")
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SARIF_LEVELS = {"error": "error", "warning": "warning", "note": "note"}
CATALOG_RULE = ("catalog", "A problem in a catalog file (its shape, a reference, a name).")  # findings without a rule


class Reported(Protocol):
    """What every format needs of a finding: a place, a level, a rule id and a message."""

    @property
    def loc(self) -> Loc: ...

    @property
    def level(self) -> str: ...

    @property
    def rule(self) -> str: ...

    @property
    def message(self) -> str: ...


def render(findings: Iterable[Diagnostic], fmt: str, rules: Mapping[str, str] | None = None) -> str:
    """All findings in format `fmt`, newline-terminated (empty text when there are none; a SARIF log always).

    `rules`: the summary of each rule id, for SARIF's rule descriptors.
    """
    items = list(findings)
    if fmt == "sarif":
        return sarif(items, rules or {})
    if fmt == "json":
        data = [
            {
                "path": d.loc.path,
                "line": d.loc.line,
                "col": d.loc.col,
                "level": d.level,
                "rule": d.rule,
                "message": d.message,
            }
            for d in items
        ]
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if fmt == "github":
        return "".join(_annotation(d) + "\n" for d in items)
    return "".join(d.format() + "\n" for d in items)


def _annotation(d: Reported) -> str:
    props = f"file={_prop(d.loc.path)},line={d.loc.line},col={d.loc.col}"
    if d.rule:
        props += f",title={_prop(d.rule)}"
    level = "notice" if d.level == "note" else d.level
    return f"::{level} {props}::{_data(d.message)}"


def render_findings(findings: Iterable[Finding], fmt: str, rules: Mapping[str, str] | None = None) -> str:
    """`errgen diff`'s findings in format `fmt`: text and github like `render`; json with everything a tool needs.

    Text: ``path:line:col: error|note: message [rule]``, an accepted break saying why it is accepted.
    JSON: rule, categories, severity (breaking, compatible), level, accepted, message, subject, key, the place
    in both versions (``new``, ``old``: path, line, col, or null) and the value ``before`` and ``after``.
    """
    items = list(findings)
    if fmt == "sarif":
        return sarif(items, rules or {})
    if fmt == "json":
        return json.dumps([_finding_json(f) for f in items], indent=2, ensure_ascii=False, default=str) + "\n"
    if fmt == "github":
        return "".join(_annotation(f) + "\n" for f in items)
    return "".join(_finding_text(f) + "\n" for f in items)


def _finding_text(f: Finding) -> str:
    why = f" (accepted: {f.accepted})" if f.accepted else ""
    return f"{f.loc}: {f.level}: {f.message}{why} [{f.rule}]"


def _finding_json(f: Finding) -> dict[str, Any]:
    def place(loc: Loc | None) -> dict[str, Any] | None:
        return None if loc is None else {"path": loc.path, "line": loc.line, "col": loc.col}

    return {
        "path": f.loc.path,
        "line": f.loc.line,
        "col": f.loc.col,
        "level": f.level,
        "rule": f.rule,
        "message": f.message,
        "categories": list(f.categories),
        "severity": "breaking" if f.breaking else "compatible",
        "accepted": f.accepted or None,
        "subject": f.subject,
        "key": f.key,
        "new": place(f.new),
        "old": place(f.old),
        "before": f.before,
        "after": f.after,
    }


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def counts(findings: Iterable[Diagnostic]) -> tuple[int, int]:
    """``(errors, warnings)``."""
    items = list(findings)
    errors = sum(1 for d in items if d.level == "error")
    return errors, len(items) - errors


def plural(n: int, word: str) -> str:
    """``1 error`` / ``2 errors``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


# -- errgen check's stale files ----------------------------------------------------

STALE_RULES = {
    "stale-file": "A generated file differs from what the catalogs generate.",
    "missing-file": "A file the catalogs generate is missing.",
    "extra-file": "A file errgen wrote and no longer generates.",
    "foreign-file": "A generated file (errgen's header) in the output folder that this build did not write.",
}


def stale_files(
    out: str, modified: Iterable[str], missing: Iterable[str], extra: Iterable[str], foreign: Iterable[str]
) -> list[Diagnostic]:
    """`errgen check`'s findings, one per file, at its first line (under the output folder `out`)."""
    texts = (
        (modified, "stale-file", "modified: out of date with the catalog; run `errgen build`"),
        (missing, "missing-file", "missing: the catalog generates it; run `errgen build`"),
        (extra, "extra-file", "extra: errgen no longer generates it; `errgen build` removes it"),
        (foreign, "foreign-file", "extra: generated, but not by this build (stale output of another build); remove it"),
    )
    return [Diagnostic(Loc(f"{out}/{rel}"), message, "error", rule) for rels, rule, message in texts for rel in rels]


# -- SARIF 2.1.0 ------------------------------------------------------------------


def sarif(findings: Sequence[Reported], rules: Mapping[str, str]) -> str:
    """One SARIF 2.1.0 log with one run of errgen: a rule descriptor per rule id found, a result per finding.

    Places are relative URIs under ``%SRCROOT%`` (the folder errgen ran in: the repository root in CI), or
    ``file:`` URIs for absolute paths; columns count Unicode code points (``columnKind``). A diff finding also
    carries its categories, severity, subject and values (``properties``); an accepted break is a result with an
    external suppression saying why, which code scanning shows as closed. Newline-terminated.
    """
    rules = {CATALOG_RULE[0]: CATALOG_RULE[1], **rules}
    ids = list(dict.fromkeys(f.rule or CATALOG_RULE[0] for f in findings))
    descriptors = [_descriptor(rule_id, rules.get(rule_id, "")) for rule_id in ids]
    results = [_sarif_result(f, ids.index(f.rule or CATALOG_RULE[0])) for f in findings]
    driver = {"name": "errgen", "version": __version__, "rules": descriptors}
    run = {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results}
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False, default=str) + "\n"


def _descriptor(rule_id: str, summary: str) -> dict[str, Any]:
    out: dict[str, Any] = {"id": rule_id}
    if summary:
        out["shortDescription"] = {"text": summary}
    return out


def _sarif_result(f: Reported, index: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleId": f.rule or CATALOG_RULE[0],
        "ruleIndex": index,
        "level": SARIF_LEVELS.get(f.level, "warning"),
        "message": {"text": f.message},
    }
    if f.loc.path:
        region = {"startLine": max(f.loc.line, 1), "startColumn": max(f.loc.col, 1)}
        out["locations"] = [{"physicalLocation": {"artifactLocation": _artifact(f.loc.path), "region": region}}]
    from errgen.workflow.diff_model import Finding

    if isinstance(f, Finding):  # a diff finding: what changed, and whether it is accepted
        out["properties"] = {
            "categories": list(f.categories),
            "severity": "breaking" if f.breaking else "compatible",
            "subject": f.subject,
            "before": f.before,
            "after": f.after,
        }
        if f.accepted:
            out["suppressions"] = [{"kind": "external", "status": "accepted", "justification": f.accepted}]
    return out


def _artifact(path: str) -> dict[str, str]:
    """The artifactLocation of a path as errgen shows it: relative under %SRCROOT%, or an absolute file: URI."""
    from pathlib import PurePosixPath

    if PurePosixPath(path).is_absolute():
        return {"uri": PurePosixPath(path).as_uri()}
    return {"uri": quote(path, safe="/"), "uriBaseId": "%SRCROOT%"}


# -- JUnit XML --------------------------------------------------------------------


@dataclass(frozen=True)
class JUnitCase:
    """One test case of a JUnit report: its suite (a pack), name, outcome and what to show for it."""

    suite: str
    name: str
    outcome: str  # "passed" | "failed" | "skipped"
    message: str = ""  # one line: why it failed or was skipped
    details: str = ""  # the body of a failure


def junit(cases: Sequence[JUnitCase], name: str) -> str:
    """A JUnit XML report (the schema Jenkins, GitLab and GitHub test reporters read): one ``testsuite`` per suite,
    in first-seen order, with counts; no timestamps or durations, so the same run gives the same bytes."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", _counts(cases, name))
    for suite in dict.fromkeys(c.suite for c in cases):
        members = [c for c in cases if c.suite == suite]
        element = ET.SubElement(root, "testsuite", _counts(members, suite))
        for case in members:
            item = ET.SubElement(element, "testcase", {"classname": suite, "name": case.name})
            if case.outcome == "failed":
                ET.SubElement(item, "failure", {"message": case.message, "type": "conformance"}).text = case.details
            elif case.outcome == "skipped":
                ET.SubElement(item, "skipped", {"message": case.message})
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _counts(cases: Sequence[JUnitCase], name: str) -> dict[str, str]:
    failed = sum(1 for c in cases if c.outcome == "failed")
    skipped = sum(1 for c in cases if c.outcome == "skipped")
    return {"name": name, "tests": str(len(cases)), "failures": str(failed), "errors": "0", "skipped": str(skipped)}
