"""Target ``python``: an installable pydantic v2 package per catalog.

``python/`` holds ``pyproject.toml`` and the package ``<module>/`` (module =
``options.python_module`` or ``<catalog>_errors``): ``__init__.py``, the catalog's
content (its tables, one plainly declared model class per code, the union of them
and the catalog's functions, bound from the runtime), ``_runtime.py``, everything
that does not depend on the catalog (the same bytes for every catalog and build),
and ``py.typed``. Every name and literal is computed here and in `python_layout`;
the templates only loop and print. Python text is rendered black-clean and then
passed through the cached black of `errgen.targets.formatting`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.catalog import messages, naming
from errgen.catalog.model import Catalog, Code, Field, FieldType, HttpRule
from errgen.targets import TargetOptions
from errgen.targets import runtime_patterns as rp
from errgen.targets.formatting import format_python
from errgen.targets.header import line_comment
from errgen.targets.python_layout import (
    Call,
    call_line,
    collection,
    literal,
    py_string,
    signature,
    subscript,
    text_block,
)
from errgen.targets.python_names import BOUND, exports, imports, isort_key, package_version
from errgen.targets.templating import render

PYDANTIC_MIN = "2.11"  # by_name / by_alias at validation time (tests/python/test_py_package.py)
TYPING_EXTENSIONS_MIN = "4.12.2"  # what that pydantic requires; Never, Self and deprecated are older
# How a field of each wire type is declared on a model, and typed as a `create` parameter.
FIELD_TYPES = {
    "string": "{str}", "integer": "{int}", "number": "Number", "boolean": "{bool}",
    "object": "{dict}[{str}, Any]", "range": "Range", "any": "Any",
}  # fmt: skip
PARAM_TYPES = {
    "string": "{str}", "integer": "{int}", "number": "{float}", "boolean": "{bool}",
    "object": "{dict}[{str}, Any]", "range": "Range | RangeDict", "any": "Any",
}  # fmt: skip
# Names a class body uses after its fields, which a field of the same name would shadow.
SHADOWABLE = {
    **{name: f"_builtins.{name}" for name in ("str", "int", "float", "bool", "list", "dict", "classmethod", "object")},
    "deprecated": "_deprecated",
}


RULES = "tuple[HttpRule, ...]"


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


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``python/pyproject.toml`` and the package ``python/<module>/``, formatted by (cached) black."""
    module = options.python_module or f"{catalog.names.snake}_errors"
    if not module.isidentifier():
        raise ValueError(f"python module name {module!r} is not a Python identifier")
    package = render_package(catalog, module, options.templates)
    runtime = render_runtime(options.templates)
    return {
        "python/pyproject.toml": render(
            "python/pyproject.toml.jinja",
            options.templates,
            header=line_comment(catalog),
            module=module,
            distribution=module.replace("_", "-"),
            version=package_version(catalog.version),
            catalog=catalog,
            pydantic_min=PYDANTIC_MIN,
            typing_extensions_min=TYPING_EXTENSIONS_MIN,
        ),
        f"python/{module}/__init__.py": format_python(package, options.black_cache),
        f"python/{module}/_runtime.py": format_python(runtime, options.black_cache),
        f"python/{module}/py.typed": line_comment(catalog),
    }


def render_package(catalog: Catalog, module: str, templates: str | None = None) -> str:
    """The catalog's ``__init__.py`` as rendered (before black)."""
    return render("python/__init__.py.jinja", templates, **context(catalog, module))


def render_runtime(templates: str | None = None) -> str:
    """``_runtime.py`` as rendered (before black): it depends on no catalog."""
    return render("python/_runtime.py.jinja", templates, san=sanitizer(), max_blocks=rp.MAX_BLOCKS)


