"""The diff rules of the channels beside MCP (RFC 9457, google.rpc / AIP-193): one `rule(...)` entry and one check each.

Clients of a problem document switch on its type URI, clients of a google.rpc.Status on the
ErrorInfo reason within its domain and on the canonical code: each is the settled value
(`Catalog.channels`), so a default that changes with another key (the type URI with `docs_url`,
the gRPC code with `http_status`) is found too, except what a renamed code derives from its id,
or a renamed catalog from its name (their ``renamed`` / ``catalog-renamed`` findings). A changed HTTP
status is ``http-status-changed``.
"""

from __future__ import annotations

from collections.abc import Iterator

from errgen.workflow.diff_codes import BOTH
from errgen.workflow.diff_model import WIRE, Context, DiffRule, Finding, rule

_VALUES = {  # rule → (the catalog key that states it, how a finding names it, its attribute of CodeChannels)
    "problem-type-changed": ("problem_type", "problem type URI", "problem_type"),
    "reason-changed": ("reason", "ErrorInfo reason", "reason"),
    "grpc-code-changed": ("grpc_code", "gRPC code", "grpc"),
}


def _changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    key, label, attr = _VALUES[r.id]
    for old, new in ctx.pairs():
        before, after = ctx.a.channels.codes.get(old.id), ctx.b.channels.codes.get(new.id)
        if before is None or after is None or getattr(before, attr) == getattr(after, attr):
            continue
        if old.id != new.id and not (ctx.old.says(old, key) or ctx.new.says(new, key)):
            continue  # derived from the id: the `renamed` finding is this change
        was, now = getattr(before, attr), getattr(after, attr)
        if _follows_catalog_name(ctx, was, now):
            continue
        yield ctx.finding(r, f"{label} of code {new.id!r} changed from {was} to {now}: clients that switch on it "
                             f"no longer recognize the error", subjects=frozenset({f"code:{new.id}"}),
                          new=ctx.code_at(new, key), old=ctx.code_at(old, key, old=True),
                          before=was, after=now, subject=new.id)  # fmt: skip


def _follows_catalog_name(ctx: Context, was: str, now: str) -> bool:
    """Whether a value changed only as the catalog's name did (a derived domain or URN): `catalog-renamed` says it."""
    old, new = ctx.a.name, ctx.b.name
    return old != new and was.replace(old, new) == now


@rule("problem-type-changed", (WIRE,), "a code's RFC 9457 problem type URI changed", breaking=True)
def problem_type_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    yield from _changed(ctx, r)


@rule("reason-changed", (WIRE,), "a code's AIP-193 ErrorInfo reason changed", breaking=True)
def reason_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    yield from _changed(ctx, r)


@rule("grpc-code-changed", (WIRE,), "a code's canonical gRPC code changed", breaking=True)
def grpc_code_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    yield from _changed(ctx, r)


@rule("domain-changed", BOTH, "the catalog's AIP-193 ErrorInfo domain changed", breaking=True)
def domain_changed(ctx: Context, r: DiffRule) -> Iterator[Finding]:
    was, now = ctx.a.channels.domain, ctx.b.channels.domain
    if was != now and not _follows_catalog_name(ctx, was, now):
        where = ctx.at_new("channels", "domain", fallback=ctx.at_new("catalog"))
        yield ctx.finding(r, f"ErrorInfo domain changed from {was!r} to {now!r}: clients match reasons within a "
                             f"domain", subjects=frozenset({"catalog"}), new=where,
                          old=ctx.at_old("channels", "domain", fallback=ctx.at_old("catalog")), before=was, after=now,
                          subject="channels.domain")  # fmt: skip
