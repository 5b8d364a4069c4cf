"""Seed 003 (@comma-agents/coreTools): the Kind reference table and the ToolError wire against the
generated Python. The seed is TypeScript; its Usage snippet runs in usage.test.ts. Python's own
spelling of the snippet's switch is a `match` on the error's code (the `kind` on the wire)."""

from __future__ import annotations

import json

import filetools_errors as ft
import pytest

KINDS = [line.split(" | ") for line in """
not_found | Sometimes | Call read_file or list_directory to confirm what exists, then retry with the correct path.
already_exists | Yes | Switch to write_file or edit_file, or move the existing file aside first.
permission_denied | No | Use a different path, or grant access via an update_policy message to the guard's chain.
outside_workspace | No | Use a workspace-relative path.
binary_file | Yes | Re-call read_file with allowBinary: true.
file_too_large | No | Read or write the file in slices, or raise the configured cap.
stale_file | Yes | Re-read the file to obtain the current sha256 and re-apply your edit.
old_text_not_found | Yes | Re-read the file and pick text that exists.
multiple_matches | Yes | Make oldText more specific, or pass replaceAll: true.
overlapping_edits | Yes | Combine the edits or apply them in separate calls.
patch_parse_error | Yes | Fix the envelope grammar (see Patch envelope).
patch_apply_error | Yes | Re-read the affected files and regenerate the patch against the current content.
command_failed | Sometimes | Read the message for the specific failure mode.
timeout | Yes | Increase the timeout, narrow the command, or split it into smaller steps.
skill_unavailable | No | Stop attempting to load skills for the rest of the turn.
unknown | No | File an issue with the captured details.
""".strip().splitlines()]
NUMBERS = {"limitBytes", "matchCount", "timeoutMs"}  # wire keys (casing: camel)


def test_the_closed_set() -> None:
    assert list(ft.CODES) == [kind for kind, _, _ in KINDS]


@pytest.mark.parametrize(("kind", "recoverable", "action"), KINDS, ids=[k for k, _, _ in KINDS])
def test_tool_error_is_kind_message_and_the_action_when_recoverable(kind: str, recoverable: str, action: str) -> None:
    info = ft.CODES[kind]
    assert (info.recoverable, info.next_action) == (recoverable.lower(), action)
    error = ft.build_error(kind, {name: 1 if name in NUMBERS else "x" for name in info.required})
    payload = error.to_payload()
    assert list(payload)[:2] == ["kind", "message"] and payload["kind"] == kind
    assert payload.get("suggestedNextAction") == (None if recoverable == "No" else action)
    assert "provenance" not in payload and "code" not in payload
    text = ft.to_json(payload)
    assert ft.to_json(ft.parse_error(json.loads(text)).to_payload()) == text  # byte for byte


def test_the_switch_on_kind() -> None:
    def next_step(error: object) -> str:
        match error:
            case ft.StaleFileError():
                return "re-read, recompute the sha256, retry"
            case ft.OldTextNotFoundError():
                return "re-read, locate the text, retry"
            case ft.MultipleMatchesError():
                return "be more specific"
            case _:
                return "report and move on"

    wire = {"kind": "stale_file", "message": "m", "suggestedNextAction": "x", "path": "src/server.ts"}
    assert next_step(ft.parse_error(wire)) == "re-read, recompute the sha256, retry"
    assert next_step(ft.parse_error({"kind": "unknown", "message": "m"})) == "report and move on"
