"""The runtime-contract cases: one list per catalog, language-neutral JSON data.

Each case names an operation (`build`, `code`, `classify`, `map_http`, `map_exception`,
`parse`, `tool_parse`, `sanitize`, `scrub`) and its inputs; `vectors.py` computes the expected JSON text
of every case with the generated Python and commits them under `tests/contract/vectors/`,
where the Python, TypeScript, Rust and Go tests all read them.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hostile import corpus

from contract.locale_cases import locale_cases
from errgen.catalog.model import Catalog, Code

CATALOGS = ["napkin", "workbook", "filetools", "tsopts", "tsmeta", "tsnames", "tswire", "tsi18n"]

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
# Keys found by their secret word (the runs of key characters KEYS matches): a word at the start, inside or at
# the end of a run, two words in one, a run right after a value replaced (its first character follows the
# value: not a key there), a long key, the separators of each rule, and the characters str.lower() and
# toLowerCase() turn into ASCII letters (the Kelvin sign; a dotted capital I, which also grows to two).
KEY_TEXTS = [
    "token=abc123 xtoken=a1 tokenx=b2 x_token_y=c3 a.b.token.c=d4 -token=e5 =token=f6 token==g7",
    "session_token_id=abc tokentokentoken=def SID=1 sig=2 sign=3 asid=4",
    'password="a"token="b" password=a,token=b password=a;token=b "password":"a","token":"b"',
    'password="token=abc" k=v,password=x,token=y,api_key= z',
    "passwordpasswordpasswordpasswordpasswordpasswordpasswordpasswordpasswordpassword=toolong",
    '["--password", "x", "--token", "y"] ["--pass","z"] [\'-p\', \'q\']',
    "token abcdefghijklmnop1234 token \t abcdefghijklmnop5678 token short1 Token: Bearer abc.def",
    "\u0130\u0130 token=abc123 \u212aey=abc to\u212aen=abc \u0130password=x ſecret=y pa\u0131ss=z",
    "token: x\ntoken:\n  \"y\"\n\"token\": [\"z\"] \\\"token\\\": \\\"w\\\"",
    "max_tokens=5 author=bob token_type=bearer rate_limit_token=9 x-ratelimit-remaining-tokens=3 password=7",
]


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
    samples = [c for c in cases if c["op"] == "build" and "no_such_field" not in c["values"]]
    return cases + locale_cases(catalog, samples)


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
                {**result, "structuredContent": {**payload, "localizedMessage": {"locale": "de", "message": "m"}}},
                {**result, "structuredContent": {**payload, "localizedMessage": {"locale": "", "message": "m"}}},
                {**result, "structuredContent": {**payload, "provenance": None}},  # a stamp is never null
                {"isError": True, "content": [*result["content"], {"type": "text", "text": json.dumps(payload)}]},
            ]
        cases += [{"op": "parse", "catalog": catalog.name, "key": catalog.envelope.discriminator, "result": v}
                  for v in variants]  # fmt: skip
    return cases


def tool_parse_cases(catalog: Catalog, envelopes: list[Any]) -> list[dict[str, Any]]:
    """Each tool reads the first built result of every code (its own and the others') and foreign variants."""
    firsts: dict[str, Any] = {}
    key = catalog.envelope.discriminator
    for result in envelopes:
        payload = result.get("structuredContent") if isinstance(result, dict) else None
        if isinstance(result, dict) and result.get("isError") is True:
            code = payload.get(key) if isinstance(payload, dict) else result["content"][0]["text"].partition(":")[0]
            firsts.setdefault(code, result)
    results = list(firsts.values())
    if results and isinstance(results[0].get("structuredContent"), dict):
        first = results[0]
        results += [
            {**first, "structuredContent": {**first["structuredContent"], key: "from_a_newer_server"}},
            {**first, "structuredContent": {**first["structuredContent"], "message": ""}},  # invalid: UnknownCode
        ]
    results.append({"content": [{"type": "text", "text": "done"}]})  # a success
    return [{"op": "tool_parse", "catalog": catalog.name, "key": key, "tool": tool, "result": result}
            for tool in catalog.tools for result in results]  # fmt: skip


def sanitize_cases() -> list[dict[str, Any]]:
    """Scrubbing and sanitizing: fixed texts, the secrets corpus (text, body, map_http), misses, negatives, mixes."""
    cases: list[dict[str, Any]] = [{"op": "scrub", "text": t} for t in [*SCRUB, *KEY_TEXTS]]
    cases += [{"op": "sanitize", "value": v} for v in [*BODIES, SAMPLES["object"], SCRUB]]
    for sample in corpus.samples():
        body = sample.body()
        cases += [{"op": "sanitize", "value": body}, {"op": "map_http", "status": 502, "body": body}]
        cases += [{"op": "scrub", "text": sample.text}] if sample.text is not None else []
    texts = [text for text, _, _ in corpus.accepted_misses()] + corpus.negatives() + mixed_texts(400)
    cases += [{"op": "scrub", "text": text} for text in texts]
    bodies = [  # JavaScript objects list array-index keys first, ascending ({'b','10'} → {'10','b'})
        {"b": 1, "10": 2, "2": 3},
        {"01": 1, "1": 2, "-1": 3, "0": 4, "4294967294": 5, "4294967295": 6, "1.5": 7, "\u0663": 8, " 2": 9},
        {"x": {"9": [{"10": 1, "a": 2, "3": 3}]}, "1e3": 0, "": 1},
    ]
    cases += [{"op": "map_http", "status": 404, "body": body} for body in bodies]
    return [{**case, "catalog": "napkin"} for case in cases]


def mixed_texts(count: int) -> list[str]:
    """Seeded mixes of corpus fragments, rule prefixes and letters the regex engines could read differently."""
    rng = random.Random(17)
    pieces = [s.text[i : i + 9] for s in corpus.samples() if s.text for i in range(0, len(s.text), 9)]
    pieces += ["ı", "İ", "ſ", "K", "😀", "\u2028", "\u00a0", "Ｔoken=", "ǅ", "\r\n", "\\n", " at ", "=", ": ", '"']
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 24))) for _ in range(count)]


