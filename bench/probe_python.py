"""Measure a generated Python package, or its peer's module, from inside a fresh interpreter; prints one JSON object.

    python bench/probe_python.py import        MODULE_DIR MODULE
    python bench/probe_python.py validate      MODULE_DIR MODULE CATALOG_JSON
    python bench/probe_python.py peer-import   MODULE_DIR MODULE
    python bench/probe_python.py peer-validate MODULE_DIR MODULE CATALOG_JSON
    python bench/probe_python.py passes        MODULE_DIR MODULE CATALOG_JSON WARM N [FUNCTION]

MODULE is errgen's package (``MODULE_DIR/MODULE/__init__.py`` and ``_runtime.py``)
or, for ``peer-*``, datamodel-code-generator's module for the same JSON Schema
(``MODULE_DIR/MODULE.py``, a root model over the union of one model per code).

``import``: seconds to import pydantic, then the package (the two add up to its
import cost in a process that has not loaded pydantic yet), with the bytecode of
every file of the package cached; compiling that bytecode is timed separately.
``peer-import``: the same for the peer's module, then building a pydantic
``TypeAdapter`` over its union of models, discriminated by ``code`` (what a
server does before it can validate); ``total_s`` includes the adapter.
``validate``: builds one payload per catalog example (``docs/runtime-contract.md``
§1: code, rendered message, repair fields, provenance), times the very first
parse of the process (``first_parse_s``: what the first request after start-up
pays, the deferred models and the adapter included), parses all, checks every
one comes back as its own typed error (not the unknown branch), then times
``parse_error`` and ``validate_error``: µs per payload, median of 5 timeit repeats.
``peer-validate``: the same payloads through the peer's adapter
(``validate_python``), checked to come back as the model of their code; the first
parse is timed after import and adapter, as a server would have them.
The bench runs each once per run, each in a fresh process, and takes the median.
``passes``: parses the payloads of ``validate`` WARM times, then N more times, and
prints nothing: for ``bench/instr.py`` and ``bench/instructions.sh --validate``, which
count the machine instructions of N passes as the difference of two runs. FUNCTION is
errgen's ``parse_error`` or ``validate_error`` (default: the module's parser), or ``peer``
for the peer's ``TypeAdapter``.
"""

from __future__ import annotations

import gc
import importlib
import json
import py_compile
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Parsers tried in order: a payload-level one if the module has it, else the
# tool-result parser of the runtime contract (§3) on a structuredContent result.
PAYLOAD_PARSERS = ("parse_payload", "parse_error", "validate_payload")
RESULT_PARSER = "parse_result"
TIMED = ("parse_error", "validate_error")  # errgen's payload functions timed by ``validate``


def _compile(module_dir: str, name: str) -> None:
    """Byte-compile every file of the package `name` (or the single module ``name.py``)."""
    package = Path(module_dir) / name
    files = sorted(package.glob("*.py")) if package.is_dir() else [Path(module_dir) / f"{name}.py"]
    for file in files:
        py_compile.compile(str(file), doraise=True)


def probe_import(module_dir: str, name: str, peer: bool = False) -> dict[str, Any]:
    sys.path.insert(0, module_dir)
    compiled = time.perf_counter()
    # Bytecode is cached, as on every start of a server after its first (or after pip install),
    # even where PYTHONDONTWRITEBYTECODE is set; compiling it is reported on its own.
    _compile(module_dir, name)
    start = time.perf_counter()
    import pydantic  # noqa: F401

    loaded = time.perf_counter()
    module = importlib.import_module(name)
    done = time.perf_counter()
    out = {"pydantic_s": loaded - start, "module_s": done - loaded, "compile_s": start - compiled}
    if peer:
        peer_adapter(module)
        out["adapter_s"] = time.perf_counter() - done
    return out | {"total_s": time.perf_counter() - start}


def peer_adapter(module: Any) -> Any:
    """A ``TypeAdapter`` over the union of the peer module's models, discriminated by ``code``."""
    from typing import Annotated, Union

    from pydantic import Field, RootModel, TypeAdapter

    roots = [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, RootModel)]
    root = roots[-1]  # datamodel-codegen writes the schema's root last
    root.model_rebuild()
    members = root.model_fields["root"].annotation
    union: Any = Annotated[Union[members], Field(discriminator="code")]  # noqa: UP007
    return TypeAdapter(union)


