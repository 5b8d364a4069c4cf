"""Cross-field lint rules: catalogs that compile but say contradictory or incomplete things.

Each rule has a stable kebab-case id, a default severity and one function that
reads the IR (plus the source document, for exact positions) and yields findings,
each naming the code it concerns (if one). ``[tool.errgen.lint]`` can disable rules
or change their severity, globally or per catalog (see `config.py`); the catalog itself
can allow a rule, with a reason, for the whole catalog (``lint: {allow: {rule: why}}``)
or for one code (the same key under the code), so ``errgen lint --strict`` stays green
without switching the rule off for everything else. Adding a rule = one function + one
`Rule` entry + one test folder.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from errgen.catalog.diagnostics import Diagnostic, Level, Loc
from errgen.catalog.model import Catalog, Code, HttpRule, Recoverable, Retriable
from errgen.workflow import lint_tools
from errgen.workflow.lint_model import Finding

if TYPE_CHECKING:
    from errgen.catalog.located import Located

RETRIABLE_4XX = frozenset({408, 409, 425, 429})  # timeout, conflict, too early, too many requests
_RETRY_WORDS = re.compile(r"\b(re-?try|try again|call(?: it| the tool)? again|re-?call|re-?submit|resend)\b", re.I)



class LintSettings(Protocol):
    """Which rules are off and how severe the others are (`config.LintSettings`)."""

    @property
    def disable(self) -> tuple[str, ...]: ...
    @property
    def severity(self) -> Mapping[str, str]: ...


@dataclass(frozen=True)
class Rule:
    """One lint rule: id, default severity, one-line summary and its check."""

    id: str
    severity: Level
    summary: str
    check: Callable[[Located], Iterator[Finding]]


def _codes(src: Located) -> Iterator[Code]:
    yield from src.catalog.codes.values()


def _at(src: Located, code: Code, key: str) -> Loc:
    return src.at("codes", code.id, key, fallback=code.loc)


def _plain_4xx(status: int | str | None) -> bool:
    """A client-error status a retry cannot fix (a 4xx class counts too)."""
    if status == "4xx":
        return True
    return isinstance(status, int) and 400 <= status < 500 and status not in RETRIABLE_4XX


def _says(src: Located, code: Code, key: str) -> bool:
    """Whether the catalog itself sets `key` on `code` (a snapshot states every value)."""
    spec = _get(_get(src.doc.data, "codes"), code.id)
    return isinstance(spec, dict) and key in spec


def _get(data: object, key: str) -> object:
    return data.get(key) if isinstance(data, dict) else None


def _retriable_at(src: Located, code: Code) -> tuple[Loc, str]:
    """Where a code's retriable comes from: its own key, else its kind (``" (from its kind 'K')"``)."""
    if _says(src, code, "retriable") or code.kind is None:
        return _at(src, code, "retriable"), ""
    return _at(src, code, "kind"), f" (from its kind {code.kind!r})"


def retriable_4xx(src: Located) -> Iterator[Finding]:
    """Retriable codes (or mapping rules) whose HTTP status is a non-retriable client error."""
    for code in _codes(src):
        if code.retriable is Retriable.YES and _plain_4xx(code.http_status):
            loc, source = _retriable_at(src, code)
            message = (
                f"code {code.id!r} is retriable{source} but its HTTP status {code.http_status} is a client "
                f"error that a retry cannot fix (only 408, 409, 425 and 429 are retriable 4xx)"
            )
            yield Finding(loc, message, code.id)
    for rule in src.catalog.mapping_http:
        bad = [s for s in rule.statuses if _plain_4xx(s)]
        if rule.retriable and bad:
            message = (
                f"mapping of HTTP {', '.join(map(str, bad))} to {rule.target!r} is marked retriable, but a client "
                f"error other than 408, 409, 425 or 429 does not succeed on retry"
            )
            yield Finding(rule.loc, message, rule.target)


def retriable_kind_mismatch(src: Located) -> Iterator[Finding]:
    """Codes whose own retriable contradicts their kind's retryable (the code's value wins everywhere)."""
    for code in _codes(src):
        kind = src.catalog.kinds.get(code.kind) if code.kind else None
        if kind is None or code.retriable is Retriable.CONDITIONAL or not _says(src, code, "retriable"):
            continue
        if code.retriable_default != kind.retryable:
            message = (
                f"code {code.id!r} says retriable: {code.retriable.value}, but its kind {kind.name!r} is "
                f"{'' if kind.retryable else 'not '}retryable; the code's value wins everywhere: change the "
                f"kind, or drop 'retriable' to follow it"
            )
            yield Finding(_at(src, code, "retriable"), message, code.id)


