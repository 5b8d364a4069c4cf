"""One run reports every mistake: a shape mistake no longer hides the cross-reference checks.

Every node of a catalog that uses every section is broken in turn (replaced by a value
of the wrong type, or removed). Each time errgen must not crash, and when the shape check
rejects the node it must still report an unrelated mistake elsewhere (the probe: a code
whose message names an undeclared field) and nothing else: no follow-up error about what
merely refers to the broken node. `tests/cases/bad_mistakes_of_every_level` is the same
promise through the command line.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from conftest import ROOT

from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import check_shape
from errgen.catalog.yamlsrc import Document, JsonPath

RICH = """
errgen: 1
catalog: {name: rich, version: 1.2.0, title: Rich, description: every section, docs_url: "https://x.test", prefix: Rich}
envelope: {structured_content: true, mirror_is_error: true, tool_failure_meta: true, retriable_field: true}
fields:
  field: {type: string, description: the argument}
  allowed: {type: array, items: string}
  status: {type: integer}
  original: {type: any}
  limit: {type: number}
  span: {type: range}
kinds:
  Transient: {retryable: true, max_attempts: 3, initial_backoff_ms: 100, description: retry it}
  Permanent: {retryable: false}
  Internal: {retryable: false}
default_kind: Internal
policies:
  strict: {terminate_on: [Permanent, Internal], description: stop}
classification:
  http:
    - {status: 429, retry_after: true, kind: Transient}
    - {status: [500, 502], kind: Transient}
    - {status: 4xx, kind: Permanent}
  failures: {timeout: Transient, decode: Permanent}
mappings:
  http:
    - {status: 404, code: not_found}
    - {status: 5xx, code: upstream, retriable: true}
  failures:
    timeout: {code: not_found, retriable: true}
  default: upstream
codes:
  bad_input:
    title: Bad input
    when: the argument is wrong
    message: "argument '{field}' must be one of {allowed} (limit {limit})"
    kind: Permanent
    retriable: no
    recoverable: yes
    next_action: Fix it.
    ui_meaning: fix it
    http_status: 400
    since: 1.0.0
    fields: {required: [field], optional: [allowed, span], message_only: [limit]}
    examples: [{field: unit, allowed: [kg, lb], limit: 3}]
    witness: {tool: compute, input: {unit: stone}}
    docs: Long text.
  not_found:
    message: not found
    kind: Permanent
    fields: {optional: [status, original]}
    examples: [{status: 404}]
  upstream:
    message: "upstream failed with {status}"
    kind: Transient
    retriable: conditional
    fields: {required: [status], optional: [original]}
    examples: [{status: 503}]
  old_input:
    message: old
    deprecated: {since: 1.1.0, replaced_by: bad_input, reason: renamed}
  shape_only:
    message: later
    deferred: true
  rpc_fault:
    message: internal fault
    channel: protocol
    jsonrpc_code: -32603
retired:
  gone: {since: 1.1.0, reason: removed, replaced_by: not_found}
tools:
  every_tool: [rpc_fault]
  groups:
    lookups: [not_found, {kind: Transient}]
  by_name:
    compute:
      description: compute it
      errors: [bad_input, {group: lookups}]
      output_schema: {type: object, properties: {total: {type: number}}}
      output_root: any
      input_schema: {type: object}
    stat:
      errors: [{kind: Permanent}]
      output_schema: {type: array}
      output_root: any
"""
PROBE = {"message": "{no_such_field} is wrong"}
PROBE_ERROR = "placeholder {no_such_field} is not a declared field"
REMOVE = object()


def _nodes(data: Any, path: JsonPath = ()) -> Iterator[JsonPath]:
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield (*path, key)
        yield from _nodes(value, (*path, key))


def _broken(data: Any, path: JsonPath, value: Any) -> Any:
    data = copy.deepcopy(data)
    node = data
    for part in path[:-1]:
        node = node[part]
    if value is REMOVE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


def _mutations(data: Any) -> Iterator[tuple[JsonPath, Any]]:
    for path in _nodes(data):
        yield path, "wrong" if isinstance(_value(data, path), float) else 1.5
        if isinstance(path[-1], str):
            yield path, REMOVE


def _value(data: Any, path: JsonPath) -> Any:
    for part in path:
        data = data[part]
    return data


def _catalogs() -> list[tuple[str, Any]]:
    napkin = yaml.safe_load((ROOT / "catalog" / "napkin.yaml").read_text(encoding="utf-8"))
    return [("rich", yaml.safe_load(RICH)), ("napkin", napkin)]


@pytest.mark.parametrize(("name", "data"), _catalogs(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_broken_node_hides_no_other_mistake_and_causes_none(name: str, data: Any) -> None:
    clean = Diagnostics()
    checked = check_shape(Document(name, copy.deepcopy(data)), clean)
    assert checked is not None and compile_catalog(checked, clean) is not None, [d.format() for d in clean.items]
    for path, value in _mutations(data):
        broken = _broken(data, path, value)
        if isinstance(broken.get("codes"), dict):
            broken["codes"]["zz_probe"] = PROBE
        diags = Diagnostics()
        doc = check_shape(Document(name, broken), diags)
        shape = [d.format() for d in diags.items]
        catalog = compile_catalog(doc, diags) if doc is not None else None
        follow_ups = [d.message for d in diags.items[len(shape) :]]
        what = f"{'/'.join(map(str, path))} {'removed' if value is REMOVE else f'= {value!r}'}"
        if not shape:  # still a valid shape: what the compiler says is ordinary checking
            continue
        assert catalog is None, what
        probe_visible = isinstance(broken.get("codes"), dict) and isinstance(broken.get("fields", {}), dict)
        expected = [m for m in follow_ups if m.startswith(PROBE_ERROR)] if probe_visible else []
        assert follow_ups == expected and len(expected) == probe_visible, f"{what}: {shape} then {follow_ups}"
