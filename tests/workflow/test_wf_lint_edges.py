"""Lint rules at their boundaries, and where they must stay silent (the case folders show them firing).

Each catalog writes one code per line, so a finding's ``line:col`` names the code and the key.
"""

from __future__ import annotations

from pathlib import Path

from workflow.util import errgen

HEADER = """\
errgen: 1
catalog: {name: shop, version: 1.0.0}
kinds:
  Validation: {retryable: false}
  Transient: {retryable: true}
  Internal: {retryable: false}
  Missing: {retryable: false}
"""
DEFAULTS = {"message": "m", "next_action": "Fix it.", "ui_meaning": "u", "recoverable": "yes", "examples": "[{}]"}


class Catalog:
    """A lint catalog written one code per line; `at` finds a key's ``line:col``."""

    def __init__(self, tmp_path: Path, codes: dict[str, dict[str, object]], extra: str = "") -> None:
        self.lines = (HEADER + extra + "codes:").splitlines()
        for cid, keys in codes.items():
            spec = {**DEFAULTS, **keys}
            self.lines.append(f"  {cid}: {{" + ", ".join(f"{k}: {v}" for k, v in spec.items()) + "}")
        (tmp_path / "catalog.yaml").write_text("\n".join(self.lines) + "\n", encoding="utf-8")
        self.found = errgen("lint", "catalog.yaml", cwd=tmp_path).stdout.splitlines()

    def at(self, cid: str, key: str | None = None) -> str:
        """``catalog.yaml:LINE:COL`` of code `cid` (its id, or its `key`)."""
        line = next(i for i, text in enumerate(self.lines) if text.startswith(f"  {cid}: {{"))
        col = self.lines[line].index(f" {key}: " if key else cid) + (2 if key else 1)
        return f"catalog.yaml:{line + 1}:{col}"

    def rule(self, rule: str) -> list[str]:
        """The findings of one rule."""
        return [f for f in self.found if f.endswith(f"[{rule}]")]


RETRY_4XX = "is a client error that a retry cannot fix (only 408, 409, 425 and 429 are retriable 4xx) [retriable-4xx]"


def test_retriable_4xx_is_exactly_400_to_499_less_the_retriable_four(tmp_path: Path) -> None:
    """``retriable-4xx`` fires for 400 and 499, never for 399, any 5xx, or 408/409/425/429; a 4xx class counts."""
    extra = (
        "mappings:\n  http:\n"
        "    - {status: 4xx, code: s400, retriable: true}\n"
        "    - {status: [5xx, 500], code: s500, retriable: true}\n"
        "    - {status: [408, 409, 425, 429], code: s408, retriable: true}\n"
    )
    statuses = [399, 400, 408, 409, 425, 429, 499, 500, 503, 599]
    cat = Catalog(tmp_path, {f"s{s}": {"http_status": s, "retriable": "yes"} for s in statuses}, extra)
    assert cat.rule("retriable-4xx") == [
        "catalog.yaml:10:7: error: mapping of HTTP 4xx to 's400' is marked retriable, but a client error other than "
        "408, 409, 425 or 429 does not succeed on retry [retriable-4xx]",
        f"{cat.at('s400', 'retriable')}: error: code 's400' is retriable but its HTTP status 400 {RETRY_4XX}",
        f"{cat.at('s499', 'retriable')}: error: code 's499' is retriable but its HTTP status 499 {RETRY_4XX}",
    ]


def test_a_kind_makes_a_code_retriable_and_is_named(tmp_path: Path) -> None:
    """Retriable through its kind: reported at ``kind``, naming the kind; by its own value: at ``retriable``."""
    codes = {"by_kind": {"kind": "Transient", "http_status": 404}, "by_self": {"http_status": 404, "retriable": "yes"}}
    cat = Catalog(tmp_path, codes)
    assert cat.rule("retriable-4xx") == [
        f"{cat.at('by_kind', 'kind')}: error: code 'by_kind' is retriable (from its kind 'Transient') but its HTTP "
        f"status 404 {RETRY_4XX}",
        f"{cat.at('by_self', 'retriable')}: error: code 'by_self' is retriable but its HTTP status 404 {RETRY_4XX}",
    ]


def test_a_code_s_own_http_status_is_not_compared(tmp_path: Path) -> None:
    """A code's ``http_status`` is what the server answers with: no rule maps it, so no kind is contradicted.

    Issue 29: an archived repository (403, kind Conflict) and the server's own 500 (kind Transient) were
    reported although nothing in the catalog classifies them two ways.
    """
    extra = "classification:\n  http:\n    - {status: 403, kind: Missing}\n    - {status: 5xx, kind: Internal}\n"
    codes: dict[str, dict[str, object]] = {
        "archived": {"kind": "Validation", "http_status": 403},
        "overloaded": {"kind": "Transient", "http_status": 500, "retriable": "conditional"},
        "plain_4xx": {"kind": "Transient", "http_status": 410, "retriable": "conditional"},
    }
    assert Catalog(tmp_path, codes, extra).rule("http-status-kind-mismatch") == []
    assert Catalog(tmp_path, codes).rule("http-status-kind-mismatch") == []