def deprecated_without_replacement(src: Located) -> Iterator[Finding]:
    """Deprecated codes that do not say which code to use instead."""
    for code in _codes(src):
        if code.deprecated is not None and not code.deprecated.replaced_by:
            message = f"code {code.id!r} is deprecated without 'replaced_by'; name the code clients should switch to"
            yield Finding(_at(src, code, "deprecated"), message, code.id)


def missing_example(src: Located) -> Iterator[Finding]:
    """Codes without an example (docs, packs and tests are generated from examples)."""
    for code in _codes(src):
        if not code.examples:
            message = f"code {code.id!r} has no example; add one under 'examples' (docs and packs use it)"
            yield Finding(code.loc, message, code.id)


def missing_ui_meaning(src: Located) -> Iterator[Finding]:
    """Codes that do not tell a widget what to show the user."""
    for code in _codes(src):
        if not code.ui_meaning.strip():
            message = f"code {code.id!r} has no 'ui_meaning'; say what a widget tells the user to do"
            yield Finding(code.loc, message, code.id)


def missing_next_action(src: Located) -> Iterator[Finding]:
    """Codes that do not tell the caller or agent what to do next."""
    for code in _codes(src):
        if not code.next_action.strip():
            message = f"code {code.id!r} has no 'next_action'; say what the caller or agent should do next"
            yield Finding(code.loc, message, code.id)


def unrecoverable_with_repair(src: Located) -> Iterator[Finding]:
    """Codes with recoverable: no whose next action tells the caller to retry or call again."""
    for code in _codes(src):
        match = _RETRY_WORDS.search(code.next_action)
        if code.recoverable is Recoverable.NO and match:
            message = (
                f"code {code.id!r} is not recoverable, yet its next action says {match.group(0)!r}; "
                f"set 'recoverable: yes' (or 'sometimes') or describe a way out that does not repeat the call"
            )
            yield Finding(_at(src, code, "next_action"), message, code.id)


def placeholder_not_structured(src: Located) -> Iterator[Finding]:
    """Message placeholders that are not also repair fields of the code (AIP-193)."""
    for code in _codes(src):
        for name in code.placeholders:
            if name not in code.fields:
                message = (
                    f"placeholder {{{name}}} in the message of {code.id!r} is not one of its fields; clients "
                    f"could only read it by parsing the message (list {name!r} under 'fields')"
                )
                yield Finding(_at(src, code, "message"), message, code.id)


def http_status_kind_mismatch(src: Located) -> Iterator[Finding]:
    """HTTP mapping rules whose code has another kind than the catalog's classification of the same status.

    `map_http(status)` then builds an error whose kind is not `classify_http(status)`: the same upstream
    response is classified two ways. A code's own ``http_status`` (the status the server answers with) is
    not compared: it says nothing about how upstream responses are classified.
    """
    catalog = src.catalog
    if not catalog.classification_http:
        return
    for rule in catalog.mapping_http:
        code = catalog.codes[rule.target]
        if code.kind is None:
            continue
        disagree: dict[str, dict[int, set[bool]]] = {}
        for status, retry_after in _mapped_statuses(catalog, rule):
            kind = classify_http(catalog, status, retry_after=retry_after)
            if kind is not None and kind != code.kind:
                disagree.setdefault(kind, {}).setdefault(status, set()).add(retry_after)
        for kind, found in disagree.items():
            statuses = [_spelled(status, when, rule.retry_after) for status, when in found.items()]
            message = (
                f"mapping of HTTP {_listed(statuses)} to {code.id!r} gives kind {code.kind!r}, but the catalog "
                f"classifies {'it' if len(statuses) == 1 else 'them'} as {kind!r}: map_http and classify_http "
                f"disagree on the same response"
            )
            yield Finding(rule.loc, message, code.id)


def _mapped_statuses(catalog: Catalog, rule: HttpRule) -> Iterator[tuple[int, bool]]:
    """The ``(status, Retry-After present)`` pairs for which `map_http` picks `rule` (§4: exact, then classes)."""
    for status in range(100, 600):
        for retry_after in (True, False):
            if first_rule(catalog.mapping_http, status, retry_after=retry_after) is rule:
                yield status, retry_after


def _spelled(status: int, when: set[bool], condition: bool | None) -> str:
    """A status as a finding names it, with the Retry-After case when only one of the two disagrees."""
    if condition is not None or len(when) == 2:
        return str(status)
    return f"{status} ({'with' if True in when else 'without'} Retry-After)"


def _listed(statuses: list[str]) -> str:
    shown = ", ".join(statuses[:4])
    return shown if len(statuses) <= 4 else f"{shown} and {len(statuses) - 4} more"