RETRY_AFTER: list[int | None] = [None, 0, 1500, 3000]
NOW_MS = 1_700_000_000_000  # the clock of the toolFailure retryNotBefore cases


def channel_cases(catalog: Catalog) -> list[dict[str, Any]]:
    """Errors on the channels beside MCP (docs/runtime-contract.md §8): problem documents, Status, results.

    Each code from its examples and two hostile variants, with and without an instance and a retry delay;
    errors the catalog cannot type (parsed from a newer server's result, a text-only result) too.
    """
    cat, env = catalog.name, catalog.envelope
    base = {"catalog": cat, "key": env.discriminator, "retriable_key": env.retriable.key if env.retriable else None}
    cases: list[dict[str, Any]] = []
    for code in catalog.constructible_codes:
        variants = [dict(e.values) for e in code.examples] + [field_values(catalog, code, i) for i in (0, 3)]
        for i, values in enumerate(variants):
            wire = {catalog.fields[k].wire if k in catalog.fields else k: v for k, v in values.items()}
            one = {"op": "", **base, "code": code.id, "values": wire}
            one |= {"retriable": i % 2 == 1} if env.retriable_field and i % 3 == 2 else {}
            options = {"instance": f"/requests/{code.id}/{i}"} if i % 2 == 0 else {}
            delay = RETRY_AFTER[i % len(RETRY_AFTER)]
            delayed = options | ({"retry_after_ms": delay} if delay is not None else {})
            cases.append({**one, "op": "problem", **options})
            cases.append({**one, "op": "status", **delayed})
            if code.channel.value == "tool":
                cases.append({**one, "op": "result_with", **delayed, "now_ms": NOW_MS})
    key = env.discriminator
    payload = {key: "from_a_newer_server", "message": "a new failure", "retriable": True}
    newer = {"isError": True, "content": [{"type": "text", "text": "x"}], "structuredContent": payload}
    text_only = {"isError": True, "content": [{"type": "text", "text": "boom at /home/alice/x.py"}]}
    for result in (newer, text_only):  # errors the catalog cannot type: forwarded as generic ones
        cases.append({"op": "problem", **base, "result": result, "instance": "req-7"})
        cases.append({"op": "status", **base, "result": result, "instance": "req-7", "retry_after_ms": 2000})
    return cases


