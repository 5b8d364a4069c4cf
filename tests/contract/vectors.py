"""Committed runtime-contract vectors: `tests/contract/vectors/<catalog>.jsonl`.

Each line (ASCII JSON) is `{"case": {...}, "expect": "<JSON text>"}`: a case of `cases.py` and the
JSON text every generated runtime must print for it, byte for byte (JavaScript's
`JSON.stringify` spelling: `2.0` is `2`, `1e21` is `1e+21`, array-index keys first).
The expected texts are computed by the generated Python; `python tests/regen.py`
rewrites them, and each language's test reads the same files.
"""

from __future__ import annotations

import io
import json
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from pytarget_support import import_path, write
from ts import harness

from contract.cases import (
    CATALOGS,
    build_cases,
    channel_cases,
    channel_parse_cases,
    parse_cases,
    sanitize_cases,
    tool_parse_cases,
)
from contract.value_cases import value_cases
from errgen.catalog.model import Catalog

VECTORS = Path(__file__).resolve().parent / "vectors"
SANITIZE = "sanitize"  # the file of scrubbing and sanitizing cases (computed with napkin's module)
VALUES = "values"  # the file of "one meaning for every value" cases (napkin's and workbook's modules)
FILES = [*CATALOGS, SANITIZE, VALUES]


def catalogs() -> dict[str, Catalog]:
    """The catalogs the vectors cover, by name."""
    paths = {p.stem: p for p in harness.catalog_paths()}
    return {name: harness.load(paths[name]) for name in CATALOGS}


def load_python(catalog: Catalog, tmp: Path) -> ModuleType:
    """The generated Python package: the committed one for a shipped catalog, else generated into `tmp`."""
    if catalog.source.startswith("catalog/"):
        path = harness.ROOT / "generated" / catalog.name / "python" / f"{catalog.name}_errors"
        if not path.exists():
            raise FileNotFoundError(f"{path} is missing: run `errgen build`")
    else:
        path = write(catalog, tmp)
    return import_path(path, f"contract_{catalog.name}_errors")


def read(name: str) -> list[dict[str, Any]]:
    """The committed vectors of one file: [{"case": …, "expect": "…"}]."""
    lines = (VECTORS / f"{name}.jsonl").read_text(encoding="utf-8").removesuffix("\n").split("\n")
    return [json.loads(line) for line in lines]


def compute(
    name: str, module: ModuleType, catalog: Catalog, others: dict[str, ModuleType] | None = None
) -> list[dict[str, Any]]:
    """The vectors of one file, computed now with the generated Python `module` (`others`: by catalog)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # deprecated codes are built on purpose
        if name == SANITIZE:
            return list(_run(module, _roundtrip(sanitize_cases())))
        if name == VALUES:
            modules = others or {}
            cases = _roundtrip(value_cases())
            return [{"case": c, "expect": module.to_json(python_case(modules.get(c["catalog"], module), c))}
                    for c in cases]  # fmt: skip
        built = list(_run(module, _roundtrip(build_cases(catalog))))
        envelopes = [json.loads(v["expect"]) for v in built]
        parses = _roundtrip(parse_cases(catalog, envelopes) + tool_parse_cases(catalog, envelopes))
        channels = list(_run(module, _roundtrip(channel_cases(catalog))))
        written = [(v["case"], json.loads(v["expect"])) for v in channels]
        reads = _roundtrip(channel_parse_cases(catalog, written))
        return built + list(_run(module, parses)) + channels + list(_run(module, reads))


def _roundtrip(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cases exactly as a reader of the JSON file sees them (tuples become lists, floats re-read)."""
    return json.loads(json.dumps(cases))  # type: ignore[no-any-return]


