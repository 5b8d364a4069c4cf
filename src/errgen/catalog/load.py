"""Stage 1: read a catalog file and check its shape against the catalog schema.

Schema violations are mapped back to the YAML node they concern; unknown keys get
a did-you-mean. Returns the positioned `Document` for the compiler, or None when
the file could not be parsed at all. A document with violations is still returned,
its rejected nodes listed in `Document.rejected`: the compiler checks the well-formed
rest, so one run reports the mistakes of every level.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any

from errgen.catalog.catalog_schema import PATTERN_NAMES
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.yamlsrc import Document, JsonPath, load_yaml, parse_yaml


@lru_cache(maxsize=1)
def _fast_validator() -> Any:
    """jsonschema-rs: answers "valid?" in milliseconds for large catalogs."""
    import jsonschema_rs

    from errgen.catalog.catalog_schema import SCHEMA

    return jsonschema_rs.Draft202012Validator(SCHEMA)


@lru_cache(maxsize=1)
def _validator() -> Any:
    """jsonschema: slower, used only to explain an invalid catalog error by error."""
    import jsonschema

    from errgen.catalog.catalog_schema import SCHEMA

    return jsonschema.Draft202012Validator(SCHEMA)


def load_catalog(path: Path, display: str, diags: Diagnostics) -> Document | None:
    """Load one catalog file and report every shape problem in it; the files it refers to are read beside it."""
    from errgen.catalog.schema_files import FolderFiles

    doc = load_yaml(path, display, diags)
    if doc is not None:
        shown = PurePosixPath(display).parent.as_posix()
        doc.files = FolderFiles(path.parent, "" if shown == "." else shown)
    checked = None if doc is None else check_shape(doc, diags)
    if checked is not None:
        checked.source = path  # the compiler reads its translation files beside it
    return checked


def load_catalog_text(text: str, display: str, diags: Diagnostics) -> Document | None:
    """Like `load_catalog`, from text already in memory."""
    doc = parse_yaml(text, display, diags)
    return None if doc is None else check_shape(doc, diags)


def check_shape(doc: Document, diags: Diagnostics) -> Document | None:
    """Validate `doc` against the catalog schema, reporting every violation.

    Returns `doc` with its rejected nodes marked (`Document.rejected`), or None when
    nothing of it can be compiled (empty, or not a mapping).
    """
    if doc.data is None:
        diags.error(doc.loc(()), "catalog is empty; expected a mapping with 'errgen', 'catalog' and 'codes'")
        return None
    if _fast_validator().is_valid(doc.data):
        return doc
    errors = list(_validator().iter_errors(doc.data))  # their order does not show: diagnostics print sorted
    if not errors:  # the two validators disagree: never let an invalid shape through silently
        diags.error(doc.loc(()), "catalog does not match the catalog schema (run `errgen schema` to see it)")
        return None
    leaves = list(_leaves(errors))
    for error in leaves:
        _report(doc, error, diags)
    doc.rejected = frozenset(path for error in leaves for path in _rejected(error))
    return None if () in doc.rejected else doc


def _leaves(errors: Iterable[Any]) -> Iterable[Any]:
    """Descend into oneOf failures (their alternatives' errors are its `context`) to the most specific error."""
    for error in errors:
        if error.context:
            deepest = max(len(e.absolute_path) for e in error.context)
            if deepest > len(error.absolute_path):
                yield from _leaves(e for e in error.context if len(e.absolute_path) == deepest)
                continue
        yield error


def _rejected(error: Any) -> Iterable[JsonPath]:
    """The nodes an error makes unusable: an unknown or a missing key, else the node itself."""
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties":
        return [(*path, key) for key in error.instance if key not in error.schema.get("properties", {})]
    if error.validator == "required":
        return [(*path, key) for key in error.validator_value if key not in error.instance]
    if _names_key(error):
        return [(*path, error.instance)]
    return [path]


def _names_key(error: Any) -> bool:
    """Whether `error` is about a mapping key (a ``propertyNames`` violation), not a value."""
    return tuple(error.schema_path)[-2:-1] == ("propertyNames",)


def _report(doc: Document, error: Any, diags: Diagnostics) -> None:
    path = tuple(error.absolute_path)
    where = "/".join(_printable(str(p)) for p in path) or "the top level"
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        for key in sorted(set(error.instance) - set(allowed)):
            hint = difflib.get_close_matches(key, allowed)  # the closest first
            tip = f"; did you mean {hint[0]!r}?" if hint else f"; expected one of: {', '.join(allowed)}"
            diags.error(doc.key_loc((*path, key)), f"unknown key {_printable(repr(key))} in {where}{tip}")
    elif error.validator == "required":
        missing = [k for k in error.validator_value if k not in error.instance]
        diags.error(doc.loc(path), f"{where}: missing required key {', '.join(repr(k) for k in missing)}")
    elif _names_key(error):
        diags.error(doc.key_loc((*path, error.instance)), f"invalid name in {where}: {_printable(_why(error))}")
    else:
        diags.error(doc.loc(path), f"{where}: {_why(error)}")


def _printable(text: str) -> str:
    """`text` with control characters escaped, so a message stays on one line."""
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")


def _why(error: Any) -> str:
    if error.validator == "pattern":
        wanted = PATTERN_NAMES.get(error.validator_value, "in the format docs/catalog-format.md describes")
        return f"{error.instance!r} is not {wanted}"
    if error.validator == "minLength":
        return "must not be empty"
    if error.validator == "minProperties":
        return "needs at least one entry"
    if error.validator == "oneOf" and "description" in error.schema:
        wanted = error.schema["description"].split(". ")[0].removesuffix(".")  # its first sentence
        return f"expected {wanted[:1].lower()}{wanted[1:]}, got {_got(error.instance)}"
    if error.validator == "oneOf":
        options = [_describe(s) for s in error.validator_value]
        return f"expected {' or '.join(options)}, got {_got(error.instance)}"
    if error.validator in ("type", "enum", "const"):
        return f"expected {_describe(error.schema)}, got {_got(error.instance)}"
    return str(error.message)


def _describe(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        return "one of " + ", ".join(repr(v) for v in schema["enum"])
    if "const" in schema:
        return repr(schema["const"])
    kind = schema.get("type", "value")
    kind = {"object": "mapping", "array": "list"}.get(kind, kind)
    if kind == "list" and isinstance(schema.get("items"), dict) and "type" in schema["items"]:
        return f"a list of {schema['items']['type']}s"
    return f"{'an' if str(kind)[0] in 'aeiou' else 'a'} {kind}"


def _json_type(value: Any) -> str:
    names = {bool: "boolean", int: "integer", float: "number", str: "string", list: "list", dict: "mapping"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _got(value: Any) -> str:
    """``string 'x'``, ``integer 3``, ``null``: the type of a rejected value and the value."""
    return "null" if value is None else f"{_json_type(value)} {_short(value)}"


def _short(value: Any) -> str:
    text = str(value).lower() if isinstance(value, bool) else repr(value)  # YAML spells booleans true, false
    return text if len(text) <= 60 else text[:57] + "..."