def classify_http(catalog: Catalog, status: int, *, retry_after: bool) -> str | None:
    """The runtime contract's classification (§4): exact statuses first, then classes, then the default."""
    rule = first_rule(catalog.classification_http, status, retry_after=retry_after)
    return rule.target if rule is not None else catalog.default_kind


def first_rule(rules: tuple[HttpRule, ...], status: int, *, retry_after: bool) -> HttpRule | None:
    """The rule `status` meets first (§4): rules with exact statuses in declared order, then class rules."""
    klass = f"{status // 100}xx"
    for wanted in (status, klass):
        for rule in rules:
            if wanted in rule.statuses and rule.retry_after in (None, retry_after):
                return rule
    return None


def missing_translation(src: Located) -> Iterator[Finding]:
    """A translated locale that leaves texts to the base locale (one finding per locale, with the count)."""
    from errgen.catalog.translations import gaps

    for loc, message in gaps(src.catalog):
        yield Finding(loc, message)


AIP_REASON = re.compile(r"[A-Z][A-Z0-9_]+[A-Z0-9]")  # AIP-193: UPPER_SNAKE_CASE …
AIP_REASON_MAX = 63  # … of at most 63 characters
RFC9457_MEMBER = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,}")  # RFC 9457 §3.2: letters, digits, "_"; 3 or more


def reason_invalid(src: Located) -> Iterator[Finding]:
    """AIP-193 ErrorInfo reasons that are not UPPER_SNAKE_CASE of at most 63 characters."""
    for code in _codes(src):
        reason = src.catalog.channels.codes[code.id].reason
        if not AIP_REASON.fullmatch(reason) or len(reason) > AIP_REASON_MAX:
            message = (f"reason {reason!r} of code {code.id!r} is not what AIP-193 allows (UPPER_SNAKE_CASE, "
                       f"[A-Z][A-Z0-9_]+[A-Z0-9], at most {AIP_REASON_MAX} characters); set 'reason'")
            yield Finding(_at(src, code, "reason"), message, code.id)


def reason_duplicate(src: Located) -> Iterator[Finding]:
    """Two codes with one ErrorInfo reason (AIP-193: a reason is unique within its domain)."""
    first: dict[str, str] = {}
    for code in _codes(src):
        reason = src.catalog.channels.codes[code.id].reason
        other = first.setdefault(reason, code.id)
        if other != code.id:
            message = (f"codes {other!r} and {code.id!r} have one reason {reason!r} in domain "
                       f"{src.catalog.channels.domain!r}; parse_status reads it as {other!r}: set another 'reason'")
            yield Finding(_at(src, code, "reason"), message, code.id)


def problem_type_duplicate(src: Located) -> Iterator[Finding]:
    """Two codes with one problem type URI (RFC 9457: the type identifies the problem)."""
    first: dict[str, str] = {}
    for code in _codes(src):
        uri = src.catalog.channels.codes[code.id].problem_type
        other = first.setdefault(uri, code.id)
        if other != code.id:
            message = (f"codes {other!r} and {code.id!r} have one problem type {uri!r}; parse_problem reads it as "
                       f"{other!r}: give one of them another 'problem_type'")
            yield Finding(_at(src, code, "problem_type"), message, code.id)


def problem_member_name(src: Located) -> Iterator[Finding]:
    """Problem extension members RFC 9457 advises against (letters, digits and "_", 3 or more, a letter first)."""
    catalog = src.catalog
    retriable = catalog.envelope.retriable
    if retriable is not None and not RFC9457_MEMBER.fullmatch(retriable.key):
        where = src.at("envelope", "metadata", "retriable", fallback=src.at("envelope"))
        why = f"problem member {retriable.key!r} (the retriable flag) is not a name RFC 9457 recommends"
        yield Finding(where, why + _RULE + "; give the flag another key under 'envelope.metadata'")
    for name, member in catalog.channels.members.items():
        if not RFC9457_MEMBER.fullmatch(member):
            where = src.at("channels", "members", name, fallback=catalog.fields[name].loc)
            why = f"problem member {member!r} of field {name!r} is not a name RFC 9457 recommends"
            yield Finding(where, why + _RULE + "; name another under 'channels.members'")


_RULE = " (ASCII letters, digits and '_', at least 3, a letter first)"


def _rule(rule_id: str, severity: Level, check: Callable[[Located], Iterator[Finding]]) -> Rule:
    summary = (check.__doc__ or "").strip().splitlines()[0].rstrip(".")
    return Rule(rule_id, severity, summary, check)


RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
        _rule("retriable-4xx", "error", retriable_4xx),
        _rule("http-status-kind-mismatch", "warning", http_status_kind_mismatch),
        _rule("retriable-kind-mismatch", "warning", retriable_kind_mismatch),
        _rule("deprecated-without-replacement", "warning", deprecated_without_replacement),
        _rule("unrecoverable-with-repair", "warning", unrecoverable_with_repair),
        _rule("placeholder-not-structured", "warning", placeholder_not_structured),
        _rule("missing-example", "warning", missing_example),
        _rule("missing-ui-meaning", "warning", missing_ui_meaning),
        _rule("missing-next-action", "warning", missing_next_action),
        _rule("code-returned-by-no-tool", "warning", lint_tools.code_returned_by_no_tool),
        _rule("tool-only-every-tool-errors", "warning", lint_tools.tool_only_every_tool_errors),
        _rule("output-schema-discriminator", "warning", lint_tools.output_schema_discriminator),
        _rule("missing-translation", "warning", missing_translation),
        _rule("reason-invalid", "warning", reason_invalid),
        _rule("reason-duplicate", "error", reason_duplicate),
        _rule("problem-type-duplicate", "error", problem_type_duplicate),
        _rule("problem-member-name", "warning", problem_member_name),
    )
}


@dataclass(frozen=True)
class Allowance:
    """A rule the catalog allows, with its reason: for the whole catalog (`code` None) or for one code."""

    rule: str
    reason: str
    loc: Loc
    code: str | None


def allowances(src: Located) -> list[Allowance]:
    """The ``lint: {allow: {rule: reason}}`` entries of the catalog and of its codes, in file order."""
    found = [Allowance(rule, why, src.at("lint", "allow", rule), None) for rule, why in _allow(src.doc.data)]
    codes = _get(src.doc.data, "codes")
    for cid in src.catalog.codes:
        spec = _get(codes, cid)
        found += [Allowance(r, why, src.at("codes", cid, "lint", "allow", r), cid) for r, why in _allow(spec)]
    return found


def _allow(spec: object) -> list[tuple[str, str]]:
    allow = _get(_get(spec, "lint"), "allow")
    return [(k, v) for k, v in allow.items() if isinstance(v, str)] if isinstance(allow, dict) else []


@dataclass
class Report:
    """A catalog's lint result: the findings that count, those the catalog allows, and problems of its allowances."""

    findings: list[Diagnostic] = field(default_factory=list)
    allowed: list[tuple[Diagnostic, Allowance]] = field(default_factory=list)


def lint(src: Located, settings: LintSettings | None = None, *, disable: tuple[str, ...] = ()) -> list[Diagnostic]:
    """Every finding of the enabled rules on one catalog that it does not allow, in file order."""
    return report(src, settings, disable=disable).findings


def report(src: Located, settings: LintSettings | None = None, *, disable: tuple[str, ...] = ()) -> Report:
    """The findings of the enabled rules on one catalog, split into those that count and those it allows.

    An allowance naming no rule is an error (with a did-you-mean); one that allows nothing is a warning,
    so the list of exceptions stays true.
    """
    off = set(disable) | set(settings.disable if settings else ())
    severity = settings.severity if settings else {}
    allowed = allowances(src)
    used: set[int] = set()
    out = Report()
    for rule in RULES.values():
        if rule.id in off:
            continue
        level: Level = "error" if severity.get(rule.id, rule.severity) == "error" else "warning"
        for finding in rule.check(src):
            diagnostic = Diagnostic(finding.loc, finding.message, level, rule.id)
            match = next((i for i, a in enumerate(allowed) if a.rule == rule.id and a.code in (None, finding.code)),
                         None)  # fmt: skip
            if match is None:
                out.findings.append(diagnostic)
            else:
                used.add(match)
                out.allowed.append((diagnostic, allowed[match]))
    for i, allowance in enumerate(allowed):
        if allowance.rule not in RULES:
            hint = difflib.get_close_matches(allowance.rule, list(RULES), n=1)
            tip = f"; did you mean {hint[0]!r}?" if hint else " (errgen lint --list-rules lists them)"
            out.findings.append(Diagnostic(allowance.loc, f"lint.allow names unknown rule {allowance.rule!r}{tip}",
                                           "error", "lint-allow"))  # fmt: skip
        elif i not in used and allowance.rule not in off:
            where = f"code {allowance.code!r}" if allowance.code else "the catalog"
            message = f"lint.allow of {allowance.rule!r} finds nothing to allow in {where}; remove it"
            out.findings.append(Diagnostic(allowance.loc, message, "warning", "lint-allow"))
    out.findings.sort(key=lambda d: (d.loc, d.rule, d.message))
    return out
