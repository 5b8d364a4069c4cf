"""One code's texts in the TypeScript catalog file: names, JSDoc, interface members, parameters, row, zod."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.catalog import jsontext
from errgen.catalog.model import Catalog, Code, Field, ProvenanceMode
from errgen.targets.common import code_docs
from errgen.targets.common.escape import comment_text, ts_str
from errgen.targets.typescript.locales import message_parts
from errgen.targets.typescript.names import (
    FIXED_TYPES,
    FIXED_VALUES,
    OBJECT_PROTOTYPE,
    Namer,
    field_type,
    field_zod,
    key,
    ts_single,
)


@dataclass(frozen=True)
class CodeView:
    """What the templates print for one code (names unique, literals escaped)."""

    code: Code
    wire: str  # TS string literal of the id
    comment_id: str  # the id, safe inside a comment
    iface: str  # interface name
    guard: str  # type-guard function name
    ctor: str | None  # constructor name; None for deferred codes
    schema: str  # zod schema name
    doc: tuple[str, ...]  # JSDoc lines
    deprecated: str | None  # text after @deprecated
    props: str  # interface members, one per line
    param: str  # constructor parameter list
    row: str  # TS literal of the code's JSON row (CodeInfo + message parts)
    zod: tuple[str, ...]  # members of the code's `z.object({…})` in the zod file, `key: schema`
    zod_own: bool  # a key of the payload is a name of `Object.prototype`: the schema reads own properties only

    @property
    def builder(self) -> str:
        """The zod file's function that builds the schema (``build`` + its name: unique as the names are)."""
        return "build" + self.schema


@dataclass(frozen=True)
class _FieldText:
    """A repair field's TS spellings, shared by every code that carries it."""

    prop: str  # interface member, without the optional mark: (doc comment) readonly key
    type: str  # TS type of the value
    key: str  # property key (quoted when not an identifier)

    @classmethod
    def of(cls, field: Field) -> _FieldText:
        name = key(field.wire)
        return cls(f"{_field_doc(field)}readonly {name}", field_type(field), name)


def code_views(catalog: Catalog) -> list[CodeView]:
    """One view per code, in declared order; value names are claimed constructors first, then guards."""
    values, types = Namer(FIXED_VALUES), Namer(FIXED_TYPES)
    ctors = {c.id: values(c.names.camel) for c in catalog.codes.values() if c.constructible}
    guards = {c.id: values("is" + c.names.pascal.lstrip("_")) for c in catalog.codes.values()}
    schemas = {c.id: values(c.names.pascal + "Schema") for c in catalog.codes.values()}
    texts = {name: _FieldText.of(field) for name, field in catalog.fields.items()}
    return [
        CodeView(
            code=c,
            wire=ts_str(c.id),
            comment_id=comment_text(c.id),
            iface=types(c.names.pascal),
            guard=guards[c.id],
            ctor=ctors.get(c.id),
            schema=schemas[c.id],
            doc=_doc(catalog, c),
            deprecated=_deprecated(c),
            props=_props(catalog, c, texts),
            param=_param(catalog, c, texts),
            row=_row(catalog, c),
            zod=tuple(f"{name}: {schema}" for name, schema in zod_shape(catalog, c)),
            zod_own=any(name in OBJECT_PROTOTYPE for name, _ in zod_wire_shape(catalog, c)),
        )
        for c in catalog.codes.values()
    ]


def _doc(catalog: Catalog, code: Code) -> tuple[str, ...]:
    lines = [f"`{code.id}`{code_docs.title(code)}", *code_docs.body(code)]
    return tuple(comment_text(line) for line in lines)


def _deprecated(code: Code) -> str | None:
    """The text after ``@deprecated``: since when, why, and what to use instead."""
    dep = code.deprecated
    if dep is None:
        return None
    reason = dep.reason.strip().rstrip(".")
    since = f"Since {dep.since}" if dep.since else ""
    text = f"{since}: {reason}." if since and reason else f"{since or reason}." if since or reason else ""
    text += f" Use `{dep.replaced_by}` instead." if dep.replaced_by else ""
    return comment_text(text.strip() or "Deprecated.")


def _field_doc(field: Field) -> str:
    return f"/** {comment_text(field.description)} */ " if field.description.strip() else ""