def test_each_mapped_status_is_classified_with_and_without_retry_after(tmp_path: Path) -> None:
    """`map_http` and `classify_http` are compared for each status and Retry-After case a rule really maps.

    Exact statuses win over classes wherever they are listed, the first matching rule wins, and an
    unmatched status takes ``default_kind``; a rule shadowed for a case says nothing about it.
    """
    extra = (
        "classification:\n  http:\n"
        "    - {status: 4xx, kind: Validation}\n"
        "    - {status: 429, retry_after: true, kind: Transient}\n"
        "    - {status: 404, kind: Missing}\n"
        "default_kind: Internal\n"
        "mappings:\n  http:\n"
        "    - {status: 429, retry_after: true, code: with_header}\n"
        "    - {status: 429, code: either}\n"
        "    - {status: 404, code: by_class}\n"
        "    - {status: 302, code: default}\n"
        "    - {status: 301, code: not_default}\n"
        "    - {status: [4xx, 5xx], code: rest}\n"
    )
    codes: dict[str, dict[str, object]] = {
        "with_header": {"kind": "Transient", "retriable": "conditional"},
        "either": {"kind": "Validation"},
        "by_class": {"kind": "Validation"},
        "default": {"kind": "Internal"},
        "not_default": {"kind": "Validation"},
        "rest": {"kind": "Validation"},
    }
    cat = Catalog(tmp_path, codes, extra)
    rule = "to {code!r} gives kind 'Validation', but the catalog classifies {it} as {kind!r}: map_http and "
    assert [f.split(": ", 1)[1].removeprefix("warning: mapping of HTTP ") for f in cat.found] == [
        "404 " + rule.format(code="by_class", it="it", kind="Missing") + "classify_http disagree on the same "
        "response [http-status-kind-mismatch]",
        "301 " + rule.format(code="not_default", it="it", kind="Internal") + "classify_http disagree on the same "
        "response [http-status-kind-mismatch]",
        "500, 501, 502, 503 and 96 more " + rule.format(code="rest", it="them", kind="Internal") + "classify_http "
        "disagree on the same response [http-status-kind-mismatch]",
    ]


def test_whitespace_only_texts_are_missing(tmp_path: Path) -> None:
    """A ``next_action`` or ``ui_meaning`` of spaces, tabs and line breaks says nothing: the rules fire."""
    cat = Catalog(tmp_path, {"blank": {"next_action": '" \\t\\n"', "ui_meaning": '"  "'}, "fine": {}})
    assert cat.found == [
        f"{cat.at('blank')}: warning: code 'blank' has no 'next_action'; say what the caller or agent should do "
        "next [missing-next-action]",
        f"{cat.at('blank')}: warning: code 'blank' has no 'ui_meaning'; say what a widget tells the user to do "
        "[missing-ui-meaning]",
    ]


def test_findings_are_in_file_order_across_rules(tmp_path: Path) -> None:
    """Findings sort by position, then rule id: a later rule's finding on an earlier line comes first."""
    codes: dict[str, dict[str, object]] = {
        "quiet": {"next_action": '""'},
        "loud": {"next_action": "Call again.", "recoverable": "no", "kind": "Transient", "http_status": 404},
    }
    cat = Catalog(tmp_path, codes)
    assert [f.split(": ")[0] + " " + f.rsplit(" ", 1)[1] for f in cat.found] == [
        f"{cat.at('quiet')} [missing-next-action]",
        f"{cat.at('loud', 'next_action')} [unrecoverable-with-repair]",
        f"{cat.at('loud', 'kind')} [retriable-4xx]",
    ]


def test_retriable_kind_mismatch_stays_silent_when_the_code_defers(tmp_path: Path) -> None:
    """Silent when the code says ``conditional``, says nothing (it follows its kind), or agrees with its kind."""
    codes: dict[str, dict[str, object]] = {
        "conditional": {"kind": "Transient", "retriable": "conditional"},
        "follows": {"kind": "Validation"},
        "agrees": {"kind": "Validation", "retriable": "no"},
        "disagrees": {"kind": "Validation", "retriable": "yes"},
    }
    cat = Catalog(tmp_path, codes)
    assert [f.split(": ")[0] for f in cat.rule("retriable-kind-mismatch")] == [cat.at("disagrees", "retriable")]


def test_retry_words_are_whole_words(tmp_path: Path) -> None:
    """``unrecoverable-with-repair`` matches whole words, any case: ``RETRY`` fires, ``retrying``, ``recalled`` not."""
    codes: dict[str, dict[str, object]] = {
        "shouting": {"next_action": "RETRY now", "recoverable": "no"},
        "inflected": {"next_action": "Stop retrying; the file was recalled", "recoverable": "no"},
        "recovers": {"next_action": "Retry", "recoverable": "sometimes"},
    }
    found = Catalog(tmp_path, codes).rule("unrecoverable-with-repair")
    assert len(found) == 1 and "code 'shouting' is not recoverable, yet its next action says 'RETRY'" in found[0]
