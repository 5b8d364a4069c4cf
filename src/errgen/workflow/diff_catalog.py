"""The diff rules about the catalog as a whole: envelope, kinds, policies, classification, mappings, names.

Classification and mapping rules are compared by what they do (`classify_http`, `map_http`
for every status with and without Retry-After, every failure class), so rules rewritten with
the same effect are a compatible ``*-reworded`` finding and a changed answer names the statuses.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from typing import Any

from errgen.catalog.model import Catalog, Envelope, HttpRule
from errgen.workflow.diff_codes import BOTH  # and with it the code rules, which the docs list first
from errgen.workflow.diff_model import DOCS, SOURCE, WIRE, Context, DiffRule, Finding, rule

EVERYTHING = frozenset({"*"})
DEFAULT = "the default"  # what an input no rule matches gets


# -- the envelope ------------------------------------------------------------------------

_OPTION_CATEGORIES = {"structured_is_error": (WIRE,)}


@rule("wire-shape-changed", BOTH, "the wire shape changed (discriminator, casing, a metadata key, provenance, …)",
      breaking=True)  # fmt: skip
def wire_shape_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    before, after = _options(ctx.a.envelope), _options(ctx.b.envelope)
    for option in dict.fromkeys((*before, *after)):
        old, new = before.get(option, "none"), after.get(option, "none")
        if old == new:
            continue
        name = option.removeprefix("metadata ")
        path = ("envelope", "metadata", name) if option.startswith("metadata ") else ("envelope", option)
        where = ctx.at_new(*path, fallback=ctx.at_new("envelope", fallback=ctx.at_new()))
        message = f"envelope {option} changed from {old} to {new}: every payload changes shape"
        yield ctx.finding(r, message, categories=_OPTION_CATEGORIES.get(option, BOTH), subjects=EVERYTHING, new=where,
                          old=ctx.at_old(*path, fallback=ctx.at_old("envelope", fallback=ctx.at_old())), before=old,
                          after=new, subject=f"envelope.{option.replace(' ', '.')}")  # fmt: skip


def _options(env: Envelope) -> dict[str, str]:
    """The envelope options that decide the payload's shape, each as a finding shows it (one per metadata entry)."""
    out = {
        "discriminator": repr(env.discriminator),
        "casing": env.casing.value,
        "provenance": env.provenance_mode.value,
        "mirror_is_error": str(env.mirror_is_error).lower(),
        "structured_content": str(env.structured_content).lower(),
        "structured_is_error": str(env.structured_is_error).lower(),
        "tool_failure_meta": str(env.tool_failure_meta).lower(),
        "message_locale": env.message_locale or "the base locale",
    }
    for meta in env.metadata:
        out[f"metadata {meta.name}"] = repr(meta.key) + (" when recoverable" if meta.when != "always" else "")
    return out


# -- kinds, policies ---------------------------------------------------------------------


