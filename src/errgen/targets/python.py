"""Target ``python``: one self-contained pydantic v2 module per catalog.

``python/<module>.py`` (module = ``options.python_module`` or ``<catalog>_errors``)
holds the metadata tables, the sanitizer, the MCP envelope, classification and
mapping, and one model class per code. Importing it stays fast at thousands of
codes: the per-code classes are declared for type checkers inside
``if TYPE_CHECKING:`` and built at run time from the tables on first use (module
``__getattr__``), because creating a pydantic class costs ~0.5 ms even with
``defer_build``. Every name and literal is computed here; the templates only
loop and print. The text is rendered black-clean and then passed through the
cached black of `errgen.formatting`.
"""

from __future__ import annotations

import builtins
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from errgen import jsontext
from errgen import runtime_patterns as rp
from errgen.escape import py_str
from errgen.formatting import LINE_LENGTH, format_python
from errgen.model import Catalog, Code, Field, FieldType, HttpRule
from errgen.targets import TargetOptions
from errgen.targets.header import line_comment
from errgen.templating import render

SUFFIX = "Error"
# Members of the generated ErrorBase a repair field's attribute must not shadow.
BASE_MEMBERS = frozenset(
    {"CODE", "code", "message", "retriable", "provenance", "is_error", "info", "create", "to_payload", "to_result",
     "to_jsonrpc_error"}
)  # fmt: skip
# Builtins the class stubs name; a field attribute with one of these names forces `_builtins.<name>`.
STUB_BUILTINS = frozenset({"str", "int", "float", "bool", "list", "dict", "classmethod", "object"})
RUNTIME_TYPES = {
    "string": "StrictStr",
    "integer": "StrictInt",
    "number": "_Number",
    "boolean": "StrictBool",
    "object": "dict[str, Any]",
    "range": "Range",
    "any": "Any",
    **{f"array:{item}": f"list[{t}]" for item, t in
       (("string", "StrictStr"), ("integer", "StrictInt"), ("number", "_Number"), ("boolean", "StrictBool"))},
}  # fmt: skip
_STUB_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "object": "dict[str, Any]"}


@dataclass(frozen=True)
class PyField:
    """A repair field as the Python module sees it."""

    wire: str
    attr: str
    type_key: str  # key of the module's runtime type table, e.g. "array:string"
    ftype: FieldType


