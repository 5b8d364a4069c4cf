"""Compile the ``codes`` section: each code's fields, placeholders, channel, examples and retry advice."""

from __future__ import annotations

from typing import Any

from errgen.catalog import bounds, messages, naming, rendering
from errgen.catalog.checked import Reader, suggest
from errgen.catalog.model import (
    Channel,
    Code,
    Deprecation,
    Example,
    Field,
    Kind,
    Names,
    Recoverable,
    Retriable,
    Witness,
    constructor_params,
)
from errgen.catalog.values import type_error
from errgen.catalog.yamlsrc import JsonPath

_BOOL_WORDS = {True: "yes", False: "no"}


def codes(reader: Reader, fields: dict[str, Field], kinds: dict[str, Kind]) -> tuple[dict[str, Code], frozenset[str]]:
    """The codes in declared order, and the ids whose fields or message the shape check rejected (left unchecked)."""
    raw = reader.get(("codes",)) or {}
    unsure: set[str] = set()
    out = {
        cid: _code(reader, cid, spec, fields, kinds, i, unsure)
        for i, (cid, spec) in enumerate(raw.items())
        if not reader.rejected or not reader.hit(("codes", cid))
    }
    reader.collisions("codes", out, _code_identifiers)
    return out, frozenset(unsure)


def _code(
    reader: Reader,
    cid: str,
    spec: dict[str, Any],
    fields: dict[str, Field],
    kinds: dict[str, Kind],
    i: int,
    unsure: set[str],
) -> Code:
    """The `i`-th entry of ``codes`` (its rejected keys read as absent); `unsure` gets its id if it is unsure."""
    path: JsonPath = ("codes", cid)
    get = reader.getter(path, spec) if reader.rejected else spec.get
    message: str | None = get("message")
    if message is None or (reader.rejected and reader.spoiled((*path, "fields"))):
        unsure.add(cid)
    required, optional, message_only = _code_fields(reader, path, get("fields", {}), fields)
    holes = _placeholders(reader, path, message, fields) if message is not None else ()
    if message is not None and cid not in unsure:
        _check_message_only(reader, path, holes, required + optional, message_only)
    channel = Channel(get("channel", "tool"))
    _check_channel(reader, path, spec, channel)
    _check_numbers(reader, path, get("jsonrpc_code"), get("witness"))
    params = constructor_params(required + optional, holes)
    listed = [] if reader.hit((*path, "examples")) else spec.get("examples", [])  # rejected ones skipped below
    examples = _examples(reader, path, listed, message or "", params, required, fields, checked=cid not in unsure)
    kind = reader.kind_ref((*path, "kind"), kinds)
    witness = get("witness")
    return Code(
        id=cid,
        title=get("title") or _humanize(cid),
        when=get("when", ""),
        message=message or "",
        placeholders=holes,
        kind=kind,
        retriable=_retriable(get("retriable"), kinds[kind] if kind else None),
        recoverable=Recoverable(_word(get("recoverable", "no"))),
        next_action=get("next_action", ""),
        ui_meaning=get("ui_meaning", ""),
        channel=channel,
        jsonrpc_code=get("jsonrpc_code"),
        http_status=get("http_status"),
        since=get("since"),
        deprecated=_deprecation(get("deprecated", False)),
        deferred=get("deferred", False),
        required=required,
        optional=optional,
        examples=examples,
        docs=get("docs", ""),
        witness=Witness(witness["tool"], witness.get("input", {})) if witness else None,
        names=naming.names(cid),
        loc=reader.doc.child_loc(reader.raw["codes"], i, key=True),
    )


def _check_channel(reader: Reader, path: JsonPath, spec: dict[str, Any], channel: Channel) -> None:
    if reader.rejected and (reader.spoiled((*path, "channel")) or reader.spoiled((*path, "jsonrpc_code"))):
        return
    cid = path[-1]
    if channel is Channel.PROTOCOL and "jsonrpc_code" not in spec:
        reader.err(path, f"code {cid!r}: channel 'protocol' needs 'jsonrpc_code' (e.g. -32602)", key=True)
    if channel is Channel.TOOL and "jsonrpc_code" in spec:
        reader.err((*path, "jsonrpc_code"), f"code {cid!r}: 'jsonrpc_code' needs channel 'protocol'", key=True)


def _check_numbers(reader: Reader, path: JsonPath, jsonrpc_code: Any, witness: Any) -> None:
    """The code's ``jsonrpc_code`` and its witness input's integers fit every target."""
    cid = path[-1]
    if (why := bounds.problem("jsonrpc_code", jsonrpc_code)) is not None:
        reader.err((*path, "jsonrpc_code"), f"code {cid!r}: jsonrpc_code {why}")
    for sub, number in bounds.too_large(witness.get("input") if isinstance(witness, dict) else None):
        reader.err((*path, "witness", "input", *sub), f"witness input of {cid!r}: {bounds.problem('value', number)}")


def _check_message_only(
    reader: Reader, path: JsonPath, holes: tuple[str, ...], carried: tuple[str, ...], message_only: tuple[str, ...]
) -> None:
    """Each placeholder is a field the code carries or one listed under ``fields.message_only``, and vice versa."""
    cid = path[-1]
    for name in holes:
        if name not in carried and name not in message_only:
            reader.err(
                (*path, "message"),
                f"placeholder {{{name}}} names field {name!r}, which code {cid!r} does not carry: built without "
                f"it, the message shows it empty; list it under 'fields' (required or optional), or under "
                f"'fields.message_only' to keep it off the wire on purpose",
            )
    listed = reader.get((*path, "fields", "message_only")) or []
    for i, name in enumerate(listed):  # by its index in the catalog: entries reported already were left out
        if name in message_only and name not in holes and listed.index(name) == i:
            why = f"repair field {name!r} is listed under 'message_only' but the message has no {{{name}}}"
            reader.err((*path, "fields", "message_only", i), why)


