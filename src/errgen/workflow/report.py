"""Print findings (lint, diff) as compiler-style text, JSON, or GitHub Actions annotations.

``text``: ``path:line:col: level: message [rule]`` (editors and problem matchers parse it);
``json``: one array of objects; ``github``: ``::error file=…,line=…::…`` workflow commands,
which GitHub shows inline on the pull request.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from errgen.catalog.diagnostics import Diagnostic

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


def _annotation(d: Diagnostic) -> str:
    props = f"file={_prop(d.loc.path)},line={d.loc.line},col={d.loc.col}"
    if d.rule:
        props += f",title={_prop(d.rule)}"
    return f"::{d.level} {props}::{_data(d.message)}"


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
