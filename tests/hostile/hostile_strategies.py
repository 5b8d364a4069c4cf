"""Hypothesis strategies for hostile catalogs: arbitrary text everywhere, hostile names.

`catalog_data` draws a *valid* catalog as plain data whose every free-text field
(titles, messages, when, next actions, UI meanings, docs, descriptions, reasons,
example values, witness inputs) holds hostile text, and whose names may be
keywords, builtins, reserved words, ``__proto__``, leading digits or non-ASCII.
`to_yaml` writes it with every string double-quoted, so YAML cannot reinterpret
a string as a number, a boolean or a merge key: what the test drew is exactly
what errgen loads (the tests assert that too).
"""

from __future__ import annotations

import os
import unicodedata
from functools import cache
from typing import Any

import yaml
from conftest import examples
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

# Pieces that break naive escaping in at least one of the five output languages.
FRAGMENTS = (
    '"', "'", "\\", '"""', "'''", "*/", "/*", "/**", "//", "#", "${x}", "${", "`", "```", "~~~",
    "{{ 7*7 }}", "{% if true %}x{% endif %}", "{# c #}", "{{", "}}", "|", "||", "\n", "\r\n", "\r", "\t",
    "\x00", "\x07", "\x08", "\x0b", "\x0c", "\x1b[31m", "\x7f", "\x85", "\xa0", "\u2028", "\u2029",
    "\u202e", "\u2066", "\u2069", "\u200b", "\u200d", "\u2060", "\ufeff", "\ufffe", "\uffff", "\U0010ffff",
    "\U0001f600", "\u0301", "e\u0301", "\ufb01", "\u0130", "\u05d0\u05d1", "\u0627\u0644", "<script>alert(1)</script>",
    "<x-evil>", "</x-evil>", "<br>", "<!--", "-->", "&amp;", "&lt;", "&#x41;", "- ", "1. ", "> ", "---", "===",
    "    ", "*", "**", "_", "__", "~", "[a](javascript:alert(1))", "![i](x)", "<https://x>", "\\n", "\\u0000",
    "\\x00", "%s", "%(x)s", "{0}", "$1", "$&", "\\g<0>", "#{x}", "<%= x %>", "@", "\\`", "`${1}`", "</script>",
    "-- ", ";", "\x00\x00", "'\"", "\"'", "\\\"", "\\'", "?>", "]]>", "0x1F", "1e3", "yes", "null", "~",
    "__proto__", "constructor", "NaN", "-0", "  ", " ",
)  # fmt: skip

# Wire names that are keywords, soft keywords, builtins or reserved somewhere, or that
# derive odd identifiers (leading digits, non-ASCII, case and separator variants).
HOSTILE_NAMES = (
    "class", "None", "True", "False", "match", "case", "type", "_", "def", "return", "lambda", "yield",
    "async", "await", "print", "list", "dict", "str", "id", "object", "self", "cls", "super", "__init__",
    "__class__", "__dict__", "__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "prototype",
    "delete", "new", "function", "var", "let", "enum", "interface", "default", "export", "import", "this",
    "null", "undefined", "NaN", "Infinity", "arguments", "eval", "Error", "Object", "Symbol", "Promise",
    "Array", "string", "number", "boolean", "any", "never", "unknown", "keyof", "satisfies", "schema",
    "json", "copy", "fields", "validate", "model_config", "model_dump", "model_fields", "0", "404", "1abc",
    "9-lives", "2fa", "\u043e\u0448\u0438\u0431\u043a\u0430", "\u540d\u524d", "caf\u00e9", "Stra\u00dfe",
    "\u01c5emo", "\ufb01le", "\u210chello", "\u00b5", "\u0130d", "\u0663x", "x.y", "a-b", "a__b", "A_B", "aB",
    "ABC", "HTTPError", "http_error", "_private", "__dunder__", "x_", "class_", "None_", "Z", "z",
)  # fmt: skip

# Property tests: the profile of tests/conftest.py decides the examples (the same ones on every run, or fresh
# ones with ERRGEN_EXPLORE=1); in CI no shrinking (a failure is reported at once, not after minutes of it).
_CI = bool(os.environ.get("CI"))
PROPERTY = settings(
    max_examples=examples(int(os.environ.get("ERRGEN_HOSTILE_EXAMPLES", "40"))),
    phases=[p for p in Phase if p is not Phase.shrink] if _CI else list(Phase),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

RESERVED_FIELDS = frozenset({"code", "message", "provenance", "isError", "retriable", "_meta"})
MAX_SAFE = 2**53 - 1


@cache
def hostile_text(max_parts: int = 6) -> st.SearchStrategy[str]:
    """Any Unicode text, biased towards fragments that break escaping."""
    part = st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6))
    return st.lists(part, max_size=max_parts).map("".join)