def _code_fields(
    reader: Reader, path: JsonPath, spec: dict[str, list[str]], fields: dict[str, Field]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The code's required, optional and message-only fields, each declared and listed once."""
    seen: dict[str, str] = {}
    lists: dict[str, list[str]] = {"required": [], "optional": [], "message_only": []}
    for which in ("required", "optional", "message_only"):
        for i, name in enumerate(spec.get(which, [])):
            where = (*path, "fields", which, i)
            if name not in fields:
                if not reader.spoiled(("fields", name)):
                    hint = suggest(name, fields)
                    reader.err(where, f"unknown repair field {name!r}{hint}; declare it under 'fields'")
            elif name in seen:
                reader.err(where, f"repair field {name!r} is listed twice (also in {seen[name]})")
            else:
                seen[name] = which
                lists[which].append(name)
    return tuple(lists["required"]), tuple(lists["optional"]), tuple(lists["message_only"])


def _placeholders(reader: Reader, path: JsonPath, template: str, fields: dict[str, Field]) -> tuple[str, ...]:
    try:
        holes = rendering.placeholders(template)
    except messages.TemplateError as exc:
        reader.err((*path, "message"), f"message template: {exc}")
        return ()
    for name in holes:
        if name not in fields and not reader.spoiled(("fields", name)):
            reader.err((*path, "message"), f"placeholder {{{name}}} is not a declared field{suggest(name, fields)}")
    return tuple(h for h in holes if h in fields)


def _examples(
    reader: Reader,
    path: JsonPath,
    raw: list[dict[str, Any]],
    template: str,
    params: tuple[str, ...],
    required: tuple[str, ...],
    fields: dict[str, Field],
    *,
    checked: bool,
) -> tuple[Example, ...]:
    """The code's examples; keys that are not its fields are reported only when its fields are `checked`."""
    cid = path[-1]
    out: list[Example] = []
    for i, values in enumerate(raw):
        where = (*path, "examples", i)
        if reader.rejected and reader.spoiled(where):
            continue
        for key, value in values.items():
            if key not in params:
                if checked and not reader.spoiled(("fields", key)):
                    why = f"{key!r} is not a field of this code"
                    reader.err((*where, key), f"example {i + 1} of {cid!r}: {why}", key=True)
            elif problem := type_error(fields[key].type, value):
                reader.err((*where, key), f"example {i + 1} of {cid!r}: field {key!r} {problem}")
            elif value is None:  # an `any` field
                why = "is null, which the runtimes read as not given; leave it out"
                reader.err((*where, key), f"example {i + 1} of {cid!r}: field {key!r} {why}")
            else:
                _check_example_numbers(reader, (*where, key), f"example {i + 1} of {cid!r}", fields[key], value)
        missing = [f for f in required if f not in values]
        if missing:
            reader.err(where, f"example {i + 1} of {cid!r} lacks required field(s): {', '.join(missing)}")
        out.append(Example(values, template, reader.doc.child_loc(raw, i), _locale(reader)))
    return tuple(out)


def _check_example_numbers(reader: Reader, where: JsonPath, what: str, field: Field, value: Any) -> None:
    """Every integer of an example value fits the types the targets read it into."""
    if type(value) in _NO_INTEGERS:  # most example values: no walk into them needed
        return
    ftype = field.type
    kind = "integer" if "integer" in (ftype.name, ftype.items) else "value"
    for sub, number in bounds.too_large(value):
        reader.err((*where, *sub), f"{what}: field {field.name!r} {bounds.problem(kind, number)}")


_NO_INTEGERS = (str, float, bool, type(None))


def _locale(reader: Reader) -> str:
    """The base locale the examples render in (`compile_locales.base_locale` reports a bad one)."""
    from errgen.catalog.plurals import canonical, known

    given = reader.get(("catalog", "locale"))
    if given is None:
        return "en"
    tag = canonical(str(given))
    return tag if tag is not None and known(tag) else "en"


def _code_identifiers(n: Names) -> dict[str, str]:
    """The identifiers of a code that must be unique in the catalog, by style."""
    return {"class": n.pascal, "Python class": n.py_class, "function": n.snake, "constant": n.constant, "TS": n.camel}


def _humanize(cid: str) -> str:
    """Default title: ``BAD_REQUEST`` → ``Bad request``."""
    text = " ".join(naming.words(cid)).lower()
    return text[:1].upper() + text[1:] if text else cid


def _word(value: Any) -> str:
    return _BOOL_WORDS[value] if isinstance(value, bool) else str(value)


def _retriable(value: Any, kind: Kind | None) -> Retriable:
    """The code's own ``retriable`` when it says one; else its kind's ``retryable``; else no."""
    if value is not None:
        return Retriable(_word(value))
    return Retriable.YES if kind is not None and kind.retryable else Retriable.NO


def _deprecation(value: Any) -> Deprecation | None:
    if value is False:
        return None
    if value is True:
        return Deprecation(None, None, "")
    return Deprecation(value.get("since"), value.get("replaced_by"), value.get("reason", ""))
