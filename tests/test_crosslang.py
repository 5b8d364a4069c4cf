"""Python and TypeScript agree: the same input gives byte-identical JSON in both runtimes.

One list of cases per catalog (shipped catalogs and `tests/ts/catalogs/`, covering every
envelope option): building each code from its examples and from hostile values
(non-ASCII, quotes, secrets, floats such as 2.0 and 1e21, big integers, missing optional
fields), HTTP and exception mapping, classification, policies, parsing results back, and
sanitizing. The generated Python module computes each case in-process; the generated
TypeScript computes it under node (`tests/ts/crosslang.ts`); the JSON lines must match.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hostile import corpus
from pytarget_support import import_path, write
from ts import harness

from errgen.catalog.model import Catalog, Code
from errgen.targets import scrub
from errgen.targets.runtime_patterns import MAX_TEXT

CATALOGS = ["napkin", "workbook", "filetools", "tsopts", "tsmeta", "tsnames", "tswire"]

STRINGS = [
    "plain",
    "ünïcødé ✓ 日本語 🚀",
    'quote " backslash \\ `tick` ${x} {{braces}} */',
    "Bearer abc.def.ghi token=xyz /home/alice/notes.txt",
    "line\u2028sep\u200b zero-width \u202e rtl \x00 nul \x7f del",
    'Traceback (most recent call last):\n  File "/srv/app.py", line 1',
    "",
]
NUMBERS = [2.0, 1e21, 0.1, -0.0, 1e-7, 123.456, 5e-324, 1.7976931348623157e308, 3]
INTEGERS = [0, -1, 404, 2**53 - 1]  # beyond 2**53 JavaScript cannot hold integers
SAMPLES: dict[str, list[Any]] = {
    "string": STRINGS,
    "integer": INTEGERS,
    "number": NUMBERS,
    "boolean": [True, False],
    "object": [{"k": "v", "nested": {"a": [1, 2.5, None]}, "ü": "✓", "password": "p", "path": "/Users/bob/x"}, {}],
    "range": [{"min": 0, "max": 2.5}, {"max": 1e21}, {"min": -1}],
    "any": ["text", 1.0, [1, "a", None, {"token": "t"}], {"x": {"secret": "s", "y": 2.0}}],
}
BODIES: list[Any] = [
    None,
    "upstream unavailable",
    {"error": "invalid page id", "authorization": "Bearer x.y.z", "retry": 2.0, "ünï": ["/home/bob/a", 1e21]},
    ["Traceback (most recent call last):\n boom", {"api_key": "k"}],
]
STATUSES = [200, 400, 401, 403, 404, 408, 410, 418, 425, 429, 500, 503, 599]
FAILURES = ["network", "tls", "dns", "timeout", "decode", "cosmic-ray"]
SCRUB = [
    *STRINGS,
    "Authorization: Basic dXNlcjpwYXNz and password=hunter2; session_id: abc",
    'json {"api_key": "sk-abcdefghijklmnopqrstuv", "ok": 1}',
    "at Object.<anonymous> (/home/dev/app/index.js:10:5)\nnext line",
    "  at handler (file:///srv/x.mjs:1:2)",
    "C:\\Users\\Zoë\\secret.txt and c:/users/bob/file and /root/.ssh/id_rsa",
    "ſecret=abc toKen=def xoxb-1234567890-abc AKIAABCDEFGHIJKLMNOP eyJhbGciOi.eyJzdWIiOi.sig",
    "/home/ali\x1cce/x /home/bob/a\x85b /home/bob/a\ufeffb",
    "digits at x:١٢:٣ and at y:12:3",
]


def load_python(catalog: Catalog, tmp: Path) -> ModuleType:
    """The generated Python module: the committed one for a shipped catalog, else generated now."""
    if catalog.source.startswith("catalog/"):
        path = harness.ROOT / "generated" / catalog.name / "python" / f"{catalog.name}_errors"
        if not path.exists():
            pytest.fail(f"{path} is missing: run `errgen build`", pytrace=False)
    else:
        path = write(catalog, tmp)
    return import_path(path, f"crosslang_{catalog.name}_errors")


def field_values(catalog: Catalog, code: Code, pick: int) -> dict[str, Any]:
    """A value for every parameter of `code`, the `pick`-th sample of each type (cycling)."""
    values = {}
    for name in code.params:
        field = catalog.fields[name]
        kind = field.type.name
        if kind == "array":
            item = SAMPLES[field.type.items or "string"]
            values[name] = [item[(pick + i) % len(item)] for i in range(pick % 3 + 1)]
        else:
            sample = SAMPLES[kind]
            values[name] = sample[pick % len(sample)]
    return values


MESSAGES = [None, "", "upstream said no", "token=abc123 at /home/alice/x.py"]
HEADERS: list[dict[str, str] | None] = [None, {"Retry-After": "3"}, {"retry-after": "1", "x": "y"}, {"X-Other": "1"}]


def build_cases(catalog: Catalog) -> list[dict[str, Any]]:
    """Every case of one catalog (JSON data); values named by their wire keys, as both `build_error`s take them."""
    cat, env = catalog.name, catalog.envelope
    base = {"catalog": cat, "key": env.discriminator, "retriable_key": env.retriable.key if env.retriable else None}
    cases: list[dict[str, Any]] = []
    for code in catalog.codes.values():
        variants = [dict(e.values) for e in code.examples] + [field_values(catalog, code, i) for i in range(7)]
        variants.append({name: v for name, v in field_values(catalog, code, 1).items() if name in code.required})
        for i, values in enumerate(variants):
            wire = {catalog.fields[k].wire if k in catalog.fields else k: v for k, v in values.items()}
            flag = {"retriable": i % 2 == 0} if env.retriable_field and i % 3 == 1 else {}
            cases.append({"op": "build", **base, "code": code.id, "values": wire, **flag})
        cases.append({"op": "build", **base, "code": code.id, "values": {"no_such_field": 1}})
        cases.append({"op": "code", **base, "code": code.id})
    cases.append({"op": "code", **base, "code": "no_such_code"})
    for status in STATUSES:
        cases.append({"op": "classify", **base, "status": status, "retry_after": status % 2 == 1, "failure": ""})
        for i, body in enumerate(BODIES):
            upstream = {"message": MESSAGES[i % len(MESSAGES)], "headers": HEADERS[(status + i) % len(HEADERS)]}
            cases.append({"op": "map_http", **base, "status": status, "body": body, **upstream})
    for failure in FAILURES:
        cases.append({"op": "classify", "catalog": cat, "status": 429, "retry_after": True, "failure": failure})
    for name in ["TimeoutError", "TypeError", "SyntaxError", "RangeError"]:
        cases.append({"op": "map_exception", "catalog": cat, "name": name})
    return cases


def parse_cases(catalog: Catalog, envelopes: list[Any]) -> list[dict[str, Any]]:
    """Results to parse back: the built ones, and damaged or foreign variants of them."""
    results = [e for e in envelopes if isinstance(e, dict) and e.get("isError") is True]
    cases = []
    for result in results[:40]:
        payload = result.get("structuredContent")
        variants = [result, {**result, "isError": False}, {"isError": True, "content": result["content"]}]
        if isinstance(payload, dict):
            key = catalog.envelope.discriminator
            variants += [
                {**result, "structuredContent": {**payload, "surprise": 1}},
                {**result, "structuredContent": {**payload, key: "from_a_newer_server"}},
                {**result, "isError": False, "structuredContent": {**payload, "isError": True}},  # pmcp
                {**result, "structuredContent": {**payload, "message": ""}},
                {"isError": True, "content": [*result["content"], {"type": "text", "text": json.dumps(payload)}]},
            ]
        cases += [{"op": "parse", "catalog": catalog.name, "key": catalog.envelope.discriminator, "result": v}
                  for v in variants]  # fmt: skip
    return cases


def run_python(module: ModuleType, case: dict[str, Any]) -> str:
    """One case in the generated Python module, as the JSON text JavaScript would write."""
    return module.to_json(python_case(module, case))  # type: ignore[no-any-return]


def python_case(m: ModuleType, case: dict[str, Any]) -> Any:
    op = case["op"]
    if op == "build":
        extra = {"retriable": case["retriable"]} if "retriable" in case else {}
        try:
            return envelope(m, m.build_error(case["code"], case["values"], **extra))
        except (TypeError, ValueError) as exc:
            return {"raises": "TypeError" if isinstance(exc, TypeError) else type(exc).__name__}
    if op == "map_http":
        args = (case["status"], case.get("message"), case["body"], case.get("headers"))
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
    if op == "parse":
        error = m.parse_result(case["result"])
        if error is None:
            return None
        if isinstance(error, m.UnknownCode):
            return {"known": False, case["key"]: error.code, "message": error.message, "payload": error.payload}
        return {"known": True, "payload": error.to_payload()}
    if op == "sanitize":
        return m.sanitize(case["value"])
    if op == "scrub":
        return m.scrub_text(case["text"])
    raise AssertionError(op)


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


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> harness.Program:
    built = harness.program(tmp_path_factory.mktemp("ts-program"))
    if built.tsc.returncode != 0:
        pytest.fail("tsc failed:\n" + (built.tsc.stdout + built.tsc.stderr)[-5000:], pytrace=False)
    return built


def run_node(program: harness.Program, cases: list[dict[str, Any]]) -> list[str]:
    """Each case computed by the generated TypeScript, as JSON text."""
    done = program.node("out/tests/ts/crosslang.js", stdin=json.dumps(cases))
    if done.returncode != 0:
        pytest.fail(f"node crosslang failed:\n{done.stderr[-5000:]}", pytrace=False)
    return done.stdout.removesuffix("\n").split("\n")  # JSON text never holds a raw newline


def compare(cases: list[dict[str, Any]], python: list[str], typescript: list[str]) -> None:
    assert len(python) == len(typescript) == len(cases)
    diffs = [(c, p, t) for c, p, t in zip(cases, python, typescript, strict=True) if p != t]
    report = "\n\n".join(
        f"case {json.dumps(c)[:400]}\n  python:     {p[:600]}\n  typescript: {t[:600]}" for c, p, t in diffs[:5]
    )
    assert not diffs, f"{len(diffs)} of {len(cases)} cases differ:\n{report}"


@pytest.mark.filterwarnings("ignore:error code 'old_code' is deprecated:DeprecationWarning")
@pytest.mark.parametrize("name", CATALOGS)
def test_same_envelopes_in_python_and_typescript(program: harness.Program, tmp_path: Path, name: str) -> None:
    catalog = program.catalogs[name]
    module = load_python(catalog, tmp_path)
    cases = json.loads(json.dumps(build_cases(catalog)))  # exactly what node reads
    python = [run_python(module, c) for c in cases]
    compare(cases, python, run_node(program, cases))
    parses = json.loads(json.dumps(parse_cases(catalog, [json.loads(p) for p in python])))
    assert parses, "no results to parse"
    compare(parses, [run_python(module, c) for c in parses], run_node(program, parses))


def test_same_sanitizing_in_python_and_typescript(program: harness.Program, tmp_path: Path) -> None:
    module = load_python(program.catalogs["napkin"], tmp_path)
    cases: list[dict[str, Any]] = [{"op": "scrub", "catalog": "napkin", "text": t} for t in SCRUB]
    cases += [{"op": "sanitize", "catalog": "napkin", "value": v} for v in [*BODIES, SAMPLES["object"], SCRUB]]
    cases = json.loads(json.dumps(cases))
    typescript = run_node(program, cases)
    compare(cases, [run_python(module, c) for c in cases], typescript)
    oracle = [scrub.scrub_text(c["text"]) if c["op"] == "scrub" else scrub.sanitize(c["value"]) for c in cases]
    compare(cases, [module.to_json(o) for o in oracle], typescript)  # errgen's reference implementation


def hostile_values() -> list[Any]:
    """Deep, wide and huge values, and texts cut at MAX_TEXT next to astral characters and spaces."""
    deep: Any = "password=hunter2"
    for i in range(200):
        deep = [deep] if i % 3 else {"k": deep, "token": "t"}
    wide = {f"k{i}": f"/home/u{i}/x" for i in range(2000)}
    cuts = [
        "😀" * (MAX_TEXT + 3),  # a cut between code points, not UTF-16 units
        "a" * (MAX_TEXT - 2) + "😀😀 tail",
        "x " * (MAX_TEXT // 2 - 2) + "sk-" + "Z9y8X7w6" * 4,  # a token the cut splits goes whole
        "y" * (MAX_TEXT + 10),  # one word longer than the cut window: cut where it falls
        "z" * MAX_TEXT,
    ]
    return [deep, wide, *cuts]


def mixed_texts(count: int) -> list[str]:
    """Seeded mixes of corpus fragments, rule prefixes and letters the two engines could read differently."""
    rng = random.Random(17)
    pieces = [s.text[i : i + 9] for s in corpus.samples() if s.text for i in range(0, len(s.text), 9)]
    pieces += ["ı", "İ", "ſ", "K", "😀", "\u2028", "\u00a0", "Ｔoken=", "ǅ", "\r\n", "\\n", " at ", "=", ": ", '"']
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 24))) for _ in range(count)]


def test_same_sanitizing_on_the_corpus(program: harness.Program, tmp_path: Path) -> None:
    """Every sample of the secrets corpus (text, body, map_http), its misses and negatives, and hostile values."""
    module = load_python(program.catalogs["napkin"], tmp_path)
    cases: list[dict[str, Any]] = []
    for sample in corpus.samples():
        body = sample.body()
        cases += [{"op": "sanitize", "value": body}, {"op": "map_http", "status": 502, "body": body}]
        cases += [{"op": "scrub", "text": sample.text}] if sample.text is not None else []
    texts = [text for text, _, _ in corpus.accepted_misses()] + corpus.negatives() + mixed_texts(400)
    cases += [{"op": "scrub", "text": text} for text in texts]
    cases += [{"op": "sanitize", "value": value} for value in hostile_values()]
    cases = json.loads(json.dumps([{**case, "catalog": "napkin"} for case in cases]))
    compare(cases, [run_python(module, c) for c in cases], run_node(program, cases))


def test_integer_like_keys_keep_javascript_order(program: harness.Program, tmp_path: Path) -> None:
    """JavaScript objects list array-index keys first, ascending ({'b','10'} → {'10','b'}); so does to_json."""
    module = load_python(program.catalogs["napkin"], tmp_path)
    bodies = [
        {"b": 1, "10": 2, "2": 3},
        {"01": 1, "1": 2, "-1": 3, "0": 4, "4294967294": 5, "4294967295": 6, "1.5": 7, "\u0663": 8, " 2": 9},
        {"x": {"9": [{"10": 1, "a": 2, "3": 3}]}, "1e3": 0, "": 1},
    ]
    cases = [{"op": "map_http", "catalog": "napkin", "status": 404, "body": body} for body in bodies]
    compare(cases, [run_python(module, c) for c in cases], run_node(program, cases))