@cache
def nonempty_text() -> st.SearchStrategy[str]:
    """Hostile text with at least one character."""
    return hostile_text().filter(bool)


@cache
def random_wire_name() -> st.SearchStrategy[str]:
    """A name matching the catalog schema's identifier pattern (Unicode ``\\w``)."""
    return st.from_regex(r"\A\w[\w.\-]{0,12}\Z", fullmatch=True)


@cache
def wire_name() -> st.SearchStrategy[str]:
    """A hostile name: keyword, builtin, reserved word, leading digit, non-ASCII, or random."""
    return st.one_of(st.sampled_from(HOSTILE_NAMES), random_wire_name())


def name_key(name: str) -> str:
    """What a name keeps after any identifier conversion: its letters and digits, case-folded."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", name) if ch.isalnum()).casefold()


@cache
def distinct_names(min_size: int, max_size: int, exclude: frozenset[str] = frozenset()) -> st.SearchStrategy[list[str]]:
    """Names that no conversion can merge (distinct letters-and-digits keys)."""
    names = wire_name().filter(lambda n: n not in exclude and name_key(n) != "")
    return st.lists(names, min_size=min_size, max_size=max_size, unique_by=name_key)


@cache
def json_scalars() -> st.SearchStrategy[Any]:
    """JSON scalars whose numbers are exact in every language (|n| ≤ 2**53 - 1)."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-MAX_SAFE, MAX_SAFE),
        st.floats(allow_nan=False, allow_infinity=False),
        hostile_text(3),
    )


@cache
def json_values() -> st.SearchStrategy[Any]:
    """Small JSON values with hostile strings and keys."""
    return st.recursive(
        json_scalars(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile_text(3), inner, max_size=3),
        max_leaves=6,
    )


FIELD_TYPES = ("string", "integer", "number", "boolean", "array", "object", "range", "any")
ITEM_TYPES = ("string", "integer", "number", "boolean")


def field_spec(draw: st.DrawFn) -> dict[str, Any]:
    """One field declaration with a hostile description."""
    ftype = draw(st.sampled_from(FIELD_TYPES))
    spec: dict[str, Any] = {"type": ftype}
    if ftype == "array":
        spec["items"] = draw(st.sampled_from(ITEM_TYPES))
    if draw(st.booleans()):
        spec["description"] = draw(hostile_text())
    return spec


@cache
def _scalar_of(kind: str) -> st.SearchStrategy[Any]:
    return {
        "string": hostile_text(),
        "integer": st.integers(-MAX_SAFE, MAX_SAFE),
        "number": st.integers(-MAX_SAFE, MAX_SAFE) | st.floats(allow_nan=False, allow_infinity=False),
        "boolean": st.booleans(),
    }[kind]