def context(catalog: Catalog, module: str) -> dict[str, Any]:
    """The template context of ``__init__.py``: the IR plus every name and literal it prints."""
    attrs = {name: f.names.py_attr for name, f in catalog.fields.items()}
    q = qualified(catalog, attrs)
    codes = [py_code(catalog, code, attrs, q) for code in catalog.codes.values()]
    return {
        "catalog": catalog,
        "env": catalog.envelope,
        "module": module,
        "header": line_comment(catalog),
        "imports": imports(catalog, q),
        "codes": codes,
        "first": next((c for c in codes if c.code.constructible), codes[0]),
        "q": q,
        "code_table": [
            text_block(4, f"{py_string(c.id)}: ", code_info(catalog, c), ",") for c in catalog.codes.values()
        ],
        "field_table": [
            text_block(4, f"{py_string(f.wire)}: ", repair_field(f, attrs), ",") for f in catalog.fields.values()
        ],
        "envelope": envelope_args(catalog),
        "base_fields": base_fields(catalog),
        "policy_ctors": policy_ctors(catalog),
        "kinds": list(catalog.kinds.values()),
        "http_kinds": collection(0, f"HTTP_CLASSIFICATION: {RULES} = ", http_rules(catalog.classification_http)),
        "http_codes": collection(0, f"HTTP_MAPPING: {RULES} = ", http_rules(catalog.mapping_http)),
        "error_code": subscript("ErrorCode = Literal", [py_string(c) for c in catalog.codes]),
        "error_kind": subscript("ErrorKind = Literal", [*map(py_string, catalog.kinds)]) if catalog.kinds else "str",
        "known_union": subscript("KnownErrorUnion = Union", [c.class_name for c in codes], 0, "  # noqa: UP007"),
        "exports": exports([c.class_name for c in codes]),
        "bound": BOUND,
        "lit": literal,
        "py": py_string,
        "text_block": text_block,
    }  # fmt: skip


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
        return f"{q['list']}[{FIELD_TYPES[ftype.items or 'string'].format(**q)}]"
    return FIELD_TYPES[ftype.name].format(**q)


def param_type(ftype: FieldType, q: dict[str, str]) -> str:
    """The annotation of a `create` parameter of this wire type (ranges also take a mapping)."""
    if ftype.name == "array":
        return f"{q['list']}[{PARAM_TYPES[ftype.items or 'string'].format(**q)}]"
    return PARAM_TYPES[ftype.name].format(**q)


def docstring(code: Code) -> str:
    """A one-line docstring literal: ``"<title>: <when>"`` that black leaves as is."""
    text = " ".join(f"{code.title}: {code.when}".split() if code.when else code.title.split())
    quoted = py_string(text or code.id)
    if quoted[-2] == quoted[0]:
        quoted = quoted[:-1] + " " + quoted[-1]  # black keeps an escaped closing quote apart
    return quoted


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


def envelope_args(catalog: Catalog) -> Call:
    """The catalog's ``Envelope(...)``, the wire-shape options at their defaults left out."""
    env = catalog.envelope
    flags = ("retriable_field", "provenance", "mirror_is_error", "structured_content", "tool_failure_meta")
    args: list[tuple[str, str | Call]] = [(f"{name}=", str(getattr(env, name))) for name in flags]
    if env.discriminator != "code":
        args.append(("discriminator=", py_string(env.discriminator)))
    if env.retriable is not None and env.retriable.key != "retriable":
        args.append(("retriable_key=", py_string(env.retriable.key)))
    if env.provenance_mode.value != "required":
        args.append(("provenance_mode=", py_string(env.provenance_mode.value)))
    if env.structured_is_error:
        args.append(("structured_is_error=", "True"))
    if env.texts:
        keys = [(f"{m.name}=", py_string(m.key)) for m in env.texts]
        only = tuple(m.name for m in env.texts if m.when == "recoverable")
        keys += [("only_recoverable=", literal(only))] if only else []
        args.append(("metadata=", Call("WireMetadata", tuple(keys))))
    return Call("Envelope", tuple(args))


def base_fields(catalog: Catalog) -> list[str]:
    """``ErrorBase``'s members: ``retriable`` (under its wire key) and the provenance stamp."""
    env, out = catalog.envelope, []
    if env.retriable is not None:
        key = env.retriable.key
        aliased = text_block(4, "retriable: bool = ", _aliased("False", key))
        out.append("retriable: bool = False" if key == "retriable" else aliased)
    return out


def policy_ctors(catalog: Catalog) -> list[tuple[str, str, str]]:
    """``(method name, name literal, docstring literal)`` of each named policy's constructor on ``ErrorPolicy``."""
    taken = {"empty", "named", "with_terminal_kind", "classifies_terminal", "terminate_on", "policies"}
    out = []
    for p in catalog.policies.values():
        name = naming.py_safe(p.names.snake)
        while name in taken:
            name += "_"
        taken.add(name)
        doc = " ".join((p.description or f"The {p.name} policy.").split())
        out.append((name, py_string(p.name), docstring_text(doc)))
    return out


def docstring_text(text: str) -> str:
    """A one-line docstring literal black leaves as is."""
    quoted = py_string(text)
    return quoted[:-1] + " " + quoted[-1] if quoted[-2] == quoted[0] else quoted


