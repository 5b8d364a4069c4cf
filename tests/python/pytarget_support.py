"""Helpers of the Python-target tests: compile catalogs, generate and import their modules.

Modules are written under a temporary directory and imported under their own
name (registered in ``sys.modules``, which pickling and the lazy per-code classes
need). ``synthetic(n)`` builds an n-code catalog for the scale tests; ``NASTY`` is
a catalog of hostile names and texts, ``MINIMAL`` one code and nothing else.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import load_catalog, load_catalog_text
from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.python.target import generate

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ("workbook", "filetools", "napkin")


def compiled(doc: Any, diags: Diagnostics) -> Catalog:
    """The compiled catalog, or an AssertionError listing every diagnostic."""
    catalog = compile_catalog(doc, diags) if doc is not None else None
    assert catalog is not None, "\n".join(d.format() for d in diags.sorted())
    return catalog


def shipped(name: str) -> Catalog:
    """One of the catalogs in catalog/*.yaml."""
    diags = Diagnostics()
    return compiled(load_catalog(ROOT / "catalog" / f"{name}.yaml", f"catalog/{name}.yaml", diags), diags)


def from_text(text: str, display: str = "catalog/test.yaml") -> Catalog:
    """A catalog compiled from YAML text."""
    diags = Diagnostics()
    return compiled(load_catalog_text(text, display, diags), diags)


def sources(catalog: Catalog, module: str | None = None, cache: Path | None = None) -> tuple[str, dict[str, str]]:
    """(package name, {path below ``python/``: text}) of the generated package."""
    options = TargetOptions(python_module=module, black_cache=str(cache) if cache else None)
    files = {path.removeprefix("python/"): text for path, text in generate(catalog, options).items()}
    [name] = {path.split("/")[0] for path in files if path.endswith("/__init__.py")}
    return name, files


def source(catalog: Catalog, module: str | None = None, cache: Path | None = None) -> tuple[str, str]:
    """(package name, text of its ``__init__.py``: the catalog's content)."""
    name, files = sources(catalog, module, cache)
    return name, files[f"{name}/__init__.py"]


def write_files(files: Mapping[str, str], where: Path) -> Path:
    """Write a generation's ``python/`` files under `where`; the package folder."""
    packages = []
    for rel, text in files.items():
        if rel.startswith("python/"):
            target = where / rel.removeprefix("python/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            packages += [target.parent] if target.name == "__init__.py" else []
    [package] = packages
    return package


def write(catalog: Catalog, where: Path, module: str | None = None) -> Path:
    """Generate `catalog`'s package into `where`; its folder."""
    return write_files(generate(catalog, TargetOptions(python_module=module)), where)


def import_files(files: Mapping[str, str], where: Path, name: str | None = None) -> ModuleType:
    """Write a generation's ``python/`` files under `where`; import its package (as `name` when given)."""
    return import_path(write_files(files, where), name)


def load(catalog: Catalog, where: Path, module: str | None = None) -> ModuleType:
    """Generate `catalog`'s package into `where` and import it (fresh)."""
    return import_path(write(catalog, where, module))


def import_path(path: Path, name: str | None = None) -> ModuleType:
    """Import a package folder (or one file) as a fresh top-level module, named after it unless `name` is given."""
    name = name or path.stem
    forget(name)
    if path.is_dir():
        spec = importlib.util.spec_from_file_location(
            name, path / "__init__.py", submodule_search_locations=[str(path)]
        )
    else:
        spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def synthetic(n: int, name: str = "scale") -> str:
    """YAML of an n-code catalog mixing every field type, kinds, policies and mappings."""
    fields = {
        "field": {"type": "string", "description": "The argument."},
        "allowed": {"type": "array", "items": "string", "description": "Allowed values."},
        "limit": {"type": "integer", "description": "A limit."},
        "ratio": {"type": "number", "description": "A ratio."},
        "bounds": {"type": "range", "description": "Bounds."},
        "flag": {"type": "boolean", "description": "A flag."},
        "extra": {"type": "object", "description": "Details."},
        "original": {"type": "any", "description": "Upstream payload."},
        "status": {"type": "integer", "description": "HTTP status."},
    }
    shapes = [
        ({"required": ["field"], "optional": ["allowed", "bounds"]}, "argument '{field}' is invalid"),
        ({"required": ["limit"], "optional": ["ratio", "flag"]}, "limit {limit} exceeded ({ratio})"),
        ({"optional": ["extra", "original"]}, "something failed"),
        ({"required": ["status"], "optional": ["original"]}, "upstream failed with HTTP {status}"),
    ]
    kinds = ["Transient", "Permanent", "Auth", "Internal"]
    codes = {}
    for i in range(n):
        spec, message = shapes[i % len(shapes)]
        codes[f"E{i:05d}_{['bad_input', 'too_big', 'failed', 'upstream'][i % 4]}"] = {
            "message": message,
            "kind": kinds[i % len(kinds)],
            "retriable": "yes" if i % 4 == 3 else "no",
            "recoverable": ["yes", "no", "sometimes"][i % 3],
            "next_action": f"Do the thing number {i}.",
            "ui_meaning": "something to fix",
            "fields": spec,
        }
    first_upstream = next(c for c in codes if c.endswith("upstream"))
    doc = {
        "errgen": 1,
        "catalog": {"name": name, "version": "1.0.0", "title": f"{n} codes"},
        "envelope": {"retriable_field": True},
        "fields": fields,
        "kinds": {k: {"retryable": k == "Transient", "description": k} for k in kinds},
        "default_kind": "Internal",
        "policies": {"operator_safe": {"terminate_on": ["Auth", "Permanent"]}},
        "classification": {"http": [{"status": "5xx", "kind": "Transient"}, {"status": "4xx", "kind": "Permanent"}]},
        "mappings": {"http": [{"status": "5xx", "code": first_upstream, "retriable": True}], "default": first_upstream},
        "codes": codes,
    }
    return json.dumps(doc)  # JSON is YAML


MINIMAL = "errgen: 1\ncatalog: {name: minimal, version: 0.1.0}\ncodes:\n  failed: {message: the operation failed}\n"

NASTY = r"""
errgen: 1
catalog:
  name: nasty
  version: 0.1.0-rc.1+build.5
  title: "Quotes \" ' \"\"\" and back\\slashes \\ */ ${x} `tick` {{ x }}"
  description: "Line one\nline two\t\u200b\u202e RTL \u0000 end \\"
