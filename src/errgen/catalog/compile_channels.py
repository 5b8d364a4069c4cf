"""Compile the ``channels`` section and the per-code channel keys: how errors travel beside MCP.

Three channels: RFC 9457 problem details (``application/problem+json``), the google.rpc
richer error model of AIP-193 (``google.rpc.Status`` with one ``ErrorInfo``) and the
``io.modelcontextprotocol/toolFailure`` metadata of MCP's open proposal (SEP-3313). Every
default is settled here, once, so each target prints the same values:

- a code's status: its ``http_status``, else 500;
- its problem type URI: ``problem_type``, else ``channels.problem_base`` + its id, percent-encoded
  (the base defaults to ``catalog.docs_url`` + ``#``, else ``urn:errgen:<catalog>:``);
- its AIP-193 reason: ``reason``, else its id in UPPER_SNAKE_CASE;
- its canonical gRPC code: ``grpc_code``, else the one google.rpc.Code documents for its status
  (4xx without one: FAILED_PRECONDITION; 5xx: INTERNAL);
- the domain: ``channels.domain``, else the host of an http(s) problem base, else the catalog name;
- each repair field's problem member (its wire key, unless ``channels.members`` names another or
  the key is a member RFC 9457 defines) and its ErrorInfo metadata key (lowerCamelCase);
- a code's toolFailure class: its kind's ``failure_class``, else ``reliability`` when its error
  may be retried, else ``capability`` (the runtimes decide the latter per error).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlsplit

from errgen.catalog import naming
from errgen.catalog.checked import Reader, suggest
from errgen.catalog.model import Catalog, Channels, Code, CodeChannels, Retriable

DEFAULT_STATUS = 500
PROBLEM_MEMBERS = ("type", "title", "status", "detail", "instance")
"""The members RFC 9457 defines (§3.1)."""
VIOLATIONS_MEMBER = "errors"  # the problem member listing field violations ({detail, pointer})
PROVENANCE_MEMBER = "provenance"
# google.rpc.Code's documented HTTP mapping (google/rpc/code.proto), read from the status side;
# 502 and 503 as gRPC's own HTTP mapping reads them.
GRPC_BY_STATUS: dict[int, str] = {
    400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
    409: "ABORTED", 429: "RESOURCE_EXHAUSTED", 499: "CANCELLED", 500: "INTERNAL", 501: "UNIMPLEMENTED",
    502: "UNAVAILABLE", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED",
}  # fmt: skip


def channels(reader: Reader, catalog: Catalog) -> Channels:
    """The catalog's channel settings with every default settled; mistakes reported to `reader`."""
    raw: dict[str, Any] = dict(reader.items(("channels",)))
    base = raw.get("problem_base") or default_base(catalog)
    kind_classes = {  # the classes kinds state; the others follow each error's retryable
        name: stated for name in catalog.kinds if (stated := reader.get(("kinds", name, "failure_class")))
    }
    return Channels(
        problem_base=base,
        domain=raw.get("domain") or default_domain(base, catalog.name),
        members=_members(reader, catalog, raw.get("members", {})),
        metadata_keys=_metadata_keys(catalog),
        kind_classes=kind_classes,
        codes={cid: _code(reader, catalog, code, base, kind_classes) for cid, code in catalog.codes.items()},
    )


def default_base(catalog: Catalog) -> str:
    """The problem base of a catalog that names none: its docs page and ``#``, else a URN of its own."""
    if catalog.docs_url:
        return catalog.docs_url.partition("#")[0] + "#"
    return f"urn:errgen:{catalog.name}:"


def default_domain(base: str, name: str) -> str:
    """The host of an http(s) problem base, else the catalog name."""
    parts = urlsplit(base)
    if parts.scheme in ("http", "https") and parts.hostname:
        return parts.hostname
    return name


def default_reason(cid: str) -> str:
    """A code id in UPPER_SNAKE_CASE: ``invalid_input`` → ``INVALID_INPUT``, ``badRequest`` → ``BAD_REQUEST``."""
    return "_".join(w.upper() for w in naming.words(cid)) or cid


