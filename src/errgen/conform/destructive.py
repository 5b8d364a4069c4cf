"""Which tools a live run leaves alone: wallfacer's `DestructiveDetector` with its default settings.

A tool annotated `readOnlyHint: true` is always run. Otherwise it is destructive when it is
annotated `destructiveHint: true`, or when a word of its name or description (lower case,
split at every character that is not an ASCII letter or digit, so `logs_delete_old` has the
word `delete`) starts with one of wallfacer's keywords. `errgen conform --allow-destructive`
runs them anyway (wallfacer's `[allow_destructive]`).
"""

from __future__ import annotations

import re

from errgen.conform.jsonvalue import Json

KEYWORDS = ("delete", "drop", "destroy", "truncate", "kill", "wipe", "purge", "reset")
_SEPARATORS = re.compile(r"[^a-z0-9]")  # applied after lower-casing, as wallfacer's `is_ascii_alphanumeric`


def destructive_reason(tool: dict[str, Json]) -> str | None:
    """Why wallfacer would not call `tool` (a listed tool: name, description, annotations), or None."""
    annotations = tool.get("annotations")
    hints = annotations if isinstance(annotations, dict) else {}
    if hints.get("readOnlyHint") is True:
        return None
    if hints.get("destructiveHint") is True:
        return "annotated destructiveHint: true"
    name, description = tool.get("name"), tool.get("description")
    text = str(name).lower() + (" " + description.lower() if isinstance(description, str) else "")
    words = _SEPARATORS.split(text)
    for keyword in KEYWORDS:
        if any(word.startswith(keyword) for word in words):
            return f"its name or description has a word starting with `{keyword}`"
    return None
