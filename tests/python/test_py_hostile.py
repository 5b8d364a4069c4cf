"""Hostile catalogs (hypothesis): any text and awkward names still give a black-clean module
that imports, keeps every text exactly, and builds, sends and parses back every error."""

from __future__ import annotations

import itertools
import json
import os
import warnings
from pathlib import Path
from typing import Any

import black
import pytarget_support as support
import yaml
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from errgen.targets.python import formatting
from errgen.targets.python.target import render_package

FRAGMENTS = (
    '"', "'", "\\", '"""', "'''", "*/", "${x}", "`", "{{ 7*7 }}", "{% if x %}", "{#", "\n", "\r\n", "\t", "\x00",
    "\x1b[31m", "\x7f", "\x85", "\u2028", "\u202e", "\u200b", "\ufeff", "\U0001f600", "e\u0301", "日本語",
    "<script>", "#", "%s", "{0}", "$1", "\\g<0>", "  ", "\\n", "\\u0000", "yes", "null", "ends with quote\"",
)  # fmt: skip
CODE_IDS = ("class", "None", "match", "__proto__", "constructor", "2fa", "größe", "x.y", "toString", "model_dump",
            "type", "Error", "self", "404", "timeout", "value")  # fmt: skip
FIELD_NAMES = ("class", "None", "match", "type", "str", "cls", "to_result", "__proto__", "constructor", "2fa",
               "größe", "model_config", "range", "self", "list", "object", "info", "create")  # fmt: skip
TYPES = ("string", "integer", "number", "boolean", "array", "object", "range", "any")
VALUES: dict[str, Any] = {
    "string": "s'\"\\", "integer": 7, "number": 2.5, "boolean": True, "array": ["a", "b"], "object": {"k": [1]},
    "range": {"max": 3}, "any": {"nested": None},
}  # fmt: skip
MODE = black.Mode(target_versions={black.TargetVersion.PY311})

text = st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=8), max_size=6).map("".join)


@st.composite
def catalogs(draw: st.DrawFn) -> dict[str, Any]:
    fields = draw(st.lists(st.sampled_from(FIELD_NAMES), unique=True, max_size=5))
    types = {f: draw(st.sampled_from(TYPES)) for f in fields}
    declared = {
        f: {"type": t, "description": draw(text), **({"items": "string"} if t == "array" else {})}
        for f, t in types.items()
    }
    codes = {}
    for cid in draw(st.lists(st.sampled_from(CODE_IDS), unique=True, min_size=1, max_size=4)):
        own = draw(st.lists(st.sampled_from(fields), unique=True, max_size=3)) if fields else []
        split = draw(st.integers(0, len(own)))
        literal = draw(text).replace("{", "{{").replace("}", "}}")
        codes[cid] = {
            "title": draw(text) or "t",
            "when": draw(text),
            "message": (literal + "".join(f"{{{f}}}" for f in own)) or "m",
            "next_action": draw(text),
            "ui_meaning": draw(text),
            "deferred": draw(st.booleans()),
            "fields": {"required": own[:split], "optional": own[split:]},
        }
    return {
        "errgen": 1,
        "catalog": {"name": "hostile", "version": "1.0.0", "title": draw(text) or "x", "description": draw(text)},
        "envelope": {k: draw(st.booleans()) for k in ("mirror_is_error", "tool_failure_meta", "retriable_field")},
        "fields": declared,
        "codes": codes,
    }


@settings(
    max_examples=examples(int(os.environ.get("ERRGEN_HOSTILE_EXAMPLES", "12"))),  # black costs ~0.3 s per example
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(catalogs())
def test_hostile_catalogs(tmp_path_factory: Any, data: dict[str, Any]) -> None:
    source = yaml.safe_dump(data, default_style='"', allow_unicode=True, sort_keys=False)
    catalog = support.from_text(source, "catalog/hostile.yaml")
    rendered = render_package(catalog, "hostile_errors")
    module_text = formatting.format_python(rendered)  # what the target emits: black only where needed
    assert black.format_str(module_text, mode=MODE) == module_text
    assert black.format_str(rendered, mode=MODE) == module_text
    where: Path = tmp_path_factory.mktemp("hostile")
    mod = support.load(catalog, where, "hostile_errors")
    assert (mod.TITLE, mod.DESCRIPTION) == (data["catalog"]["title"], data["catalog"]["description"])
    for cid, spec in data["codes"].items():
        info = mod.CODES[cid]
        assert (info.title, info.when, info.message, info.ui_meaning) == (
            spec["title"], spec["when"], spec["message"], spec["ui_meaning"],
        )  # fmt: skip
        cls = mod.model_for(cid)
        assert getattr(mod, info.class_name) is cls
        values = {f: VALUES[data["fields"][f]["type"]] for f in itertools.chain(*spec["fields"].values())}
        params = {mod.FIELDS[f].attr: v for f, v in values.items()}
        if spec["deferred"]:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            err = cls.create(**params)
        result = err.to_result()
        assert result["isError"] is True and result["content"][0]["text"].startswith(f"{cid}: ")
        assert mod.parse_result(result) == err
        assert mod.validate_error(json.loads(mod.to_json(err.to_payload()))) == err
