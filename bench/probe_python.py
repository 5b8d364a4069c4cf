"""Measure a generated Python module from inside a fresh interpreter; prints one JSON object.

    python bench/probe_python.py import   MODULE_DIR MODULE
    python bench/probe_python.py validate MODULE_DIR MODULE CATALOG_JSON
    python bench/probe_python.py passes   MODULE_DIR MODULE CATALOG_JSON WARM N

``import``: seconds to import pydantic, then the module (the two add up to the
module's import cost in a process that has not loaded pydantic yet), with the
module's bytecode cached; compiling that bytecode is timed separately.
``passes``: parses the payloads of ``validate`` WARM times, then N more times, and
prints nothing: for ``bench/instructions.sh --validate``, which counts the machine
instructions of N passes as the difference of two runs.
``validate``: builds one payload per catalog example (``docs/runtime-contract.md``
§1: code, rendered message, repair fields, provenance), parses each with the
module's parser, checks every one comes back as its own typed error (not the
unknown branch), then times parsing: µs per payload, median of 5 timeit repeats.
The bench runs it once per run, each in a fresh process, and takes the median.
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
from pathlib import Path
from typing import Any

# Parsers tried in order: a payload-level one if the module has it, else the
# tool-result parser of the runtime contract (§3) on a structuredContent result.
PAYLOAD_PARSERS = ("parse_payload", "parse_error", "validate_payload")
RESULT_PARSER = "parse_result"


def probe_import(module_dir: str, name: str) -> dict[str, Any]:
    sys.path.insert(0, module_dir)
    compiled = time.perf_counter()
    # Bytecode is cached, as on every start of a server after its first (or after pip install),
    # even where PYTHONDONTWRITEBYTECODE is set; compiling it is reported on its own.
    py_compile.compile(str(Path(module_dir) / f"{name}.py"), doraise=True)
    start = time.perf_counter()
    import pydantic  # noqa: F401

    loaded = time.perf_counter()
    importlib.import_module(name)
    done = time.perf_counter()
    return {"pydantic_s": loaded - start, "module_s": done - loaded, "total_s": done - start,
            "compile_s": start - compiled}  # fmt: skip


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


def probe_validate(module_dir: str, name: str, catalog_json: str) -> dict[str, Any]:
    sys.path.insert(0, module_dir)
    module = importlib.import_module(name)
    used, parse = parser(module)
    items = payloads(Path(catalog_json))
    start = time.perf_counter()
    results = [parse(p) for p in items]
    first_pass = time.perf_counter() - start
    wrong = [p["code"] for p, r in zip(items, results, strict=True) if not _typed(r, p["code"])]
    number = max(1, 20_000 // len(items))
    timer = timeit.Timer(lambda: [parse(p) for p in items])
    runs = timer.repeat(repeat=5, number=number)
    return {
        "parser": used,
        "payloads": len(items),
        "untyped": len(wrong),
        "untyped_examples": wrong[:5],
        "first_pass_s": first_pass,
        "us_per_payload": statistics.median(runs) / (number * len(items)) * 1e6,
    }


def passes(module_dir: str, name: str, catalog_json: str, warm: str, count: str) -> None:
    sys.path.insert(0, module_dir)
    parse = parser(importlib.import_module(name))[1]
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
    result = probe_import(*args) if mode == "import" else probe_validate(*args)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
