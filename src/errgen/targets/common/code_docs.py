"""A code's documentation as the generated doc comments print it (TypeScript, Go)."""

from __future__ import annotations

from errgen.catalog.model import Code


def title(code: Code) -> str:
    """`` — Title`` when the code has a title other than its id, else nothing."""
    return f" — {code.title}" if code.title != code.id else ""


def body(code: Code) -> list[str]:
    """When, UI meaning, next action and long docs (those written), then kind, retriable and recoverable."""
    lines = []
    for label, text in (("When", code.when), ("UI", code.ui_meaning), ("Next", code.next_action), ("", code.docs)):
        if text.strip():
            lines.append(f"{label}: {text}" if label else text)
    lines.append(
        f"Kind: {code.kind or 'none'}; retriable: {code.retriable.value}; recoverable: {code.recoverable.value}"
        + ("; deferred (shape-only, no constructor)" if code.deferred else "")
    )
    return lines