def code_info(catalog: Catalog, code: Code) -> Call:
    """The code's ``CodeInfo(...)`` (fields named by their wire keys), arguments at their defaults left out."""
    wire = {name: f.wire for name, f in catalog.fields.items()}
    template = code.message if all(wire.get(n, n) == n for n in code.placeholders) else _rekeyed(code.message, wire)
    dep = code.deprecated
    facts = (("since", dep.since), ("replaced_by", dep.replaced_by), ("reason", dep.reason)) if dep else ()
    deprecation = Call("Deprecation", tuple((f"{k}=", literal(v)) for k, v in facts)) if dep else None
    values: list[tuple[str, Any, Any]] = [
        ("code", code.id, None), ("class_name", code.names.py_class, ""), ("title", code.title, ""),
        ("when", code.when, ""), ("message", template, ""), ("kind", code.kind, None),
        ("retriable", code.retriable.value, "no"), ("recoverable", code.recoverable.value, "no"),
        ("next_action", code.next_action, ""), ("ui_meaning", code.ui_meaning, ""),
        ("channel", code.channel.value, "tool"), ("jsonrpc_code", code.jsonrpc_code, None),
        ("http_status", code.http_status, None), ("since", code.since, None),
        ("deprecated", deprecation, None), ("deferred", code.deferred, False),
        ("required", tuple(wire[n] for n in code.required), ()),
        ("optional", tuple(wire[n] for n in code.optional), ()),
        ("placeholders", tuple(wire.get(n, n) for n in code.placeholders), ()),
    ]  # fmt: skip
    args = tuple((f"{name}=", value if isinstance(value, Call) else literal(value))
                 for name, value, default in values if value != default or name == "code")  # fmt: skip
    return Call("CodeInfo", args)


def _rekeyed(template: str, wire: dict[str, str]) -> str:
    """`template` with its placeholders named by their wire keys (``{limit_bytes}`` → ``{limitBytes}``)."""
    out = []
    for literal_text, name in messages.parse(template):
        out.append(literal_text.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + wire.get(name, name) + "}")
    return "".join(out)


def repair_field(field: Field, attrs: dict[str, str]) -> Call:
    """The field's ``RepairField(...)`` (named by its wire key)."""
    args = (
        ("name=", py_string(field.wire)),
        ("attr=", py_string(attrs[field.name])),
        ("type=", py_string(field.type.name)),
        ("items=", literal(field.type.items)),
        ("description=", py_string(field.description)),
    )
    return Call("RepairField", args)


def http_rules(rules: Any) -> list[str]:
    """``HttpRule(...)`` literals, one per status, exact statuses first (declared order), then classes."""
    flat = [(status, rule) for rule in rules for status in rule.statuses]
    ordered = [p for p in flat if isinstance(p[0], int)] + [p for p in flat if not isinstance(p[0], int)]
    return [text_block(4, "", http_rule(status, rule)) for status, rule in ordered]


def http_rule(status: int | str, rule: HttpRule) -> Call:
    """One ``HttpRule(status, target, retry_after, retriable)``."""
    values = (status, rule.target, rule.retry_after, rule.retriable)
    return Call("HttpRule", tuple(("", literal(v)) for v in values))


@dataclass(frozen=True)
class PyRule:
    """A sanitizer rule as the runtime prints it (literals)."""

    name: str
    pattern: str
    replacement: str
    needles: str  # a tuple literal, laid out as black would at indent 8
    words: str


def sanitizer() -> dict[str, Any]:
    """The sanitizer's tables and limits (errgen.targets.runtime_patterns) as Python literals."""
    rules = [
        PyRule(
            rule.name,
            py_string(rp.emitted(rule)),
            py_string(rp.python_replacement(rule.replacement)),
            collection(8, "", [py_string(n) for n in rule.needles], suffix=","),
            collection(8, "", [py_string(w) for w in rule.words], suffix=","),
        )
        for rule in rp.TEXT_RULES
    ]
    return {
        "rules": rules,
        "secret_key": [py_string(p) for p in rp.SECRET_KEY_PATTERNS],
        **{name: py_string(text) for name, text in rp.MARKERS.items()},
        **{name: str(number) for name, number in rp.LIMITS.items()},
        "pair_names": ", ".join(py_string(name) for name in rp.PAIR_NAMES),
        "pair_values": ", ".join(py_string(name) for name in rp.PAIR_VALUES),
    }


__all__ = ["context", "generate", "isort_key", "render_package", "render_runtime"]
