"""Print findings (lint, diff) as compiler-style text, JSON, or GitHub Actions annotations.

``text``: ``path:line:col: level: message [rule]`` (editors and problem matchers parse it);
``json``: one array of objects; ``github``: ``::error file=…,line=…::…`` workflow commands,
which GitHub shows inline on the pull request.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from errgen.catalog.diagnostics import Diagnostic, Loc

if TYPE_CHECKING:
    from errgen.workflow.diff_model import Finding

FORMATS = ("text", "json", "github")


def render(findings: Iterable[Diagnostic], fmt: str) -> str:
    """All findings in format `fmt`, newline-terminated (empty text when there are none)."""
    items = list(findings)
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


def _annotation(d: Diagnostic | Finding) -> str:
    props = f"file={_prop(d.loc.path)},line={d.loc.line},col={d.loc.col}"
    if d.rule:
        props += f",title={_prop(d.rule)}"
    level = "notice" if d.level == "note" else d.level
    return f"::{level} {props}::{_data(d.message)}"


def render_findings(findings: Iterable[Finding], fmt: str) -> str:
    """`errgen diff`'s findings in format `fmt`: text and github like `render`; json with everything a tool needs.

    Text: ``path:line:col: error|note: message [rule]``, an accepted break saying why it is accepted.
    JSON: rule, categories, severity (breaking, compatible), level, accepted, message, subject, key, the place
    in both versions (``new``, ``old``: path, line, col, or null) and the value ``before`` and ``after``.
    """
    items = list(findings)
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