def _run(module: ModuleType, cases: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for case in cases:
        yield {"case": case, "expect": module.to_json(python_case(module, case))}


def write_all() -> None:
    """Recompute and rewrite every vector file."""
    VECTORS.mkdir(exist_ok=True)
    known = catalogs()
    with tempfile.TemporaryDirectory() as tmp:
        modules = {name: load_python(catalog, Path(tmp) / name) for name, catalog in known.items()}
        for name in FILES:
            catalog = known["napkin" if name in (SANITIZE, VALUES) else name]
            module = modules[catalog.name]
            lines = [json.dumps(v) for v in compute(name, module, catalog, modules)]
            (VECTORS / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
            print(f"tests/contract/vectors/{name}.jsonl: {len(lines)} vectors")


def python_case(m: ModuleType, case: dict[str, Any]) -> Any:
    """One case computed by the generated Python module `m`."""
    case = expanded(case)
    op = case["op"]
    if op == "build":
        extra = {"retriable": case["retriable"]} if "retriable" in case else {}
        try:
            return envelope(m, m.build_error(case["code"], case["values"], **extra))
        except (TypeError, ValueError) as exc:
            return {"raises": "TypeError" if isinstance(exc, TypeError) else type(exc).__name__}
    if op == "map_http":
        body = case.get("body")
        if "body_bytes" in case:
            data = bytes_of(case["body_bytes"])
            body = io.BytesIO(data) if case.get("reader") else data
        args = (case["status"], case.get("message"), body, case.get("headers"))
        return mapped(m, lambda: m.map_http(*args))
    if op == "map_exception":
        return mapped(m, lambda: m.map_exception(exception(case["name"])))
    if op == "classify":
        return {
            "http": m.classify_http(case["status"], case["retry_after"]),
            "failure": m.classify_failure(case["failure"]),
        }
    if op == "code":
        code = case["code"]
        terminal = {name: m.is_terminal(code, name) for name in m.POLICIES}
        values = {name: m.is_terminal(code, m.ErrorPolicy.named(name)) for name in m.POLICIES}
        kind = m.classify(code)
        grown = m.ErrorPolicy.empty().with_terminal_kind(kind).classifies_terminal(kind) if kind else None
        return {"kind": m.kind_of(code), "classify": kind, "retryable": m.is_retryable(code), "terminal": terminal,
                "values": values, "grown": grown}  # fmt: skip
    if op in ("parse", "parse_bytes", "tool_parse"):
        if op == "tool_parse":
            error = m.TOOLS[case["tool"]].parse_result(case["result"])
        else:
            error = m.parse_result(case["result"] if op == "parse" else bytes_of(case["bytes"]))
        return parsed(m, case, error)
    if op == "localize":
        return dict(m.localize(case["code"], case["locale"], case["values"])._asdict())
    if op == "describe":
        return m.describe_field(case["field"], case["locale"])
    if op == "localized_result":
        result = m.build_error(case["code"], case["values"]).to_result(locale=case["locale"])
        back = m.parse_result(result)
        known = not isinstance(back, m.UnknownCode)
        return {"result": result, "known": known, "member": m.localized_message(result)}
    if op in ("problem", "status", "result_with"):
        return channel(m, case)
    if op == "parse_problem":
        return parsed(m, case, m.parse_problem(case["document"]))
    if op == "parse_status":
        return parsed(m, case, m.parse_status(case["status"]))
    if op == "tool_failure":
        return m.tool_failure(case["result"])
    if op == "sanitize":
        return m.sanitize(case["value"])
    if op == "scrub":
        return m.scrub_text(case["text"])
    raise AssertionError(op)


def parsed(m: ModuleType, case: dict[str, Any], error: Any) -> Any:
    """A parsed error as the vectors print it: known with its payload, or unknown with what it kept."""
    if error is None:
        return None
    if isinstance(error, m.UnknownCode):
        return {"known": False, case["key"]: error.code, "message": error.message, "payload": error.payload}
    return {"known": True, "payload": error.to_payload()}


def channel(m: ModuleType, case: dict[str, Any]) -> Any:
    """An error (built, or parsed from a result) on a channel beside MCP: problem, Status or result with options."""
    if "result" in case:
        error = m.parse_result(case["result"])
    else:
        extra = {"retriable": case["retriable"]} if "retriable" in case else {}
        error = m.build_error(case["code"], case["values"], **extra)
    options = {name: case[name] for name in ("instance", "retry_after_ms", "now_ms") if name in case}
    if case["op"] == "problem":
        return error.to_problem(instance=options.get("instance"))
    if case["op"] == "status":
        return error.to_status(instance=options.get("instance"), retry_after_ms=options.get("retry_after_ms"))
    return error.to_result(**options)


def bytes_of(parts: list[dict[str, Any]]) -> bytes:
    """The bytes a case spells as parts: `{"text": s}` (UTF-8) or `{"hex": h}`, each `"times"` times."""
    pieces = [part["text"].encode() if "text" in part else bytes.fromhex(part["hex"]) for part in parts]
    return b"".join(piece * part.get("times", 1) for piece, part in zip(pieces, parts, strict=True))


def expanded(case: dict[str, Any]) -> dict[str, Any]:
    """`case` with its `"make"` values built: `nest` arrays (objects under `key`) around `leaf`, or a `text`."""
    if "make" not in case:
        return case
    out: dict[str, Any] = json.loads(json.dumps(case))
    for make in out.pop("make"):
        if "nest" in make:
            value = make["leaf"]
            for _ in range(make["nest"]):
                value = {make["key"]: value} if "key" in make else [value]
        else:
            value = bytes_of(make["text"]).decode()
        *path, last = make["at"]
        target: Any = out
        for step in path:
            target = target[step]
        target[last] = value
    return out


def envelope(m: ModuleType, error: Any) -> Any:
    return error.to_jsonrpc_error() if m.CODES[error.code].channel == "protocol" else error.to_result()


def mapped(m: ModuleType, call: Any) -> Any:
    try:
        return envelope(m, call())
    except LookupError:
        return None


def exception(name: str) -> BaseException:
    """An exception whose class name is `name` and whose failure class matches the TS runtime's."""
    bases: dict[str, type[BaseException]] = {
        "TimeoutError": TimeoutError,
        "TypeError": ConnectionError,  # what fetch's TypeError means: a network failure
        "SyntaxError": json.JSONDecodeError,  # what JSON.parse's SyntaxError means
        "RangeError": Exception,
    }
    cls = type(name, (bases[name],), {})
    return cls("boom", "", 0) if name == "SyntaxError" else cls("boom")