def value_of(spec: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A value of a field's type."""
    return _value_of(spec["type"], spec.get("items"))


@cache
def _value_of(kind: str, items: str | None) -> st.SearchStrategy[Any]:
    if kind in ITEM_TYPES:
        return _scalar_of(kind)
    if kind == "array":
        return st.lists(_scalar_of(items or "string"), max_size=3)
    if kind == "object":
        return st.dictionaries(hostile_text(3), json_values(), max_size=3)
    if kind == "range":
        bound = _scalar_of("number")
        return st.fixed_dictionaries({}, optional={"min": bound, "max": bound}).filter(bool)
    return json_values().filter(lambda value: value is not None)  # null: "not given", no example value


def message_template(draw: st.DrawFn, placeholders: list[str]) -> str:
    """A valid message template: hostile literal text (braces doubled) and {placeholders}."""
    parts = draw(st.lists(st.one_of(hostile_text(3), st.sampled_from(placeholders or [""])), min_size=1, max_size=5))
    out = []
    for part in parts:
        if part in placeholders:
            out.append("{" + part + "}")
        else:
            out.append(part.replace("{", "{{").replace("}", "}}"))
    text = "".join(out)
    return text or "x"


def placeholder_safe(name: str) -> bool:
    """Whether `name` can appear as ``{name}`` in a message template."""
    return name == name.strip() and "{" not in name and "}" not in name


@st.composite
def catalog_data(draw: st.DrawFn, *, names: st.SearchStrategy[list[str]] | None = None) -> dict[str, Any]:
    """A valid catalog as plain data, hostile in every free-text field and name."""
    field_names = draw(distinct_names(0, 4, exclude=RESERVED_FIELDS))
    fields = {name: field_spec(draw) for name in field_names}
    kinds = {name: _kind(draw) for name in draw(distinct_names(0, 2))}
    code_ids = draw(names if names is not None else distinct_names(1, 4))
    codes = {cid: _code(draw, cid, fields, kinds, code_ids) for cid in code_ids}
    data: dict[str, Any] = {
        "errgen": 1,
        "catalog": _meta(draw),
        "envelope": draw(
            st.fixed_dictionaries(
                {},
                optional={
                    k: st.booleans()
                    for k in (
                        "structured_content",
                        "mirror_is_error",
                        "tool_failure_meta",
                        "retriable_field",
                        "provenance",
                    )
                },
            )
        ),
    }
    if fields:
        data["fields"] = fields
    if kinds:
        data["kinds"] = kinds
        data["default_kind"] = draw(st.sampled_from(list(kinds)))
        data["classification"] = {"http": [{"status": "5xx", "kind": draw(st.sampled_from(list(kinds)))}]}
        if draw(st.booleans()):
            data["policies"] = {
                name: {
                    "description": draw(hostile_text()),
                    "terminate_on": draw(st.lists(st.sampled_from(list(kinds)), unique=True)),
                }
                for name in draw(distinct_names(1, 2))
            }
    data["codes"] = codes
    retired = [r for r in draw(distinct_names(0, 2)) if name_key(r) not in {name_key(c) for c in code_ids}]
    if retired:
        data["retired"] = {rid: {"reason": draw(hostile_text()), "since": "0.1.0"} for rid in retired}
    return data


def _meta(draw: st.DrawFn) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "name": draw(st.from_regex(r"\A[a-z][a-z0-9_]{0,10}\Z", fullmatch=True)),
        "version": draw(st.sampled_from(["1.0.0", "0.0.1", "2.10.3-rc.1", "1.0.0+build.5"])),
    }
    for key in ("title", "description"):
        if draw(st.booleans()):
            meta[key] = draw(hostile_text())
    return meta


def _kind(draw: st.DrawFn) -> dict[str, Any]:
    return {"description": draw(hostile_text()), "retryable": draw(st.booleans())}


def _code(
    draw: st.DrawFn, cid: str, fields: dict[str, Any], kinds: dict[str, Any], all_ids: list[str]
) -> dict[str, Any]:
    carried = draw(st.lists(st.sampled_from(list(fields)), unique=True)) if fields else []
    split = draw(st.integers(0, len(carried)))
    required, optional = carried[:split], carried[split:]
    holes = [f for f in fields if placeholder_safe(f)]
    spec: dict[str, Any] = {"message": message_template(draw, holes)}
    for key in ("title", "when", "next_action", "ui_meaning", "docs"):
        if draw(st.booleans()):
            spec[key] = draw(hostile_text())
    if draw(st.booleans()) and kinds:
        spec["kind"] = draw(st.sampled_from(list(kinds)))
    spec["retriable"] = draw(st.sampled_from(["yes", "no", "conditional"]))
    spec["recoverable"] = draw(st.sampled_from(["yes", "no", "sometimes"]))
    shown = [f for f in _placeholders(spec["message"]) if f not in carried]  # message-only values, listed as such
    if required or optional or shown:
        spec["fields"] = {"required": required, "optional": optional} | ({"message_only": shown} if shown else {})
    if draw(st.integers(0, 5)) == 0:
        spec["deprecated"] = {"reason": draw(hostile_text()), "replaced_by": draw(st.sampled_from(all_ids))}
        if spec["deprecated"]["replaced_by"] == cid:
            del spec["deprecated"]["replaced_by"]
    if draw(st.integers(0, 5)) == 0:
        spec["witness"] = {
            "tool": draw(nonempty_text()),
            "input": draw(st.dictionaries(hostile_text(3), json_values(), max_size=2)),
        }
    allowed = carried + shown
    examples = []
    for _ in range(draw(st.integers(0, 2))):
        chosen = required + draw(st.lists(st.sampled_from(allowed), unique=True) if allowed else st.just([]))
        examples.append({name: draw(value_of(fields[name])) for name in dict.fromkeys(chosen)})
    if examples:
        spec["examples"] = examples
    return spec


def _placeholders(template: str) -> list[str]:
    from errgen.catalog.messages import placeholders

    return list(placeholders(template))


class _QuotedDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Emits every string double-quoted (escapes for control and invisible characters)."""


def _quoted(dumper: Any, data: str) -> Any:
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style='"')


_QuotedDumper.add_representer(str, _quoted)


def to_yaml(data: Any) -> str:
    """YAML text that loads back to exactly `data`."""
    return yaml.dump(data, Dumper=_QuotedDumper, allow_unicode=True, sort_keys=False, width=2**30)