@dataclass(frozen=True)
class PyCode:
    """Everything the templates print for one code."""

    code: Code
    class_name: str
    row: str  # CodeInfo as a JSON row (a Python string literal)
    docstring: str
    attrs: list[tuple[str, str]]  # stub attribute → annotation
    create: str  # the stub `create` signature, laid out as black would
    q: dict[str, str]  # builtin name → how the stub spells it
    deprecation: str | None  # literal for @deprecated(...)


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``python/<module>.py``, formatted by (cached) black."""
    module = options.python_module or f"{catalog.names.snake}_errors"
    if not module.isidentifier():
        raise ValueError(f"python module name {module!r} is not a Python identifier")
    text = render("python/errors.py.jinja", options.templates, **context(catalog, module))
    return {f"python/{module}.py": format_python(text, options.black_cache)}


def context(catalog: Catalog, module: str) -> dict[str, Any]:
    """The template context: the IR plus every name and literal the module needs."""
    fields = {name: py_field(f) for name, f in catalog.fields.items()}
    codes = [py_code(catalog, code, fields) for code in catalog.codes.values()]
    return {
        "catalog": catalog,
        "env": catalog.envelope,
        "module": module,
        "header": line_comment(catalog),
        "fields": list(fields.values()),
        "codes": codes,
        "first": next((c for c in codes if c.code.constructible), codes[0]),
        "kinds": list(catalog.kinds.values()),
        "http_kinds": tuple_block(
            http_rules(catalog.classification_http), 0, "HTTP_CLASSIFICATION: tuple[HttpRule, ...] = "
        ),
        "http_codes": tuple_block(http_rules(catalog.mapping_http), 0, "HTTP_MAPPING: tuple[HttpRule, ...] = "),
        "san": sanitizer(),
        "type_keys": sorted({f.type_key for f in fields.values()}),
        "runtime_types": RUNTIME_TYPES,
        "error_code": subscript("ErrorCode = Literal", [py_string(c) for c in catalog.codes]),
        "error_kind": subscript("ErrorKind = Literal", [py_string(k) for k in catalog.kinds])
        if catalog.kinds
        else "str",
        "known_union": subscript("KnownErrorUnion = Union", [c.class_name for c in codes], 4, "  # noqa: UP007"),
        "exports": exports(codes),
        "uses": {
            "builtins": any(c.q != {n: n for n in STUB_BUILTINS} for c in codes),
            "noreturn": any(c.code.deferred or c.code.channel.value == "protocol" for c in codes),
            "deprecated": any(c.deprecation for c in codes),
        },
        "lit": literal,
        "py": py_string,
    }


@dataclass(frozen=True)
class PyRule:
    """A sanitizer rule as the Python module prints it (literals)."""

    name: str
    pattern: str
    replacement: str
    needles: str  # a tuple literal, laid out as black would at indent 8
    words: str


def sanitizer() -> dict[str, Any]:
    """The sanitizer's tables and limits (errgen.runtime_patterns) as Python literals."""
    rules = [
        PyRule(
            rule.name,
            py_string(rp.emitted(rule)),
            py_string(rp.python_replacement(rule.replacement)),
            tuple_block([py_string(n) for n in rule.needles], 8),
            tuple_block([py_string(w) for w in rule.words], 8),
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


def py_field(f: Field) -> PyField:
    """Attribute and runtime type key of one declared field."""
    attr = f.names.py_attr
    while attr in BASE_MEMBERS:
        attr += "_"
    key = f"array:{f.type.items or 'string'}" if f.type.name == "array" else f.type.name
    return PyField(f.name, attr, key, f.type)


def class_name(code: Code) -> str:
    """``<Pascal>Error``; a trailing ``_`` when that would shadow a builtin (``TimeoutError_``)."""
    name = code.names.pascal + SUFFIX
    return name + "_" if hasattr(builtins, name) else name


def py_code(catalog: Catalog, code: Code, fields: dict[str, PyField]) -> PyCode:
    """Stub and table data of one code."""
    own = [fields[name] for name in code.fields]
    shadowed = {f.attr for f in own} & STUB_BUILTINS
    q = {name: f"_builtins.{name}" if name in shadowed else name for name in STUB_BUILTINS}
    names = [fields[n].attr for n in code.params] + (["retriable"] if catalog.envelope.retriable_field else [])
    types = [param_type(fields[n].ftype, q) for n in code.params] + [q["bool"]]
    params = [
        f"{name}: {ann}" if wire in code.required else f"{name}: {ann} | None = None"
        for name, ann, wire in zip(names, types, [*code.params, ""], strict=False)
    ]
    first = "cls" if "cls" not in names else "_cls"
    if code.deferred:
        create = f"def create({first}, *args: {q['object']}, **kwargs: {q['object']}) -> NoReturn: ..."
    else:
        create = signature(
            8, "def create", [first, *(["*"] if params else []), *params], f" -> {class_name(code)}: ..."
        )
    return PyCode(
        code=code,
        class_name=class_name(code),
        row=code_row(code),
        docstring=docstring(code),
        attrs=[(f.attr, stub_type(f.ftype, q) + ("" if f.wire in code.required else " | None")) for f in own],
        create=create,
        q=q,
        deprecation=call_line(8, "@_deprecated", py_string(deprecation_text(code))) if code.deprecated else None,
    )


def stub_type(ftype: FieldType, q: dict[str, str]) -> str:
    """The annotation of a model attribute of this type."""
    if ftype.name == "array":
        return f"{q['list']}[{q[_STUB_TYPES[ftype.items or 'string']]}]"
    if ftype.name == "object":
        return f"{q['dict']}[{q['str']}, Any]"
    if ftype.name == "range":
        return "Range"
    if ftype.name == "any":
        return "Any"
    return q[_STUB_TYPES[ftype.name]]


def param_type(ftype: FieldType, q: dict[str, str]) -> str:
    """The annotation of a `create` parameter (ranges also accept a plain mapping)."""
    return "Range | RangeDict" if ftype.name == "range" else stub_type(ftype, q)


def docstring(code: Code) -> str:
    """A one-line docstring literal: ``"<title>: <when>"`` that black leaves as is."""
    text = " ".join(f"{code.title}: {code.when}".split() if code.when else code.title.split())
    quoted = py_string(text or code.id)
    if quoted[-2] == quoted[0]:
        quoted = quoted[:-1] + " " + quoted[-1]  # black keeps an escaped closing quote apart
    return quoted


def deprecation_text(code: Code) -> str:
    """``code 'x' is deprecated since 1.2: reason; use 'y' instead``."""
    dep = code.deprecated
    assert dep is not None
    text = f"code {code.id!r} is deprecated"
    text += f" since {dep.since}" if dep.since else ""
    text += f": {dep.reason}" if dep.reason else ""
    return text + (f"; use {dep.replaced_by!r} instead" if dep.replaced_by else "")


def code_row(code: Code) -> str:
    """The code's ``CodeInfo`` as one JSON row in a Python string literal.

    One token per code keeps black's cost flat (it splits nothing) and the import
    cheap (one ``json.loads``); the columns are CodeInfo's fields in order.
    """
    dep = code.deprecated
    row = [
        code.id, class_name(code), code.title, code.when, code.message, code.kind, code.retriable.value,
        code.recoverable.value, code.next_action, code.ui_meaning, code.channel.value, code.jsonrpc_code,
        code.http_status, code.since, [dep.since, dep.replaced_by, dep.reason] if dep else None, code.deferred,
        code.required, code.optional, code.placeholders,
    ]  # fmt: skip
    return py_string(jsontext.inline(row))


def http_rules(rules: Iterable[HttpRule]) -> list[str]:
    """``HttpRule(...)`` literals, one per status, exact statuses first (declared order), then classes."""
    flat = [(status, rule) for rule in rules for status in rule.statuses]
    ordered = [p for p in flat if isinstance(p[0], int)] + [p for p in flat if not isinstance(p[0], int)]
    out = []
    for status, rule in ordered:
        args = [literal(status), literal(rule.target), literal(rule.retry_after), literal(rule.retriable)]
        one = f"HttpRule({', '.join(args)})"
        out.append(one if width(f"    {one},") <= LINE_LENGTH else explode(4, "HttpRule", args))
    return out


def exports(codes: list[PyCode]) -> list[str]:
    """``__all__``: the fixed API, then one class per code in declared order."""
    fixed = [
        "CATALOG", "CODES", "DEFAULT_CODE", "DEFAULT_KIND", "DESCRIPTION", "FAILURE_CLASSIFICATION",
        "FAILURE_MAPPING", "FIELDS", "FINGERPRINT", "HTTP_CLASSIFICATION", "HTTP_MAPPING", "KINDS", "POLICIES",
        "PROVENANCE", "REDACTED", "TITLE", "VERSION",
        "CodeInfo", "Deprecation", "ErrorBase", "ErrorCode", "ErrorKind", "ErrorUnion", "HttpRule", "KindInfo",
        "KnownErrorUnion", "Provenance", "Range", "RangeDict", "RepairField", "ToolResult", "UnknownCode",
        "build_error", "classify_exception", "classify_failure", "classify_http", "failure_class", "format_message",
        "is_retryable", "is_terminal", "kind_of", "map_exception", "map_http", "model_for", "parse_error",
        "parse_result", "payload_schema", "sanitize", "scrub_text", "to_json", "validate_error", "widen_output_schema",
    ]  # fmt: skip
    return sorted([*fixed, *(c.class_name for c in codes)], key=isort_key)


def isort_key(name: str) -> tuple[int, list[Any]]:
    """Ruff's ``__all__`` order (RUF022): CONSTANTS, then Classes, then the rest; natural sort."""
    group = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return group, [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


# -- literals laid out the way black writes them ------------------------------------


def py_string(text: str) -> str:
    """A Python string literal of `text` (via `escape.py_str`) in the quotes black prefers.

    Black switches to single quotes when that needs fewer escapes, so a text with
    more ``"`` than ``'`` is written single-quoted.
    """
    body = py_str(text)[1:-1]
    if text.count("'") >= text.count('"'):
        return f'"{body}"'
    return "'" + body.replace('\\"', '"').replace("'", "\\'") + "'"


def literal(value: Any) -> str:
    """A Python literal of JSON-like data (strings escaped by `escape.py_str`)."""
    if isinstance(value, str):
        return py_string(value)
    if value is None or isinstance(value, bool | int | float):
        return repr(value)
    raise TypeError(f"no literal for {type(value).__name__}")


def subscript(statement: str, items: list[str], indent: int = 0, note: str = "") -> str:
    """``name = Head[a]`` for one item that fits, else one item per line with a magic trailing comma.

    Prints the subscript only (the template prints ``name = ``); `note`, a trailing comment,
    goes after the opening bracket. `Union[...]`, not ``a | b``: a chain of thousands of
    ``|`` overflows CPython's compiler.
    """
    head = statement.rpartition(" = ")[2]
    if len(items) == 1 and width(" " * indent + f"{statement}[{items[0]}]{note}") <= LINE_LENGTH:
        return f"{head}[{items[0]}]{note}"
    pad = " " * (indent + 4)
    return f"{head}[{note}\n" + "".join(f"{pad}{item},\n" for item in items) + " " * indent + "]"


def signature(indent: int, head: str, params: list[str], tail: str) -> str:
    """A ``def`` as black lays it out: one line; else parameters on one line; else one per line."""
    pad, inner = " " * indent, " " * (indent + 4)
    one = f"{head}({', '.join(params)}){tail}"
    if width(pad + one) <= LINE_LENGTH:
        return one
    middle = ", ".join(params)
    if len(params) > 1 and width(inner + middle) <= LINE_LENGTH:
        return f"{head}(\n{inner}{middle}\n{pad}){tail}"
    return f"{head}(\n" + "".join(f"{inner}{p},\n" for p in params) + f"{pad}){tail}"


def tuple_block(items: list[str], indent: int = 0, prefix: str = "") -> str:
    """A tuple literal: ``(a,)`` when a single item fits after `prefix`, else one item per line."""
    if not items:
        return "()"
    if len(items) == 1 and width(" " * indent + f"{prefix}({items[0]},)") <= LINE_LENGTH:
        return f"({items[0]},)"
    pad = " " * (indent + 4)
    return "(\n" + "".join(f"{pad}{item},\n" for item in items) + " " * indent + ")"


def call_line(indent: int, head: str, arg: str) -> str:
    """``head(arg)``, or the argument on its own line when that does not fit (black's split)."""
    if width(" " * indent + f"{head}({arg})") <= LINE_LENGTH:
        return f"{head}({arg})"
    return f"{head}(\n{' ' * (indent + 4)}{arg}\n{' ' * indent})"


def explode(indent: int, head: str, items: list[str]) -> str:
    """``head(`` + one item per line with a magic trailing comma + ``)``."""
    pad = " " * (indent + 4)
    return head + "(\n" + "".join(f"{pad}{item},\n" for item in items) + " " * indent + ")"


def width(line: str) -> int:
    """Display width as black measures it (East Asian wide characters count twice)."""
    if line.isascii():
        return len(line)
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)
