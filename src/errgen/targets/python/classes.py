"""Each code's model class (and `ErrorBase`'s members): declarations, ``create()``, docstring, deprecation."""

from __future__ import annotations

from dataclasses import dataclass

from errgen.catalog import naming
from errgen.catalog.model import Catalog, Code, Field, FieldType
from errgen.targets.python.layout import Call, call_line, collection, docstring_text, py_string, signature, text_block

# How a field of each wire type is declared on a model, and typed as a `create` parameter.
FIELD_TYPES = {
    "string": "{str}", "integer": "Integer", "number": "Number", "boolean": "{bool}",
    "object": "JsonObject", "range": "Range", "any": "JsonValue",
}  # fmt: skip
JSON_ITEMS = ("object", "any")  # an array of these is a `JsonList` (its nesting is bounded)
PARAM_TYPES = {
    "string": "{str}", "integer": "{int}", "number": "{float}", "boolean": "{bool}",
    "object": "{dict}[{str}, Any]", "range": "Range | RangeDict", "any": "Any",
}  # fmt: skip
# Names a class body uses after its fields, which a field of the same name would shadow.
SHADOWABLE = {
    **{name: f"_builtins.{name}" for name in ("str", "int", "float", "bool", "list", "dict", "classmethod", "object")},
    "deprecated": "_deprecated",
}


@dataclass(frozen=True)
class PyCode:
    """Everything the template prints for one code's class."""

    code: Code
    class_name: str
    docstring: str
    fields: list[str]  # declaration lines, each possibly split over several lines
    create: str  # the `create` signature, laid out as black would
    values: str  # the statement that collects `create`'s arguments
    call: str  # create's return statement
    deprecation: str | None  # the @deprecated(...) decorator
    refusal: str  # ``raise TypeError(...)`` of a deferred code's constructors or a protocol code's to_result


def qualified(catalog: Catalog, attrs: dict[str, str]) -> dict[str, str]:
    """How class bodies spell each shadowable name: qualified where some field shadows it."""
    shadowed = set(attrs.values()) & set(SHADOWABLE)
    return {name: SHADOWABLE[name] if name in shadowed else name for name in SHADOWABLE}


def py_code(catalog: Catalog, code: Code, attrs: dict[str, str], q: dict[str, str]) -> PyCode:
    """The declarations of one code's class."""
    fields = code_lines(catalog, code, q)
    fields += [field_line(catalog.fields[name], attrs[name], name in code.required, q) for name in code.fields]
    names = [attrs[name] for name in code.params] + (["retriable"] if catalog.envelope.retriable_field else [])
    types = [param_type(catalog.fields[name].type, q) for name in code.params] + [q["bool"]]
    params = [
        f"{name}: {ann}" if wire in code.required else f"{name}: {ann} | None = None"
        for name, ann, wire in zip(names, types, [*code.params, ""], strict=False)
    ]
    first = "cls" if "cls" not in names else "_cls"
    create = signature(4, "def create", [first, *(["*"] if params else []), *params], " -> Self:")
    items = [f"{py_string(catalog.fields[name].wire)}: {attrs[name]}" for name in code.params]
    tail = ", retriable" if catalog.envelope.retriable_field else ""
    refusal = f"{code.id!r} is deferred: it cannot be created"
    if code.channel.value == "protocol":
        refusal = f"{code.id!r} is a protocol error; see to_jsonrpc_error"
    return PyCode(
        code=code,
        class_name=code.names.py_class,
        docstring=docstring(code),
        fields=fields,
        create=create,
        values=collection(8, "values = ", items, "{}") if items else "",
        call=f"return {first}.from_values({'values' if items else '{}'}{tail})",
        deprecation=call_line(4, f"@{q['deprecated']}", py_string(deprecation_text(code))) if code.deprecated else None,
        refusal=call_line(8, "raise TypeError", py_string(refusal)),
    )


def field_line(field: Field, attr: str, required: bool, q: dict[str, str]) -> str:
    """``attr: Type``, ``attr: Omittable[Type] = None``, or with ``Field(...)`` when the wire name differs."""
    ann = field_type(field.type, q)
    if not required:
        ann = ann if field.type.name == "any" else f"Omittable[{ann}]"
    if attr == field.wire:
        return f"{attr}: {ann}" if required else f"{attr}: {ann} = None"
    alias = ("validation_alias=", py_string(field.wire))
    args = (alias,) if required else (("default=", "None"), alias)
    return text_block(4, f"{attr}: {ann} = ", Call("Field", args))


def field_type(ftype: FieldType, q: dict[str, str]) -> str:
    """The annotation of a model field of this wire type."""
    if ftype.name == "array":
        items = ftype.items or "string"
        if items in JSON_ITEMS:
            return f"JsonList[{PARAM_TYPES[items].format(**q)}]"
        return f"{q['list']}[{FIELD_TYPES[items].format(**q)}]"
    return FIELD_TYPES[ftype.name].format(**q)


def param_type(ftype: FieldType, q: dict[str, str]) -> str:
    """The annotation of a `create` parameter of this wire type (ranges also take a mapping)."""
    if ftype.name == "array":
        return f"{q['list']}[{PARAM_TYPES[ftype.items or 'string'].format(**q)}]"
    return PARAM_TYPES[ftype.name].format(**q)


def docstring(code: Code) -> str:
    """A one-line docstring literal: ``"<title>: <when>"`` that black leaves as is."""
    text = " ".join(f"{code.title}: {code.when}".split() if code.when else code.title.split())
    return docstring_text(text or code.id)


def deprecation_text(code: Code) -> str:
    """``error code 'x' is deprecated since 1.2: reason; use 'y' instead`` (the runtime's wording)."""
    dep = code.deprecated
    assert dep is not None
    text = f"error code {code.id!r} is deprecated"
    text += f" since {dep.since}" if dep.since else ""
    text += f": {dep.reason}" if dep.reason else ""
    return text + (f"; use {dep.replaced_by!r} instead" if dep.replaced_by else "")


def code_lines(catalog: Catalog, code: Code, q: dict[str, str]) -> list[str]:
    """The class's members before its repair fields: the code's alias, the metadata it carries on the wire."""
    env = catalog.envelope
    literal_id = py_string(code.id)
    out = [f"code: Literal[{literal_id}] = {literal_id}"]
    if env.discriminator != "code":
        out = [text_block(4, f"code: Literal[{literal_id}] = ", _aliased(literal_id, env.discriminator))]
    for meta in env.texts:
        if meta.carried_by(code):
            attr = naming.py_attr(meta.key)
            default = py_string(meta.value(code))
            out.append(text_block(4, f"{attr}: {q['str']} = ", _aliased(default, meta.key)) if attr != meta.key
                       else f"{attr}: {q['str']} = {default}")  # fmt: skip
    return out


def _aliased(default: str, key: str) -> Call:
    return Call("Field", (("default=", default), ("validation_alias=", py_string(key))))


def base_fields(catalog: Catalog) -> list[str]:
    """``ErrorBase``'s members: ``retriable`` (under its wire key) and the provenance stamp."""
    env, out = catalog.envelope, []
    if env.retriable is not None:
        key = env.retriable.key
        aliased = text_block(4, "retriable: bool = ", _aliased("False", key))
        out.append("retriable: bool = False" if key == "retriable" else aliased)
    return out
