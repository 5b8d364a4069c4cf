"""Identifier derivation: wire names → identifiers for Python and TypeScript.

Part of errgen's contract (a change here renames generated API, see go-kratos
#1618): words are split at non-alphanumerics and camelCase boundaries, joined per
style, NFKC-normalised (Python normalises identifiers the same way), prefixed with
``_`` when they would start with a digit, and suffixed with ``_`` when reserved.
Wire names themselves are never altered. Golden files pin every rule.
"""

from __future__ import annotations

import builtins
import keyword
import re
import unicodedata

from errgen.catalog.model import Names

_BOUNDARY = re.compile(r"(?<=[^\W_])(?=[^\W\d_])(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")

# Attributes a pydantic v2 BaseModel field must not shadow (besides the model_ prefix).
PYDANTIC_RESERVED = frozenset(
    {"copy", "dict", "json", "schema", "schema_json", "validate", "construct", "parse_obj", "parse_raw",
     "parse_file", "from_orm", "update_forward_refs", "fields", "fields_set"}
)  # fmt: skip
# Members of the generated error models (the runtime's ErrorModel and a catalog's ErrorBase).
PY_MODEL_MEMBERS = frozenset(
    {"code", "message", "retriable", "provenance", "is_error", "info", "create", "from_values", "code_info",
     "catalog_info", "to_payload", "to_result", "to_jsonrpc_error", "CODE", "wire_metadata"}
)  # fmt: skip
PY_CLASS_SUFFIX = "Error"

TS_RESERVED = frozenset(
    "break case catch class const continue debugger default delete do else enum export extends false finally for "
    "function if import in instanceof new null return super switch this throw true try typeof var void while with "
    "as implements interface let package private protected public static yield any boolean constructor declare get "
    "module require number set string symbol type from of unknown never object bigint undefined await async "
    "satisfies keyof infer is asserts readonly unique global accessor out".split()
)

_SEPARATORS = re.compile(r"[\W_]+")
_TS_IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def words(wire: str) -> list[str]:
    """Split a wire name into words at separators and camelCase boundaries."""
    if wire.isascii() and wire.islower() and wire.replace("_", "").isalnum():
        return [w for w in wire.split("_") if w]  # snake_case: no capital, so no camelCase boundary
    return split_words(wire)


def split_words(wire: str) -> list[str]:
    """`words` of any wire name, by the boundary rules themselves."""
    text = wire if wire.isascii() else unicodedata.normalize("NFKC", wire)
    parts = (_identifier_chars(p) for p in _SEPARATORS.split(_BOUNDARY.sub("_", text)))
    return [p for p in parts if p]


def _identifier_chars(part: str) -> str:
    if part.isascii() and part.isalnum():
        return part
    return "".join(ch for ch in part if ("a" + ch).isidentifier())


def _finish(ident: str, wire: str) -> str:
    if not ident:
        ident = "x" + "_".join(f"{ord(ch):x}" for ch in wire)
    if not ident[0].isidentifier():
        ident = "_" + ident
    return ident if ident.isascii() else unicodedata.normalize("NFKC", ident)


def _pascal(ws: list[str]) -> str:
    return "".join(w[:1].upper() + w[1:].lower() for w in ws)


def _snake(ws: list[str]) -> str:
    return "_".join(w.lower() for w in ws)


def _constant(ws: list[str]) -> str:
    return "_".join(w.upper() for w in ws)


def _camel(ws: list[str]) -> str:
    return ws[0].lower() + "".join(w[:1].upper() + w[1:].lower() for w in ws[1:]) if ws else ""


def pascal(wire: str) -> str:
    """``bad_request`` → ``BadRequest``."""
    return _finish(_pascal(words(wire)), wire)


def snake(wire: str) -> str:
    """``BadRequest`` → ``bad_request``."""
    return _finish(_snake(words(wire)), wire)


def constant(wire: str) -> str:
    """``bad-request`` → ``BAD_REQUEST``."""
    return _finish(_constant(words(wire)), wire)


def camel(wire: str) -> str:
    """``bad_request`` → ``badRequest``."""
    return _finish(_camel(words(wire)), wire)


def wire_key(name: str, casing: str) -> str:
    """The wire key of a catalog name: as written, or ``camel`` (``limit_bytes`` → ``limitBytes``)."""
    if casing != "camel":
        return name
    return _camel(words(name)) or name


def py_safe(ident: str) -> str:
    """Append ``_`` to a Python keyword or soft keyword (``class`` → ``class_``)."""
    return ident + "_" if keyword.iskeyword(ident) or keyword.issoftkeyword(ident) else ident


def py_attr(wire: str, snake_name: str | None = None) -> str:
    """Attribute name of a field on a generated error model (the wire name stays its alias).

    A `_` is appended to keywords, pydantic's reserved names and the models' own members
    (``to_result`` → ``to_result_``), as often as it takes.
    """
    ident = snake_name if snake_name is not None else snake(wire)
    if ident.startswith("_"):  # pydantic treats _names as private attributes
        ident = "f" + ident
    if ident.startswith("model_"):  # pydantic's protected namespace; a suffix would not leave it
        ident = "f_" + ident
    while ident in PYDANTIC_RESERVED or ident in PY_MODEL_MEMBERS or keyword.iskeyword(ident):
        ident += "_"
    return ident


def py_class(pascal_name: str) -> str:
    """The Python class of a code: ``<Pascal>Error``, ``Error`` not doubled, ``_`` after a builtin.

    ``invalid_input`` → ``InvalidInputError``, ``api_error`` → ``ApiError`` (not ``ApiErrorError``),
    ``timeout`` → ``TimeoutError_`` (never shadows the builtin).
    """
    name = pascal_name if pascal_name.endswith(PY_CLASS_SUFFIX) else pascal_name + PY_CLASS_SUFFIX
    return name + "_" if hasattr(builtins, name) else name


def py_module_safe(ident: str) -> str:
    """A module-level Python name that shadows no keyword or builtin."""
    return (
        ident + "_" if keyword.iskeyword(ident) or keyword.issoftkeyword(ident) or hasattr(builtins, ident) else ident
    )


def ts_safe(ident: str) -> str:
    """Append ``_`` to a TypeScript reserved word (``class`` → ``class_``)."""
    return ident + "_" if ident in TS_RESERVED else ident


def is_ts_identifier(wire: str) -> bool:
    """Whether `wire` can be written unquoted as a TS property name in every position."""
    return bool(_TS_IDENT.match(wire)) and wire not in {"__proto__", "constructor", "prototype"}


def names(wire: str) -> Names:
    """All derived identifiers of one wire name."""
    ws = words(wire)
    snake_name = _finish(_snake(ws), wire)
    pascal_name = _finish(_pascal(ws), wire)
    return Names(
        wire=wire,
        pascal=pascal_name,
        snake=snake_name,
        constant=_finish(_constant(ws), wire),
        camel=_finish(_camel(ws), wire),
        py_attr=py_attr(wire, snake_name),
        py_class=py_class(pascal_name),
        ts_ident=is_ts_identifier(wire),
    )