def channel_parse_cases(catalog: Catalog, outputs: list[tuple[dict[str, Any], Any]]) -> list[dict[str, Any]]:
    """Problem documents and Status to read back: the ones written, and damaged or foreign variants of them."""
    base = {"catalog": catalog.name, "key": catalog.envelope.discriminator}
    docs = [out for case, out in outputs if case["op"] == "problem" and isinstance(out, dict)]
    statuses = [out for case, out in outputs if case["op"] == "status" and isinstance(out, dict)]
    results = [out for case, out in outputs if case["op"] == "result_with" and isinstance(out, dict)]
    cases: list[dict[str, Any]] = []
    for i, doc in enumerate(docs[:40]):
        variants: list[Any] = [doc, {**doc, "surprise": 1, "instance": "/x"}]
        if i % 4 == 0:
            members = [k for k in doc if k not in ("type", "title", "status", "detail", "instance")]
            variants += [{**doc, "type": "https://example.com/other"}, {k: v for k, v in doc.items() if k != "detail"},
                         {**doc, "detail": ""}, {**doc, "provenance": None},
                         *[{**doc, m: {"wrong": [1]}} for m in members[:2]]]  # fmt: skip
        cases += [{"op": "parse_problem", **base, "document": v} for v in variants]
    for i, status in enumerate(statuses[:40]):
        variants = [status, {**status, "details": [{"@type": "x/y"}, *status["details"]]}]
        if i % 4 == 0:
            info, *rest = status["details"]
            variants += [
                {**status, "details": [{**info, "domain": "other.example"}, *rest]},
                {**status, "details": [{**info, "reason": "NO_SUCH_REASON"}, *rest]},
                {**status, "details": [{**info, "@type": "example.com/google.rpc.ErrorInfo"}, *rest]},
                {**status, "details": [{**info, "metadata": {k: "{not json" for k in info.get("metadata", {})}}]},
                {**status, "details": [{**info, "metadata": {k: 7 for k in info.get("metadata", {})}}]},
                {**status, "details": [{**info, "metadata": {k: "null" for k in info.get("metadata", {})}}]},
                {**status, "details": rest},
                {**status, "details": "no list"},
                {**status, "message": 5},
            ]
        cases += [{"op": "parse_status", **base, "status": v} for v in variants]
    cases += [{"op": "parse_problem", **base, "document": v} for v in ([], "text", None, {"type": 5})]
    cases += [{"op": "parse_status", **base, "status": v} for v in ([], {"details": [None, 1, []]}, {})]
    meta = "io.modelcontextprotocol/toolFailure"
    foreign = [
        {"_meta": {meta: {"class": "reliability", "code": "x", "retryable": True, "retryNotBefore": 1.5e12,
                          "correlationId": "c-1", "agentGuidance": "wait"}}},
        {"_meta": {meta: {"class": "Transient", "code": "x"}}},  # a kind, not one of the proposal's classes
        {"_meta": {meta: {"class": "governance", "code": 3}}},
        {"_meta": {meta: {"class": "capability", "code": "y", "retryable": "yes", "retryNotBefore": "soon",
                          "correlationId": 9}}},
        {"_meta": {meta: "nope"}},
        {"_meta": []},
        {"isError": True},
    ]  # fmt: skip
    cases += [{"op": "tool_failure", **base, "result": r} for r in [*results[:20], *foreign]]
    return cases