def type_uri(base: str, cid: str) -> str:
    """A derived problem type URI: the base, then the id, percent-encoded outside RFC 3986's unreserved characters."""
    return base + quote(cid, safe="")


def grpc_for(status: int) -> str:
    """The canonical gRPC code of an HTTP status (google.rpc.Code's mapping; other 4xx and 5xx by class)."""
    if status in GRPC_BY_STATUS:
        return GRPC_BY_STATUS[status]
    if 400 <= status < 500:
        return "FAILED_PRECONDITION"
    return "INTERNAL" if status >= 500 else "UNKNOWN"


def _code(reader: Reader, catalog: Catalog, code: Code, base: str, kind_classes: dict[str, str]) -> CodeChannels:
    path = ("codes", code.id)
    get = reader.getter(path, reader.get(path))
    status = code.http_status if code.http_status is not None else DEFAULT_STATUS
    failure_class = kind_classes.get(code.kind or "") or (
        "capability" if code.retriable is Retriable.NO else "reliability"
    )
    return CodeChannels(
        status=status,
        problem_type=get("problem_type") or type_uri(base, code.id),
        reason=get("reason") or default_reason(code.id),
        grpc=get("grpc_code") or grpc_for(status),
        violations=_violations(reader, catalog, code, get("field_violations") or []),
        failure_class=failure_class,
    )


def _violations(reader: Reader, catalog: Catalog, code: Code, names: list[str]) -> tuple[str, ...]:
    """The code's field-violation fields: fields of the code holding a path (a string or a list of strings)."""
    out = []
    for i, name in enumerate(names):
        where = ("codes", code.id, "field_violations", i)
        if name not in code.fields:
            hint = suggest(name, code.fields)
            reader.err(where, f"field violation {name!r} is not a repair field of code {code.id!r}{hint}")
            continue
        ftype = catalog.fields[name].type
        if ftype.name != "string" and not (ftype.name == "array" and ftype.items == "string"):
            why = f"must be a string or a list of strings (a field path), not {_type_label(ftype.name, ftype.items)}"
            reader.err(where, f"field violation {name!r} {why}")
            continue
        out.append(name)
    return tuple(out)


def _type_label(name: str, items: str | None) -> str:
    return f"a list of {items}s" if name == "array" else name


def _members(reader: Reader, catalog: Catalog, spec: dict[str, str]) -> dict[str, str]:
    """Each repair field's problem member name; clashes with RFC 9457's members and each other reported."""
    taken = {m: f"RFC 9457's {m!r}" for m in PROBLEM_MEMBERS}
    taken[VIOLATIONS_MEMBER] = "the field violations"
    env = catalog.envelope
    if env.retriable is not None:
        taken[env.retriable.key] = "the retriable flag"
    if env.provenance:
        taken[PROVENANCE_MEMBER] = "the provenance stamp"
    for name in spec:
        if name not in catalog.fields and not reader.spoiled(("fields", name)):
            hint = suggest(name, catalog.fields)
            reader.err(("channels", "members", name), f"unknown repair field {name!r}{hint}", key=True)
    out: dict[str, str] = {}
    prefix = naming.snake(catalog.name)
    for name, f in catalog.fields.items():
        member = spec.get(name) or (f.wire if f.wire not in taken else f"{prefix}_{f.wire}")
        if member in taken:
            where = ("channels", "members", name) if name in spec else ("fields", name)
            why = f"problem member {member!r} of field {name!r} is already {taken[member]}"
            reader.err(where, why + "; name another under 'channels.members'", key=name not in spec)
        taken.setdefault(member, f"the member of field {name!r}")
        out[name] = member
    return out


def _metadata_keys(catalog: Catalog) -> dict[str, str]:
    """Each repair field's ErrorInfo metadata key: its wire key in lowerCamelCase (AIP-193).

    A key an earlier field has already (``a_1b`` and ``a1b`` are both ``a1b``) goes to the later
    field's wire key, with ``_`` added until it is free: keys stay unique, so every field reads back.
    """
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name, f in catalog.fields.items():
        key = naming.wire_key(f.wire, "camel")
        if key in taken:
            key = f.wire
            while key in taken:
                key += "_"
        taken.add(key)
        out[name] = key
    return out