def _named(ctx: Context, section: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return getattr(ctx.a, section), getattr(ctx.b, section)


@rule("kind-added", BOTH, "a kind was added", breaking=False, section="Added")
def kind_added(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    old, new = _named(ctx, "kinds")
    for name in new.keys() - old.keys():
        yield ctx.finding(r, f"kind {name!r} was added", subjects=frozenset({f"kind:{name}"}), new=new[name].loc,
                          after=name, subject=name)  # fmt: skip


@rule("kind-removed", BOTH, "a kind was removed", breaking=True, section="Removed")
def kind_removed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    old, new = _named(ctx, "kinds")
    for name in old.keys() - new.keys():
        yield ctx.finding(r, f"kind {name!r} was removed; code that switches on it stops compiling",
                          subjects=frozenset({f"kind:{name}"}), new=ctx.at_new("kinds", fallback=ctx.at_new()),
                          old=old[name].loc, before=name, subject=name)  # fmt: skip


@rule("kind-retryable-changed", (WIRE,), "a kind's retryable changed", breaking=True)
def kind_retryable_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    old, new = _named(ctx, "kinds")
    for name in old.keys() & new.keys():
        if old[name].retryable != new[name].retryable:
            message = f"retryable of kind {name!r} changed from {old[name].retryable} to {new[name].retryable}"
            yield ctx.finding(r, message.replace("True", "true").replace("False", "false"),
                              subjects=frozenset({f"kind:{name}"}), new=ctx.at_new("kinds", name, "retryable"),
                              old=old[name].loc, before=old[name].retryable, after=new[name].retryable,
                              subject=name)  # fmt: skip


@rule("kind-retry-hint-changed", (WIRE,), "a kind's max_attempts or initial_backoff_ms changed", breaking=False)
def kind_retry_hint_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    old, new = _named(ctx, "kinds")
    for name in old.keys() & new.keys():
        for key in ("max_attempts", "initial_backoff_ms"):
            before, after = getattr(old[name], key), getattr(new[name], key)
            if before != after:
                message = f"{key} of kind {name!r} changed from {before} to {after}".replace("None", "(none)")
                yield ctx.finding(r, message, subjects=frozenset({f"kind:{name}"}),
                                  new=ctx.at_new("kinds", name, key, fallback=new[name].loc), old=old[name].loc,
                                  before=before, after=after, subject=f"{name}.{key}")  # fmt: skip


@rule("default-kind-changed", BOTH, "default_kind changed (what anything unclassified classifies as)",
      breaking=True)  # fmt: skip
def default_kind_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    before, after = ctx.a.default_kind, ctx.b.default_kind
    if before != after:
        message = f"default_kind changed from {before or '(none)'} to {after or '(none)'}"
        yield ctx.finding(r, message, subjects=EVERYTHING, new=ctx.at_new("default_kind", fallback=ctx.at_new()),
                          old=ctx.at_old("default_kind", fallback=ctx.at_old()), before=before, after=after,
                          subject="default_kind")  # fmt: skip


@rule("policy-added", BOTH, "a policy was added", breaking=False, section="Added")
def policy_added(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    old, new = _named(ctx, "policies")
    for name in new.keys() - old.keys():
        yield ctx.finding(r, f"policy {name!r} was added", subjects=frozenset({f"policy:{name}"}), new=new[name].loc,
                          after=name, subject=name)  # fmt: skip


@rule("policy-removed", BOTH, "a policy was removed", breaking=True, section="Removed")
def policy_removed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    old, new = _named(ctx, "policies")
    for name in old.keys() - new.keys():
        yield ctx.finding(r, f"policy {name!r} was removed; its constructors are gone",
                          subjects=frozenset({f"policy:{name}"}), new=ctx.at_new("policies", fallback=ctx.at_new()),
                          old=old[name].loc, before=name, subject=name)  # fmt: skip


@rule("policy-changed", BOTH, "a policy terminates on other kinds", breaking=True)
def policy_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    old, new = _named(ctx, "policies")
    for name in old.keys() & new.keys():
        before, after = list(old[name].terminate_on), list(new[name].terminate_on)
        if sorted(before) != sorted(after):
            was, now = ", ".join(before) or "nothing", ", ".join(after) or "nothing"
            message = f"policy {name!r} terminated on {was}, now on {now}"
            kinds = {f"kind:{k}" for k in set(before) ^ set(after)}
            yield ctx.finding(r, message, subjects=frozenset({f"policy:{name}", *kinds}),
                              new=ctx.at_new("policies", name, "terminate_on", fallback=new[name].loc),
                              old=old[name].loc, before=before, after=after, subject=name)  # fmt: skip


@rule("description-changed", (DOCS,), "the description of a kind or a policy changed", breaking=False)
def description_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for section, what in (("kinds", "kind"), ("policies", "policy")):
        old, new = _named(ctx, section)
        for name in old.keys() & new.keys():
            if old[name].description != new[name].description:
                yield ctx.finding(r, f"description of {what} {name!r} changed",
                                  subjects=frozenset({f"{what}:{name}"}), new=new[name].loc, old=old[name].loc,
                                  before=old[name].description, after=new[name].description,
                                  subject=f"{what}.{name}")  # fmt: skip


@rule("order-changed", (SOURCE, DOCS), "the declared order of codes, fields, kinds or policies changed (lists and "
      "unions follow it)", breaking=False)  # fmt: skip
def order_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for section in ("codes", "fields", "kinds", "policies"):
        old, new = _named(ctx, section)
        renames = ctx.code_renames if section == "codes" else ctx.field_renames if section == "fields" else {}
        before = [renames.get(n, n) for n in old if renames.get(n, n) in new]
        after = [n for n in new if n in before]
        if before != after:
            yield ctx.finding(r, f"the order of the {section} changed", subjects=EVERYTHING,
                              new=ctx.at_new(section), old=ctx.at_old(section), before=before, after=after,
                              subject=section)  # fmt: skip


# -- classification and mappings: by what they do ------------------------------------------


_TABLES: dict[int, dict[str, dict[str, Any]]] = {}  # by id() of a live catalog (catalogs are not hashable)


def _table(catalog: Catalog, which: Any) -> dict[str, Any]:
    """`which` of `catalog`, computed once per catalog (a catalog is compared with many others in tests)."""
    if id(catalog) not in _TABLES:
        weakref.finalize(catalog, _TABLES.pop, id(catalog), None)
    tables = _TABLES.setdefault(id(catalog), {})
    if which.__name__ not in tables:
        tables[which.__name__] = which(catalog)
    return tables[which.__name__]


def _first_rules(rules: tuple[HttpRule, ...]) -> Callable[[int, bool], HttpRule | None]:
    """`first_rule` over `rules`, indexed by status once (it is asked for every status twice)."""
    by_status: dict[int | str, list[HttpRule]] = {}
    for r in rules:
        for status in r.statuses:
            by_status.setdefault(status, []).append(r)

    def first(status: int, retry_after: bool) -> HttpRule | None:
        for wanted in (status, f"{status // 100}xx"):
            for r in by_status.get(wanted, ()):
                if r.retry_after in (None, retry_after):
                    return r
        return None

    return first


def _classified(catalog: Catalog) -> dict[str, Any]:
    out: dict[str, Any] = {}
    first = _first_rules(catalog.classification_http)
    for status in range(100, 600):
        for ra in (True, False):
            found = first(status, ra)
            key = f"HTTP {status}{'' if ra else ' without Retry-After'}"
            out[key] = found.target if found else DEFAULT  # default_kind's change is a finding of its own
    for failure in catalog.classification_failures:
        out[f"failure {failure.failure}"] = failure.target
    return out


def _mapped(catalog: Catalog) -> dict[str, Any]:
    out: dict[str, Any] = {}
    first = _first_rules(catalog.mapping_http)
    for status in range(100, 600):
        for ra in (True, False):
            found: HttpRule | None = first(status, ra)
            target = [found.target, found.retriable] if found else DEFAULT
            out[f"HTTP {status}{'' if ra else ' without Retry-After'}"] = target
    for failure in catalog.mapping_failures:
        out[f"failure {failure.failure}"] = [failure.target, failure.retriable]
    out["the default code"] = catalog.mapping_default
    return out


def _answers(ctx: Context, table: Any) -> list[tuple[str, Any, Any, list[str]]]:
    """``(subject, was, is, inputs)`` per change of answer, its inputs grouped (a renamed code counts as unchanged)."""
    memo = ctx.cache.setdefault(table.__name__, {})
    if "answers" not in memo:
        before, after = _table(ctx.a, table), _table(ctx.b, table)
        groups: dict[str, tuple[Any, Any, list[str]]] = {}
        for key in dict.fromkeys((*before, *after)):
            was, now = _renamed(ctx, before.get(key)), after.get(key)
            if was != now:
                groups.setdefault(repr((was, now)), (was, now, []))[2].append(key)
        memo["answers"] = [(repr((was, now)), was, now, _spelled(keys)) for was, now, keys in groups.values()]
    return list(memo["answers"])


def _spelled(keys: list[str]) -> list[str]:
    """Inputs as a finding names them: ``HTTP 500-599``, ``HTTP 429 (without Retry-After)``, ``failure timeout``."""
    statuses: dict[int, set[bool]] = {}
    rest = []
    for key in keys:
        if key.startswith("HTTP "):
            number, _, tail = key[5:].partition(" ")
            statuses.setdefault(int(number), set()).add(not tail)
        else:
            rest.append(key)
    out: list[str] = []
    run: list[int] = []
    for status in sorted(statuses):
        if run and (status != run[-1] + 1 or statuses[status] != statuses[run[-1]]):
            out.append(_run(run, statuses[run[-1]]))
            run = []
        run.append(status)
    if run:
        out.append(_run(run, statuses[run[-1]]))
    return out + rest


def _run(run: list[int], when: set[bool]) -> str:
    span = str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}"
    return f"HTTP {span}" + ("" if len(when) == 2 else " (with Retry-After)" if True in when else
                             " (without Retry-After)")  # fmt: skip


def _renamed(ctx: Context, value: Any) -> Any:
    if isinstance(value, list) and value and isinstance(value[0], str):
        return [ctx.code_renames.get(value[0], value[0]), *value[1:]]
    return ctx.code_renames.get(value, value) if isinstance(value, str) else value


def _kind(value: Any) -> str:
    return "default_kind" if value == DEFAULT else str(value or "(none)")


def _listed(keys: list[str]) -> str:
    shown = ", ".join(keys[:3])
    return shown if len(keys) <= 3 else f"{shown} and {len(keys) - 3} more"


def _rules_of(catalog: Catalog, section: str) -> Any:
    from errgen.catalog.normalize import normalize

    return normalize(catalog)[section]


def _subjects(catalog: Catalog, *values: Any) -> frozenset[str]:
    names = {str(v[0] if isinstance(v, list) else v) for v in values if v}
    return frozenset({f"code:{n}" for n in names if n in catalog.codes} | {f"kind:{n}" for n in names} | {"*"})


@rule("classification-changed", (WIRE,), "classify_http or classify_failure answers otherwise for some input",
      breaking=True)  # fmt: skip
def classification_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for subject, was, now, keys in _answers(ctx, _classified):
        message = f"{_listed(keys)}: classified as {_kind(now)}, was {_kind(was)}"
        yield ctx.finding(r, message, subjects=_subjects(ctx.b, was, now),
                          new=ctx.at_new("classification", fallback=ctx.at_new()),
                          old=ctx.at_old("classification", fallback=ctx.at_old()), before=was, after=now,
                          subject=f"classification:{subject}")  # fmt: skip


@rule("classification-reworded", (WIRE,), "the classification rules were rewritten, every input classifies as "
      "before", breaking=False)  # fmt: skip
def classification_reworded(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    rewritten = _rules_of(ctx.a, "classification") != _rules_of(ctx.b, "classification")
    if rewritten and not _answers(ctx, _classified):
        yield ctx.finding(r, "the classification rules were rewritten; every status and failure classifies as before",
                          subjects=EVERYTHING, new=ctx.at_new("classification", fallback=ctx.at_new()),
                          subject="classification")  # fmt: skip


@rule("mapping-changed", (WIRE,), "map_http or map_exception gives another code (or retriable) for some input",
      breaking=True)  # fmt: skip
def mapping_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for subject, was, now, keys in _answers(ctx, _mapped):
        message = f"{_listed(keys)}: mapped to {_target(now)}, was {_target(was)}"
        yield ctx.finding(r, message, subjects=_subjects(ctx.b, was, now),
                          new=ctx.at_new("mappings", fallback=ctx.at_new()),
                          old=ctx.at_old("mappings", fallback=ctx.at_old()), before=was, after=now,
                          subject=f"mapping:{subject}")  # fmt: skip


def _target(value: Any) -> str:
    if value == DEFAULT:
        return "the default code"
    if isinstance(value, list):
        code, retriable = value
        flag = "" if retriable is None else f" (retriable: {str(retriable).lower()})"
        return (repr(code) if code else "(none)") + flag
    return repr(value) if value else "(none)"


@rule("mapping-reworded", (WIRE,), "the mapping rules were rewritten, every input maps as before", breaking=False)
def mapping_reworded(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    before = _renamed_rules(ctx, _rules_of(ctx.a, "mappings"))
    if before != _rules_of(ctx.b, "mappings") and not _answers(ctx, _mapped):
        yield ctx.finding(r, "the mapping rules were rewritten; every status and failure maps as before",
                          subjects=EVERYTHING, new=ctx.at_new("mappings", fallback=ctx.at_new()),
                          subject="mappings")  # fmt: skip


def _renamed_rules(ctx: Context, rules: Any) -> Any:
    if isinstance(rules, dict):
        return {k: (ctx.code_renames.get(v, v) if k in ("code", "default") and isinstance(v, str) else
                    _renamed_rules(ctx, v)) for k, v in rules.items()}  # fmt: skip
    if isinstance(rules, list):
        return [_renamed_rules(ctx, v) for v in rules]
    return rules


# -- the catalog ------------------------------------------------------------------------


@rule("catalog-renamed", BOTH, "the catalog was renamed (packages, modules, files and the provenance stamp)",
      breaking=True)  # fmt: skip
def catalog_renamed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    if ctx.a.name != ctx.b.name:
        message = (
            f"catalog {ctx.a.name!r} was renamed to {ctx.b.name!r}: generated modules, files and imports change name"
        )
        yield ctx.finding(r, message, subjects=EVERYTHING, new=ctx.at_new("catalog", "name"),
                          old=ctx.at_old("catalog", "name"), before=ctx.a.name, after=ctx.b.name,
                          subject="catalog.name")  # fmt: skip


@rule("catalog-text-changed", (DOCS,), "the catalog's title, description, docs_url or prefix changed", breaking=False)
def catalog_text_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for key in ("title", "description", "docs_url", "prefix"):
        before, after = getattr(ctx.a, key), getattr(ctx.b, key)
        if before != after:
            yield ctx.finding(r, f"catalog {key.replace('_', ' ')} changed", subjects=frozenset({"catalog"}),
                              new=ctx.at_new("catalog", key, fallback=ctx.at_new("catalog")),
                              old=ctx.at_old("catalog", key, fallback=ctx.at_old("catalog")), before=before,
                              after=after, subject=f"catalog.{key}")  # fmt: skip