envelope:
  mirror_is_error: true
  tool_failure_meta: true
  retriable_field: true
fields:
  class: {type: string, description: "keyword \"class\""}
  None: {type: integer, description: "'None'"}
  match: {type: array, items: number, description: "soft keyword"}
  type: {type: boolean, description: "builtin"}
  str: {type: string, description: "shadows str"}
  cls: {type: string, description: "clashes with cls"}
  to_result: {type: string, description: "clashes with a method"}
  __proto__: {type: string, description: "JS"}
  constructor: {type: object, description: "JS"}
  2fa: {type: string, description: "leading digit"}
  größe: {type: number, description: "non-ASCII"}
  model_config: {type: string, description: "pydantic"}
  range: {type: range, description: "bounds"}
codes:
  class:
    message: "class {class} \"quoted\" '{None}' {{literal}} \\ {match}"
    when: "ends with a quote\""
    fields: {required: [class, None], optional: [match, type, str, cls]}
    examples: [{class: x, None: 1, match: [1.5, 2]}]
  None:
    message: "{to_result} {__proto__} {constructor}"
    title: "'''\"\"\""
    fields: {required: [to_result], optional: [__proto__, constructor, 2fa, größe, model_config, range]}
    examples: [{to_result: a, größe: 1.0e21, range: {max: 3}}]
  timeout:
    message: "timed out"
    fields: {optional: [range]}
  2fa-required:
    message: "{2fa} \u2028 \U0001F600 日本語のメッセージ"
    when: "非常に長い説明文がここに入ります。非常に長い説明文がここに入ります。非常に長い説明文がここに入ります。"
    fields: {required: [2fa]}
    deprecated: {since: 0.1.0, reason: "use \"class\"", replaced_by: class}
  protocol.fault:
    message: "internal fault"
    channel: protocol
    jsonrpc_code: -32603
  blank:
    message: "{str}"
    fields: {optional: [str]}
  shape-only:
    message: "not yet"
    deferred: true
    fields: {required: [str]}
"""


def forget(name: str) -> None:
    """Drop an imported package and its submodules from ``sys.modules``."""
    for loaded in [m for m in sys.modules if m.split(".")[0] == name]:
        del sys.modules[loaded]