def payloads(catalog_json: Path) -> list[dict[str, Any]]:
    """One payload per example of every constructible tool-channel code."""
    from errgen.catalog.messages import render

    data = json.loads(catalog_json.read_text(encoding="utf-8"))
    provenance = {"catalog": data["catalog"]["name"], "version": data["catalog"]["version"],
                  "fingerprint": data["fingerprint"]}  # fmt: skip
    envelope = data["envelope"]
    out: list[dict[str, Any]] = []
    for code in data["codes"]:
        if code["deferred"] or code["channel"] != "tool":
            continue
        fields = [*code["fields"]["required"], *code["fields"].get("optional", [])]
        for values in code["examples"]:
            payload: dict[str, Any] = {"code": code["id"], "message": render(code["message"], values) or code["id"]}
            if envelope["retriable_field"]:
                payload["retriable"] = code["retriable"] == "yes"
            payload.update({f: values[f] for f in fields if f in values})
            if envelope["provenance"]:
                payload["provenance"] = provenance
            if envelope["mirror_is_error"]:
                payload["isError"] = True
            out.append(payload)
    return out


def parser(module: Any) -> tuple[str, Any]:
    """The module's parser as ``(name, payload -> error)``."""
    for name in PAYLOAD_PARSERS:
        if callable(getattr(module, name, None)):
            return name, getattr(module, name)
    parse_result = module.parse_result

    def via_result(payload: dict[str, Any]) -> Any:
        return parse_result({"isError": True, "content": [{"type": "text", "text": payload["message"]}],
                             "structuredContent": payload})  # fmt: skip

    return RESULT_PARSER, via_result


def _per_payload(parse: Callable[[Any], Any], items: list[dict[str, Any]]) -> float:
    """µs per payload: median of 5 timeit repeats over all payloads."""
    number = max(1, 20_000 // len(items))
    runs = timeit.Timer(lambda: [parse(p) for p in items]).repeat(repeat=5, number=number)
    return statistics.median(runs) / (number * len(items)) * 1e6


def _checked(items: list[dict[str, Any]], parse: Callable[[Any], Any]) -> dict[str, Any]:
    """The very first parse, the first pass over all payloads, and which came back untyped."""
    start = time.perf_counter()
    first = [parse(items[0])]
    first_parse = time.perf_counter() - start
    results = first + [parse(p) for p in items[1:]]
    first_pass = time.perf_counter() - start
    wrong = [p["code"] for p, r in zip(items, results, strict=True) if not _typed(r, p["code"])]
    return {"payloads": len(items), "untyped": len(wrong), "untyped_examples": wrong[:5],
            "first_parse_s": first_parse, "first_pass_s": first_pass}  # fmt: skip


def probe_validate(module_dir: str, name: str, catalog_json: str) -> dict[str, Any]:
    sys.path.insert(0, module_dir)
    items = payloads(Path(catalog_json))
    module = importlib.import_module(name)
    used, parse = parser(module)
    out = {"parser": used, **_checked(items, parse)}
    functions = {fn: getattr(module, fn) for fn in TIMED if callable(getattr(module, fn, None))}
    timed = {f"us_{fn}": _per_payload(function, items) for fn, function in functions.items()}
    return out | timed | {"us_per_payload": timed.get(f"us_{used}") or _per_payload(parse, items)}


def probe_peer_validate(module_dir: str, name: str, catalog_json: str) -> dict[str, Any]:
    sys.path.insert(0, module_dir)
    items = payloads(Path(catalog_json))
    adapter = peer_adapter(importlib.import_module(name))
    out = {"parser": "TypeAdapter.validate_python", **_checked(items, adapter.validate_python)}
    return out | {"us_per_payload": _per_payload(adapter.validate_python, items)}


def passes(module_dir: str, name: str, catalog_json: str, warm: str, count: str, function: str = "") -> None:
    """Parse every payload `warm` then `count` times: with errgen's `function`, ``peer`` for the peer's adapter."""
    sys.path.insert(0, module_dir)
    module = importlib.import_module(name)
    if function == "peer":
        parse = peer_adapter(module).validate_python
    else:
        parse = getattr(module, function) if function else parser(module)[1]
    items = payloads(Path(catalog_json))
    for _ in range(int(warm)):  # every instruction of every code path specialised
        for payload in items:
            parse(payload)
    gc.disable()  # as timeit does
    for _ in range(int(count)):
        [parse(p) for p in items]


def _typed(result: Any, code: str) -> bool:
    """Whether `result` is the typed error of `code` (not None, not the unknown branch)."""
    if result is None or "unknown" in type(result).__name__.lower():
        return False
    return getattr(result, "code", None) == code


def main() -> None:
    mode, *args = sys.argv[1:]
    if mode == "passes":
        passes(*args)
        return
    modes: dict[str, Callable[..., dict[str, Any]]] = {
        "import": probe_import, "validate": probe_validate,
        "peer-import": lambda d, n: probe_import(d, n, peer=True), "peer-validate": probe_peer_validate,
    }  # fmt: skip
    print(json.dumps(modes[mode](*args)))


if __name__ == "__main__":
    main()
