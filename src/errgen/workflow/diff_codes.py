"""The diff rules about codes and their repair fields: one `rule(...)` entry and one check each.

A check reads both versions (`Context`: renamed codes and fields are paired there, so a rename
is one ``renamed`` finding, not a removal and an addition) and yields one finding per changed
concept, with the value before and after.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from errgen.catalog import messages
from errgen.catalog.model import Catalog, Code, FieldType
from errgen.workflow.diff_model import CODE_SETS, DOCS, SOURCE, WIRE, Context, DiffRule, Finding, rule

BOTH = (WIRE, SOURCE)


def _show(value: object) -> str:
    return "(none)" if value is None or value == "" else str(value)


def _type_label(ftype: FieldType) -> str:
    return f"list of {ftype.items}s" if ftype.name == "array" else ftype.name


def _quoted(names: list[str] | tuple[str, ...]) -> str:
    return ", ".join(repr(n) for n in names) or "none"


def _code(cid: str) -> frozenset[str]:
    return frozenset({f"code:{cid}"})


def _code_and_fields(ctx: Context, cid: str) -> frozenset[str]:
    """A code that comes or goes, and every field: the catalog-wide error model (the fields every code may
    carry, zod's `ErrorSchema`) follows the set of codes."""
    return _code(cid) | {CODE_SETS, *(f"field:{f}" for f in (*ctx.a.fields, *ctx.b.fields))}


def _message_only(code: Code) -> tuple[str, ...]:
    return tuple(p for p in code.params if p not in code.fields)


# -- lifecycle ----------------------------------------------------------------------


@rule("code-added", BOTH, "a code was added", breaking=False, section="Added")
def code_added(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    renamed = set(ctx.code_renames.values())
    for cid, code in ctx.b.codes.items():
        if cid not in ctx.a.codes and cid not in renamed and cid not in ctx.a.retired:
            yield ctx.finding(r, f"code {cid!r} was added", subjects=_code_and_fields(ctx, cid), new=code.loc,
                              after=cid, subject=cid)  # fmt: skip


@rule("code-removed", BOTH, "a code was removed without being retired", breaking=True, section="Removed")
def code_removed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for cid, code in ctx.a.codes.items():
        if cid not in ctx.b.codes and cid not in ctx.b.retired and cid not in ctx.code_renames:
            message = (
                f"code {cid!r} was removed without being retired; list it under 'retired' "
                f"so clients learn it is gone and the id is never reused"
            )
            yield ctx.finding(r, message, subjects=_code_and_fields(ctx, cid), new=ctx.at_new("codes"), old=code.loc,
                              before=cid, subject=cid)  # fmt: skip


@rule("code-retired", BOTH, "a code was removed and listed under 'retired'", breaking=True, section="Removed")
def code_retired(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for cid, code in ctx.a.codes.items():
        retired = ctx.b.retired.get(cid)
        if retired is None or cid in ctx.b.codes or cid in ctx.code_renames:
            continue
        instead = f"; clients switch to {retired.replaced_by!r}" if retired.replaced_by else ""
        message = f"code {cid!r} was retired: servers stop sending it and the generated APIs drop it{instead}"
        yield ctx.finding(r, message, subjects=_code_and_fields(ctx, cid), new=retired.loc, old=code.loc, before=cid,
                          subject=cid)  # fmt: skip


@rule("renamed", BOTH, "a code or repair field was renamed (removed and added with the same shape)", breaking=True)
def renamed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old_id, new_id in ctx.code_renames.items():
        code = ctx.b.codes[new_id]
        message = f"code {old_id!r} was renamed to {new_id!r}: its wire id and generated names change"
        yield ctx.finding(r, message, subjects=_code_and_fields(ctx, old_id) | _code(new_id), new=code.loc,
                          old=ctx.a.codes[old_id].loc, before=old_id, after=new_id, subject=old_id)  # fmt: skip
    for old_name, new_name in ctx.field_renames.items():
        users = [c.id for c in ctx.b.codes.values() if new_name in c.params]
        old_f, new_f = ctx.a.fields[old_name], ctx.b.fields[new_name]
        wire = f"; wire key {old_f.wire} → {new_f.wire}" if old_f.wire != new_f.wire else ""
        message = f"repair field {old_name!r} was renamed to {new_name!r} (used by {_quoted(users)}){wire}"
        subjects = frozenset({f"field:{old_name}", f"field:{new_name}", *(f"code:{u}" for u in users)})
        yield ctx.finding(r, message, subjects=subjects, new=new_f.loc, old=old_f.loc, before=old_name,
                          after=new_name, subject=old_name)  # fmt: skip
    for old, new in ctx.pairs():
        for before, after in _field_swaps(ctx, old, new):
            message = f"repair field {before!r} of code {new.id!r} was renamed to {after!r}"
            subjects = _code(new.id) | {f"field:{before}", f"field:{after}"}
            yield ctx.finding(r, message, subjects=subjects, new=ctx.code_at(new, "fields"),
                              old=ctx.code_at(old, "fields", old=True), before=before, after=after,
                              subject=f"{new.id}.{before}")  # fmt: skip


def _field_swaps(ctx: Context, old: Code, new: Code) -> list[tuple[str, str]]:
    """A code's fields replaced one for one by a field of the same type and presence (not a declaration rename)."""
    gone = [f for f in old.fields if ctx.new_name(f) not in new.fields]
    came = [f for f in new.fields if f not in {ctx.new_name(g) for g in old.fields}]
    swaps = []
    for before in gone:
        same = [f for f in came if _slot(ctx.a, old, before) == _slot(ctx.b, new, f)]
        if len(same) == 1 and [g for g in gone if _slot(ctx.a, old, g) == _slot(ctx.b, new, same[0])] == [before]:
            swaps.append((before, same[0]))
    return swaps


def _slot(catalog: Catalog, code: Code, name: str) -> tuple[str, bool]:
    return _type_label(catalog.fields[name].type), name in code.required


@rule("retired-id-reused", BOTH, "a code reuses a retired id", breaking=True)
def retired_id_reused(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for rid, retired in ctx.a.retired.items():
        if rid in ctx.b.codes:
            since = f" (retired since {retired.since})" if retired.since else ""
            message = (
                f"code {rid!r} reuses a retired id{since}; old clients read it with the old meaning, pick a new id"
            )
            yield ctx.finding(r, message, subjects=_code_and_fields(ctx, rid), new=ctx.b.codes[rid].loc,
                              old=retired.loc, subject=rid)  # fmt: skip


@rule("retired-id-removed", (WIRE,), "a retired id was dropped from 'retired' (it could then be reused)", breaking=True,
      section="Removed")  # fmt: skip
def retired_id_removed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for rid, retired in ctx.a.retired.items():
        if rid not in ctx.b.codes and rid not in ctx.b.retired:
            message = f"retired id {rid!r} was dropped from 'retired'; keep it listed so it is never reused"
            yield ctx.finding(r, message, subjects=_code(rid), new=ctx.at_new("retired"), old=retired.loc, before=rid,
                              subject=rid)  # fmt: skip


@rule("retired-changed", (DOCS,), "a retired id was added for a code the old version did not have, or its "
      "since, reason or replacement changed", breaking=False)  # fmt: skip
def retired_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for rid, retired in ctx.b.retired.items():
        before = ctx.a.retired.get(rid)
        now = (retired.since, retired.reason, retired.replaced_by)
        if before is None and rid not in ctx.a.codes:
            message = f"id {rid!r} is listed as retired"
            yield ctx.finding(r, message, subjects=_code(rid), new=retired.loc, after=rid, subject=rid)
        elif before is not None and (before.since, before.reason, before.replaced_by) != now:
            message = f"retired id {rid!r}: since, reason or replacement changed"
            yield ctx.finding(r, message, subjects=_code(rid), new=retired.loc, old=before.loc,
                              before=list((before.since, before.reason, before.replaced_by)), after=list(now),
                              subject=rid)  # fmt: skip


# -- semantics ----------------------------------------------------------------------


def _changed(ctx: Context, r: DiffRule, key: str, label: str, values: Mapping[str, tuple[object, object]]) -> Iterator[
        Finding]:  # fmt: skip
    """One finding per code whose `key` changed (`values`: id → before, after)."""
    for old, new in ctx.pairs():
        before, after = values[new.id]
        if before != after:
            message = f"{label} of code {new.id!r} changed from {_show(before)} to {_show(after)}"
            yield ctx.finding(r, message, subjects=_code(new.id), new=ctx.code_at(new, key),
                              old=ctx.code_at(old, key, old=True), before=before, after=after,
                              subject=new.id)  # fmt: skip


@rule("kind-changed", (WIRE,), "a code's kind changed", breaking=True)
def kind_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    yield from _changed(ctx, r, "kind", "kind", {n.id: (o.kind, n.kind) for o, n in ctx.pairs()})


@rule("retriable-changed", (WIRE,), "a code's retriable changed", breaking=True)
def retriable_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    values = {n.id: (o.retriable.value, n.retriable.value) for o, n in ctx.pairs()}
    yield from _changed(ctx, r, "retriable", "retriable", values)


@rule("recoverable-changed", BOTH, "a code's recoverable changed (and with it which metadata rides on its errors)",
      breaking=True)  # fmt: skip
def recoverable_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        if old.recoverable is new.recoverable:
            continue
        keys = _carried(ctx.a, old) ^ _carried(ctx.b, new)
        rides = f"; {', '.join(sorted(keys))} {'now' if keys & _carried(ctx.b, new) else 'no longer'} rides on its " \
                "errors" if keys else ""  # fmt: skip
        was, now = old.recoverable.value, new.recoverable.value
        message = f"recoverable of code {new.id!r} changed from {was} to {now}{rides}"
        yield ctx.finding(r, message, categories=BOTH if keys else (WIRE,), subjects=_code(new.id),
                          new=ctx.code_at(new, "recoverable"), old=ctx.code_at(old, "recoverable", old=True),
                          before=old.recoverable.value, after=new.recoverable.value, subject=new.id)  # fmt: skip


def _carried(catalog: Catalog, code: Code) -> set[str]:
    return {m.key for m in catalog.envelope.metadata if m.when != "always" and m.carried_by(code)}


@rule("http-status-changed", (WIRE,), "a code's HTTP status changed", breaking=True)
def http_status_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    values = {n.id: (o.http_status, n.http_status) for o, n in ctx.pairs()}
    yield from _changed(ctx, r, "http_status", "HTTP status", values)


def _channel(code: Code) -> str:
    return f"protocol (JSON-RPC {code.jsonrpc_code})" if code.jsonrpc_code is not None else code.channel.value


@rule("channel-changed", BOTH, "a code's channel or JSON-RPC code changed", breaking=True)
def channel_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        if (old.channel, old.jsonrpc_code) != (new.channel, new.jsonrpc_code):
            key = "channel" if old.channel != new.channel else "jsonrpc_code"
            message = f"channel of code {new.id!r} changed from {_channel(old)} to {_channel(new)}"
            categories = BOTH if old.channel != new.channel else (WIRE,)
            yield ctx.finding(r, message, categories=categories, subjects=_code(new.id) | {CODE_SETS},
                              new=ctx.code_at(new, key),
                              old=ctx.code_at(old, key, old=True), before=_channel(old), after=_channel(new),
                              subject=new.id)  # fmt: skip


@rule("code-deferred", BOTH, "a code became deferred (shape-only: no constructor in any target)", breaking=True)
def code_deferred(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        if new.deferred and not old.deferred:
            message = (
                f"code {new.id!r} became deferred: its constructors are gone (Python create raises, the "
                f"TypeScript, Go and Rust constructors are not generated) and servers can no longer build it"
            )
            yield ctx.finding(r, message, subjects=_code(new.id) | {CODE_SETS}, new=ctx.code_at(new, "deferred"),
                              old=old.loc, before=False, after=True, subject=new.id)  # fmt: skip


@rule("code-undeferred", BOTH, "a deferred code became constructible", breaking=False, section="Added")
def code_undeferred(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        if old.deferred and not new.deferred:
            message = f"code {new.id!r} is no longer deferred: every target generates its constructor"
            yield ctx.finding(r, message, subjects=_code(new.id) | {CODE_SETS}, new=new.loc,
                              old=ctx.code_at(old, "deferred", old=True), before=True, after=False,
                              subject=new.id)  # fmt: skip


@rule("code-deprecated", (SOURCE, DOCS), "a code was deprecated", breaking=False, section="Deprecated")
def code_deprecated(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        if new.deprecated and not old.deprecated:
            instead = f"; use {new.deprecated.replaced_by!r}" if new.deprecated.replaced_by else ""
            message = f"code {new.id!r} was deprecated{instead}"
            yield ctx.finding(r, message, subjects=_code(new.id), new=ctx.code_at(new, "deprecated"), old=old.loc,
                              after=new.deprecated.replaced_by, subject=new.id)  # fmt: skip


@rule("code-undeprecated", (SOURCE, DOCS), "a deprecated code is no longer deprecated, or its deprecation changed",
      breaking=False)  # fmt: skip
def code_undeprecated(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        if old.deprecated and old.deprecated != new.deprecated:
            what = "is no longer deprecated" if not new.deprecated else "has another deprecation (since, replacement " \
                   "or reason)"  # fmt: skip
            before = [old.deprecated.since, old.deprecated.replaced_by, old.deprecated.reason]
            dep = new.deprecated
            after = [dep.since, dep.replaced_by, dep.reason] if dep else None
            yield ctx.finding(r, f"code {new.id!r} {what}", subjects=_code(new.id), new=new.loc,
                              old=ctx.code_at(old, "deprecated", old=True), before=before, after=after,
                              subject=new.id)  # fmt: skip


# -- messages and texts ------------------------------------------------------------------


@rule("placeholders-changed", (SOURCE,), "a message-only argument of a code's constructors was removed",
      breaking=True)  # fmt: skip
def placeholders_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        before, after = _message_only(old), _message_only(new)
        gone = [p for p in before if ctx.new_name(p) not in after and ctx.new_name(p) not in new.fields]
        if gone:
            message = (
                f"message-only arguments of code {new.id!r} changed from {_quoted(before)} to {_quoted(after)}: "
                f"calls that pass {_quoted(gone)} stop compiling"
            )
            yield ctx.finding(r, message, subjects=_code(new.id), new=ctx.code_at(new, "message"),
                              old=ctx.code_at(old, "message", old=True), before=list(before), after=list(after),
                              subject=new.id)  # fmt: skip


@rule("message-changed", BOTH, "a code's message template changed (the wire's message text; a new message-only "
      "argument)", breaking=False)  # fmt: skip
def message_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        if _renamed_template(ctx, old, new) == new.message:
            continue
        added = [p for p in _message_only(new) if p not in {ctx.new_name(q) for q in _message_only(old)}]
        categories = BOTH if added else (WIRE,)
        message = f"message of code {new.id!r} changed from {old.message!r} to {new.message!r}"
        yield ctx.finding(r, message, categories=categories, subjects=_code(new.id), new=ctx.code_at(new, "message"),
                          old=ctx.code_at(old, "message", old=True), before=old.message, after=new.message,
                          subject=new.id)  # fmt: skip


def _renamed_template(ctx: Context, old: Code, new: Code) -> str:
    """The old message with each renamed field's placeholder under its new name (a rename says the rest)."""
    names = {**dict(_field_swaps(ctx, old, new)), **ctx.field_renames}
    parts = messages.parse(old.message)
    escaped = [literal.replace("{", "{{").replace("}", "}}") for literal, _ in parts]
    return "".join(text + (f"{{{names.get(hole, hole)}}}" if hole else "") for text, (_, hole) in zip(escaped, parts,
                                                                                                    strict=True))


_TEXTS = ("title", "when", "next_action", "ui_meaning", "docs", "since")


@rule("code-text-changed", (WIRE, SOURCE, DOCS), "a code's title, when, next action, UI meaning, docs or since changed "
      "(on the wire, and in the zod schema's default, when envelope.metadata carries it)", breaking=False)  # fmt: skip
def code_text_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        for key in _TEXTS:
            before, after = getattr(old, key), getattr(new, key)
            if before == after or (key == "title" and not (ctx.old.says(old, key) or ctx.new.says(new, key))):
                continue  # a renamed code's default title follows its id
            wire = any(m.name == key and (m.carried_by(old) or m.carried_by(new)) for m in ctx.b.envelope.metadata)
            message = f"{key.replace('_', ' ')} of code {new.id!r} changed from {_text(before)} to {_text(after)}"
            yield ctx.finding(r, message, categories=(WIRE, SOURCE, DOCS) if wire else (DOCS,), subjects=_code(new.id),
                              new=ctx.code_at(new, key), old=ctx.code_at(old, key, old=True), before=before,
                              after=after, subject=f"{new.id}.{key}")  # fmt: skip


def _text(value: str | None) -> str:
    if not value:
        return "(none)"
    shown = value if len(value) <= 60 else value[:59] + "…"
    return repr(shown)


@rule("examples-changed", (DOCS,), "a code's examples or witness changed (docs, conformance packs)", breaking=False)
def examples_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        names = {**dict(_field_swaps(ctx, old, new)), **ctx.field_renames}  # a renamed field: the rename says it
        renamed = [{names.get(k, k): v for k, v in e.values.items()} for e in old.examples]
        for key, before, after in (
            ("examples", renamed, [e.values for e in new.examples]),
            ("witness", old.witness and [old.witness.tool, old.witness.input],
             new.witness and [new.witness.tool, new.witness.input]),
        ):  # fmt: skip
            if before != after:
                yield ctx.finding(r, f"{key} of code {new.id!r} changed", subjects=_code(new.id),
                                  new=ctx.code_at(new, key), old=ctx.code_at(old, key, old=True), before=before,
                                  after=after, subject=f"{new.id}.{key}")  # fmt: skip


# -- repair fields of a code ------------------------------------------------------------


def _swapped(ctx: Context, old: Code, new: Code) -> set[str]:
    return {name for pair in _field_swaps(ctx, old, new) for name in pair}


@rule("field-added", BOTH, "an optional repair field was added to a code", breaking=False, section="Added")
def field_added(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        known = {ctx.new_name(f) for f in old.fields} | _swapped(ctx, old, new)
        for name in new.optional:
            if name not in known:
                message = f"optional repair field {name!r} was added to code {new.id!r}"
                yield ctx.finding(r, message, subjects=_code(new.id) | {f"field:{name}"},
                                  new=ctx.code_at(new, "fields"), old=old.loc, after=name,
                                  subject=f"{new.id}.{name}")  # fmt: skip


@rule("field-removed", BOTH, "a repair field was removed from a code", breaking=True, section="Removed")
def field_removed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        swapped = _swapped(ctx, old, new)
        for name in old.fields:
            if ctx.new_name(name) not in new.fields and name not in swapped:
                message = f"repair field {name!r} was removed from code {new.id!r}"
                yield ctx.finding(r, message, subjects=_code(new.id) | {f"field:{name}"},
                                  new=ctx.code_at(new, "fields"), old=ctx.code_at(old, "fields", old=True),
                                  before=name, subject=f"{new.id}.{name}")  # fmt: skip


@rule("field-newly-required", BOTH, "a code requires a field it did not require", breaking=True)
def field_newly_required(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        swapped = _swapped(ctx, old, new)
        was = {ctx.new_name(f): f for f in old.fields}
        for name in new.required:
            if name in swapped or (name in was and was[name] in old.required):
                continue
            before = "optional" if name in was else "absent"
            message = (
                f"repair field {name!r} is now required in code {new.id!r} (was {before}); payloads from older "
                "servers lack it"
            )
            yield ctx.finding(r, message, subjects=_code(new.id) | {f"field:{name}"}, new=ctx.code_at(new, "fields"),
                              old=ctx.code_at(old, "fields", old=True), before=before, after="required",
                              subject=f"{new.id}.{name}")  # fmt: skip


@rule("field-no-longer-required", BOTH, "a required field of a code became optional", breaking=True)
def field_no_longer_required(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        for name in old.required:
            if ctx.new_name(name) in new.optional:
                message = f"repair field {name!r} of code {new.id!r} became optional; clients that read it may fail"
                yield ctx.finding(r, message, subjects=_code(new.id) | {f"field:{name}"},
                                  new=ctx.code_at(new, "fields"), old=ctx.code_at(old, "fields", old=True),
                                  before="required", after="optional", subject=f"{new.id}.{name}")  # fmt: skip


@rule("field-order-changed", BOTH, "a code's required fields changed order (Rust's new() takes them in order)",
      breaking=True)  # fmt: skip
def field_order_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for old, new in ctx.pairs():
        before = [ctx.new_name(f) for f in old.required]
        if sorted(before) == sorted(new.required) and before != list(new.required):
            message = (
                f"required fields of code {new.id!r} changed order from {_quoted(before)} to {_quoted(new.required)}"
            )
            yield ctx.finding(r, message, subjects=_code(new.id), new=ctx.code_at(new, "fields"),
                              old=ctx.code_at(old, "fields", old=True), before=before, after=list(new.required),
                              subject=new.id)  # fmt: skip


@rule("field-type-changed", BOTH, "a repair field's type changed", breaking=True)
def field_type_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for name, old_f in ctx.a.fields.items():
        new_f = ctx.b.fields.get(ctx.new_name(name))
        if new_f is None or old_f.type == new_f.type:
            continue
        users = [n.id for o, n in ctx.pairs() if name in o.params and new_f.name in n.params]
        if not users:
            continue
        message = (
            f"type of repair field {new_f.name!r} changed from {_type_label(old_f.type)} to "
            f"{_type_label(new_f.type)} (used by {_quoted(users)})"
        )
        subjects = frozenset({f"field:{new_f.name}", *(f"code:{u}" for u in users)})
        where = ctx.at_new("fields", new_f.name, "type", fallback=new_f.loc)
        yield ctx.finding(r, message, subjects=subjects, new=where, old=old_f.loc, before=_type_label(old_f.type),
                          after=_type_label(new_f.type), subject=new_f.name)  # fmt: skip


@rule("field-declared", (WIRE,), "a repair field no code used was declared or removed (catalog.json lists fields)",
      breaking=False)  # fmt: skip
def field_declared(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    renamed = set(ctx.field_renames.values())
    used_a = {p for c in ctx.a.codes.values() for p in c.params}
    used_b = {p for c in ctx.b.codes.values() for p in c.params}
    for name, f in ctx.b.fields.items():
        if name not in ctx.a.fields and name not in renamed and name not in used_b:
            yield ctx.finding(r, f"repair field {name!r} was declared", subjects=frozenset({f"field:{name}"}),
                              new=f.loc, after=name, subject=name)  # fmt: skip
    for name, f in ctx.a.fields.items():
        if name not in ctx.b.fields and name not in ctx.field_renames and name not in used_a:
            yield ctx.finding(r, f"repair field {name!r} is no longer declared", subjects=frozenset({f"field:{name}"}),
                              new=ctx.at_new("fields"), old=f.loc, before=name, subject=name)  # fmt: skip


@rule("field-description-changed", (DOCS,), "a repair field's description changed", breaking=False)
def field_description_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    for name, old_f in ctx.a.fields.items():
        new_f = ctx.b.fields.get(ctx.new_name(name))
        if new_f is not None and old_f.description != new_f.description:
            yield ctx.finding(r, f"description of repair field {new_f.name!r} changed",
                              subjects=frozenset({f"field:{new_f.name}"}), new=new_f.loc, old=old_f.loc,
                              before=old_f.description, after=new_f.description, subject=new_f.name)  # fmt: skip


def find_renames(ctx: Context) -> None:
    """Pair removed codes and declarations with added ones of the same shape (each pairing unique both ways)."""
    gone = [c for c in ctx.a.codes if c not in ctx.b.codes]
    came = [c for c in ctx.b.codes if c not in ctx.a.codes and c not in ctx.a.retired]
    for cid in gone:
        retired = ctx.b.retired.get(cid)
        if retired is not None and retired.replaced_by in came:
            ctx.code_renames[cid] = retired.replaced_by
    for cid, target in _unique_pairs([c for c in gone if c not in ctx.code_renames],
                                     [c for c in came if c not in ctx.code_renames.values()],
                                     lambda c: _code_shape(ctx.a, ctx.a.codes[c]),
                                     lambda c: _code_shape(ctx.b, ctx.b.codes[c])):  # fmt: skip
        ctx.code_renames[cid] = target
    removed = [f for f in ctx.a.fields if f not in ctx.b.fields]
    added = [f for f in ctx.b.fields if f not in ctx.a.fields]
    for name, target in _unique_pairs(removed, added, lambda f: _field_shape(ctx, ctx.a, f, old=True),
                                      lambda f: _field_shape(ctx, ctx.b, f, old=False)):  # fmt: skip
        ctx.field_renames[name] = target


def _unique_pairs(left: list[str], right: list[str], shape_l: object, shape_r: object) -> Iterator[tuple[str, str]]:
    assert callable(shape_l) and callable(shape_r)
    shapes_l = {x: shape_l(x) for x in left}
    shapes_r = {y: shape_r(y) for y in right}
    for x, shape in shapes_l.items():
        same = [y for y, s in shapes_r.items() if s == shape]
        if len(same) == 1 and [z for z, s in shapes_l.items() if s == shape] == [x]:
            yield x, same[0]


def _code_shape(catalog: Catalog, code: Code) -> tuple[object, ...]:
    types = tuple((_type_label(catalog.fields[f].type), f in code.required) for f in code.params)
    return (code.kind, code.retriable, code.recoverable, code.channel, code.jsonrpc_code, code.http_status,
            code.deferred, code.fields, types)  # fmt: skip


def _field_shape(ctx: Context, catalog: Catalog, name: str, *, old: bool) -> tuple[object, ...]:
    """A declaration's type, and where each code (by its new id) carries it."""
    codes = catalog.codes.values()
    where = sorted((ctx.code_renames.get(c.id, c.id) if old else c.id, name in c.required, c.params.index(name))
                   for c in codes if name in c.params)  # fmt: skip
    return (_type_label(catalog.fields[name].type), tuple(where)) if where else ("unused", name)