def _props(catalog: Catalog, code: Code, texts: dict[str, _FieldText]) -> str:
    env = catalog.envelope
    props = [f"readonly {key(env.discriminator)}: {ts_str(code.id)};", "readonly message: string;"]
    for meta in (m for m in env.metadata if m.carried_by(code)):
        props.append(f"readonly {key(meta.key)}: {'boolean' if meta.name == 'retriable' else 'string'};")
    for name in code.fields:
        text = texts[name]
        props.append(f"{text.prop}{'?' if name in code.optional else ''}: {text.type};")
    if env.provenance:
        props.append(f"readonly provenance{'' if env.provenance_mode is ProvenanceMode.REQUIRED else '?'}: Provenance;")
    if env.mirror_is_error:
        props.append("readonly isError: true;")
    return "\n  ".join(props)


def _param(catalog: Catalog, code: Code, texts: dict[str, _FieldText]) -> str:
    members = [
        f"readonly {texts[name].key}{'' if name in code.required else '?'}: {texts[name].type}"
        if name in texts
        else f"readonly {key(name)}?: unknown"
        for name in code.params
    ]
    if catalog.envelope.retriable is not None:
        members.append(f"readonly {key(catalog.envelope.retriable.key)}?: boolean")
    if not members:
        return ""
    # `args?:`, not `= {}`: tsc checks a `{}` default against fields named like Object members (`constructor`).
    return ("args: { " if code.required else "args?: { ") + "; ".join(members) + " }"


def _row(catalog: Catalog, code: Code) -> str:
    """The code's `CodeInfo`, message parts and wire metadata as one line of JSON in a single-quoted TS string.

    Repair fields are named by their wire keys throughout (the runtime knows no other names).
    """
    dep = code.deprecated
    wire = {name: f.wire for name, f in catalog.fields.items()}
    info = {
        "code": code.id,
        "title": code.title,
        "when": code.when,
        "message": code.message,
        "kind": code.kind,
        "retriable": code.retriable.value,
        "recoverable": code.recoverable.value,
        "nextAction": code.next_action,
        "uiMeaning": code.ui_meaning,
        "channel": code.channel.value,
        "jsonrpcCode": code.jsonrpc_code,
        "httpStatus": code.http_status,
        "since": code.since,
        "deprecated": {"since": dep.since, "replacedBy": dep.replaced_by, "reason": dep.reason} if dep else None,
        "deferred": code.deferred,
        "required": [wire[n] for n in code.required],
        "optional": [wire[n] for n in code.optional],
        "docs": code.docs,
        **_channel_info(catalog, code, wire),
        "parts": message_parts(code.message, wire),
        "wire": [[m.key, m.value(code)] for m in catalog.envelope.texts if m.carried_by(code)],
    }
    return ts_single(jsontext.compact(info))


def _channel_info(catalog: Catalog, code: Code, wire: dict[str, str]) -> dict[str, Any]:
    """The code's settled channel values, as its `CodeInfo` has them."""
    ch = catalog.channels.codes[code.id]
    return {
        "problemType": ch.problem_type,
        "reason": ch.reason,
        "grpcCode": ch.grpc_number,
        "violations": [wire[n] for n in ch.violations],
    }



def zod_wire_shape(catalog: Catalog, code: Code) -> list[tuple[str, str]]:
    """A code's payload as zod reads it: ``(wire key, zod schema)`` in wire order (docs/runtime-contract.md §1)."""
    env = catalog.envelope
    shape = [(env.discriminator, f"z.literal({ts_str(code.id)})"), ("message", "z.string().min(1)")]
    if env.retriable:
        shape.append((env.retriable.key, "z.boolean().default(false)"))
    shape += [(m.key, f"z.string().default({ts_str(m.value(code))})") for m in env.texts if m.carried_by(code)]
    for name in (*code.required, *code.optional):
        field = catalog.fields[name]
        shape.append((field.wire, field_zod(field) + ("" if name in code.required else ".exactOptional()")))
    if env.provenance_mode is ProvenanceMode.REQUIRED:
        shape.append(("provenance", "ProvenanceSchema"))
    elif env.provenance_mode is ProvenanceMode.OPTIONAL:
        shape.append(("provenance", "ProvenanceSchema.exactOptional()"))
    if env.mirror_is_error:
        shape.append(("isError", "z.literal(true)"))
    return shape


def zod_shape(catalog: Catalog, code: Code) -> list[tuple[str, str]]:
    """`zod_wire_shape` with each key spelled as an object-literal key (computed where it is not an identifier)."""
    return [(key(name, runtime=True), schema) for name, schema in zod_wire_shape(catalog, code)]
