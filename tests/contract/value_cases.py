"""The cases of "one meaning for every value" (docs/runtime-contract.md §7): `values.jsonl`.

Numbers, strings, bytes, BOMs, duplicate keys, text blocks, nulls, `map_http`'s arguments,
nesting depth and the caps, each as a case of napkin (whose `status` is an integer field and
`original` a field of type any). Cases hold any JSON in any field; three kinds of input no
JSON value can hold are spelled as data every runner expands before it runs the case:

- bytes (`parse_bytes`'s `bytes`, `map_http`'s `body_bytes`): a list of parts, each
  `{"text": s}` (its UTF-8) or `{"hex": h}`, repeated `"times"` times (default 1);
- `"make"`: values too large to commit, built at run time and set at a path of the case
  (`"at"`: keys and indices from the case object): `{"at": p, "nest": n, "leaf": v}` is `n`
  arrays around `v` (`"key": k` makes them objects `{k: …}`), `{"at": p, "text": parts}` is
  the string of the text parts;
- `"reader": true` on `map_http`: the body bytes are given as a reader where the runtime
  takes one (Go `io.Reader`, Python `io.BytesIO`), else as bytes.
"""

from __future__ import annotations

from typing import Any

NAPKIN = {"catalog": "napkin", "key": "code"}
PAYLOAD = {"code": "NOT_FOUND", "message": "m"}
MAX_BODY = 4_194_304
TRACE = "Traceback (most recent call last):\n"


def result(structured: Any = None, content: list[Any] | None = None) -> dict[str, Any]:
    """An error result: `isError: true`, the content blocks, and `structuredContent` when given."""
    out: dict[str, Any] = {"isError": True, "content": content if content is not None else []}
    if structured is not None:
        out["structuredContent"] = structured
    return out


def parse(structured: Any = None, content: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {"op": "parse", **NAPKIN, "result": result(structured, content), **extra}


def parse_text(*parts: dict[str, Any]) -> dict[str, Any]:
    """A result given as bytes (JSON text)."""
    return {"op": "parse_bytes", **NAPKIN, "bytes": list(parts)}


def text(value: str, times: int = 1) -> dict[str, Any]:
    return {"text": value, "times": times} if times != 1 else {"text": value}


def hexa(value: bytes) -> dict[str, Any]:
    return {"hex": value.hex()}


def block(value: Any) -> dict[str, Any]:
    return {"type": "text", "text": value}


def status_text(literal: str) -> dict[str, Any]:
    """A result whose payload's status is the number literal `literal`, as bytes."""
    return parse_text(text('{"isError":true,"content":[],"structuredContent":'
                           f'{{"code":"NOT_FOUND","message":"m","status":{literal}}}}}'))  # fmt: skip


def map_http(status: Any, message: Any = None, body: Any = None, **extra: Any) -> dict[str, Any]:
    return {"op": "map_http", **NAPKIN, "status": status, "message": message, "body": body, "headers": None, **extra}


def integer_cases() -> list[dict[str, Any]]:
    """Rule 1: integers by value, within ±(2**53 - 1); rule 2: numbers; rule 3: not JSON."""
    host = [1.0, 3.0, 400.0, -0.0, 0, 404, 2**53 - 1, -(2**53 - 1), 2**53, -(2**53), 2**53 + 1, 2**64, 1e300, 3.5,
            -1, "500", True, None, [404], {"n": 404}]  # fmt: skip
    cases = [parse({**PAYLOAD, "status": value}) for value in host]
    literals = ["-0", "4e2", "3.0", "1E2", "0.5e1", "-0.0", "1e-400", "404.000", "9007199254740991",
                "9007199254740993", "18446744073709551616", "1e300", "1e400", "-1e400", "1" + "0" * 400,
                "NaN", "Infinity", "-Infinity", "0x10", "+1", "01"]  # fmt: skip
    cases += [status_text(literal) for literal in literals]
    for literal in ["NaN", "Infinity", "-Infinity", "1e400", "404"]:
        payload = f'{{"code":"NOT_FOUND","message":"m","original":{literal}}}'
        cases.append(parse(content=[block("first"), block(payload)]))
    cases.append(parse({**PAYLOAD, "original": [1.0, -0.0, 1e21, 2**64, 0.1]}))
    return cases


def string_cases() -> list[dict[str, Any]]:
    """Rule 4: lone surrogates read as U+FFFD, in keys and values; pairs stay pairs."""
    texts = ["\ud800", "a\udc00b", "\ud83d", "\ude00\ud83d", "\ud83d\ude00", "\ud800\ud800\udc00"]
    cases = [parse({**PAYLOAD, "message": t}) for t in texts]
    cases += [
        parse({"code": "\ud800", "message": "m"}),
        parse({**PAYLOAD, "original": {"\ud800": "\udc00x", "k": ["\ud83d"]}}),
        parse({**PAYLOAD, "original": dict([("\ud800", 1), ("ok", 2), ("\udc00", 3)])}),  # one key once read
        parse({**PAYLOAD, "surprise\ud800": 1}),
        parse(content=[block("\ud800 only text")]),
        parse(content=[block('{"code":"NOT_FOUND","message":"\\ud800 \\ud83d\\ude00"}')]),
        status_text('4,"original":"\\udc00\\ud83d"'),
        {"op": "sanitize", **NAPKIN, "value": {"\ud800": "x\udc00", "password\ud800": "p", "t": ["\ud800"]}},
        {"op": "scrub", **NAPKIN, "text": "\ud800 token=abc\udc00 /home/al\ud800ice/x"},
        map_http(502, "upstream \ud800 said no", {"\udc00": "\ud800"}),
        {"op": "build", **NAPKIN, "code": "NOT_FOUND", "values": {"original": dict([("\ud800", "x"), ("\udc01", 1)])}},
    ]
    return cases


def byte_cases() -> list[dict[str, Any]]:
    """Rule 5: invalid UTF-8 → U+FFFD per maximal subpart; rule 6: one leading BOM; rule 7: last key wins."""
    head = text('{"isError":true,"content":[],"structuredContent":{"code":"NOT_FOUND","message":"')
    tail = text('"}}')
    broken = [b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf0\x9f\x98", b"\xe2\x82x", b"\xf5\x80", b"\x80\xbf",
              b"\xf8\x88\x80\x80\x80", b"\xe0\x80\xaf", b"\xf4\x90\x80\x80",
              b"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"]  # fmt: skip
    cases = [parse_text(head, hexa(raw), tail) for raw in broken]
    bom = hexa(b"\xef\xbb\xbf")
    whole = '{"isError":true,"content":[],"structuredContent":{"code":"NOT_FOUND","message":"m"}}'
    cases += [
        parse_text(bom, text(whole)),
        parse_text(bom, bom, text(whole)),
        parse_text(text(" "), bom, text(whole)),
        parse_text(text(whole)),
        parse_text(text("not json")),
        parse_text(text("[1]")),
        parse_text(text('"text"')),
        parse_text(text("")),
        parse_text(text('{"isError":false,"content":[]}')),
        parse_text(
            text(
                '{"isError":true,"content":[{"type":"text","text":"\\ufeff{\\"code\\":\\"GONE\\",\\"message\\":\\"g\\"}"}]}'
            )
        ),
        parse_text(
            hexa(b'{"isError":true,"content":[],"structuredContent":'),
            text('{"code":"NOT_FOUND","message":"a","status":1,"message":"b","status":404}}'),
        ),
        parse_text(text('{"isError":true,"content":[],"structuredContent":{"code":"NOPE","a":1,"b":2,"a":3}}')),
        parse(content=[block('\ufeff{"code":"NOT_FOUND","message":"m"}')]),
        parse(content=[block('\ufeff\ufeff{"code":"NOT_FOUND","message":"m"}')]),
        parse(content=[block("\ufeffplain text")]),
        parse({**PAYLOAD, "message": "\ufeffm"}),
        parse(content=[block('{"code":"NOT_FOUND","message":"a","message":"b"}')]),
    ]
    bodies = [
        [text("<html><body>502 Bad Gateway</body></html>")],
        [text("<html>"), hexa(b"\xc0\x80\xff"), text("</html>")],
        [text('{"error":"'), hexa(b"\xed\xa0\x80"), text('","token":"t"}')],
        [bom, text('{"error":"x","password":"p"}')],
        [bom, text("plain")],
        [bom, bom, text("[1]")],
        [text('{"a":1,"b":2,"a":3}')],
        [text('{"a":NaN}')],
        [text('{"a":1e400}')],
        [text("")],
        [text("123")],
        [text('"a string"')],
        [text("[" * 101 + "]" * 101)],
        [text("[" * 100 + "]" * 100)],
    ]
    cases += [map_http(502, None, None, body_bytes=parts) for parts in bodies]
    cases += [map_http(502, None, None, body_bytes=parts, reader=True) for parts in bodies[:3]]
    return cases


def unread_content_cases() -> list[dict[str, Any]]:
    """A result's `content` beside a payload in `structuredContent`: a runtime may leave it unread
    (Rust's `parse_result_bytes` only checks it), but a text that is not JSON there is still not JSON."""
    head = '{"isError":true,"structuredContent":{"code":"NOT_FOUND","message":"m"},"content":'
    contents = [
        '[{"type":"text","text":"ok \\u00e9 \\ud800 \\n"}]', '[{"type":"text","text":"\\q"}]',
        '[{"type":"text","text":"\\u12"}]', '[{"type":"text","text":"open}]', '[{"type":"text","text":"a\tb"}]',
        '[1e400]', '[NaN]', '[1,]', '[{"a":1,}]', '[{"\\x":1}]', '[{"k" 1}]', '{"a":[1,{"z":null,"y":[true,false]}]}',
        '[tru]', '[-]', '[01]', '', ']',
    ]  # fmt: skip
    cases = [parse_text(text(head + content + "}")) for content in contents]
    for levels in (99, 100, 101):  # the result, then arrays: `levels` in all
        cases.append(parse_text(text(head + "[" * (levels - 1) + "]" * (levels - 1) + "}")))
    payload = '{\\"code\\":\\"GONE\\",\\"message\\":\\"g\\"}'
    first, last = '[{"type":"text","text":"first"}]', f'[{{"type":"text","text":"{payload}"}}]'
    twice = f'{{"isError":true,"content":{first},"content":{last}}}'
    cases.append(parse_text(text(twice)))
    cases.append(parse_text(text(f'{{"content":[{{"type":"text","text":"{payload}"}}],"isError":true}}')))
    return cases


def block_cases() -> list[dict[str, Any]]:
    """Rule 8: a text block is `type == "text"` with a string `text`."""
    payload = '{"code":"NOT_FOUND","message":"from text"}'
    return [
        parse(content=[block(5), block("second")]),
        parse(content=[{"type": "text"}, block("second")]),
        parse(content=[{"type": "image", "text": "not a text block"}, block("second")]),
        parse(content=[{"type": "TEXT", "text": "upper"}, block("second")]),
        parse(content=[block(None), block(["x"]), block({"code": "NOT_FOUND", "message": "m"}), block(payload)]),
        parse(content=[block({"code": "NOT_FOUND", "message": "m"})]),
        parse(content=["text", None, 5, [block("x")], block("last")]),
        parse(content={"0": block("x")}),
    ]


def null_cases() -> list[dict[str, Any]]:
    """Rule 9: null in a field of a concrete type is invalid; in a field of type any it is kept."""
    cases = [parse({**PAYLOAD, "original": None}), parse({**PAYLOAD, "status": None}),
             parse({**PAYLOAD, "message": None}), parse({**PAYLOAD, "retriable": None}),
             parse({"code": None, "message": "m"}), parse({**PAYLOAD, "original": {"a": None}})]  # fmt: skip
    cases.append(parse(content=[block('{"code":"NOT_FOUND","message":"m","original":null}')]))
    workbook = {"catalog": "workbook", "key": "code"}
    invalid = {"code": "INVALID_ARGUMENT", "message": "m"}
    cases += [
        {"op": "parse", **workbook, "result": result({**invalid, "field": "f", "allowed": None})},
        {"op": "parse", **workbook, "result": result({**invalid, "field": None})},
    ]
    return cases


def mapping_cases() -> list[dict[str, Any]]:
    """Rule 10: map_http's message, body and status, whatever JSON they are; classify_http's status."""
    messages: list[Any] = [5, 0, False, True, {"error": "x", "token": "t"}, ["a", 1], "", None, "said no", 1.5]
    cases = [map_http(502, message, "the body") for message in messages]
    statuses: list[Any] = [500.0, 404.0, "500", "404", 500.5, True, False, None, 99, 100, 599, 600, 0, -500,
                           1e300, 2**64, [500], {"status": 500}, 429.0, 429]  # fmt: skip
    cases += [map_http(status, None, {"error": "x"}) for status in statuses]
    cases += [map_http(429.0, None, None, headers={"Retry-After": "1"})]
    cases += [{"op": "classify", **NAPKIN, "status": status, "retry_after": True, "failure": ""} for status in statuses]
    return cases


def depth_cases() -> list[dict[str, Any]]:
    """Rule 11: 64 levels in a payload, 100 in a JSON text, no recursion; the caps of keys and bodies."""
    sc = ["result", "structuredContent", "original"]
    cases = [nested(parse({**PAYLOAD, "original": None}), depth, sc) for depth in (62, 63, 64, 100_000)]
    cases += [nested(parse({**PAYLOAD, "original": None}), depth, sc, "k") for depth in (63, 64)]
    cases.append(nested(parse({**PAYLOAD, "original": [None]}), 63, [*sc, 0]))
    cases.append(nested(parse({}), 100_000, ["result", "structuredContent"], "code", "NOT_FOUND"))
    cases.append(nested(parse(content=[block("boom"), block(None)]), 100_000, ["result", "content", 1, "text"]))
    for levels in (63, 64, 99, 100, 101):  # the payload object, then arrays: `levels` in all
        inner = "[" * (levels - 1) + "1" + "]" * (levels - 1)
        cases.append(parse(content=[block("first"), block(f'{{"code":"NOT_FOUND","message":"m","original":{inner}}}')]))
    for levels in (99, 100, 101):  # the result, its payload, then arrays
        inner = "[" * (levels - 2) + "]" * (levels - 2)
        cases.append(status_text(f'4,"original":{inner}'))
    cases.append(parse_text(text("[", 1_000_000), text("]", 1_000_000)))
    cases.append(parse_text(text('{"a":', 500_000), text("1"), text("}", 500_000)))
    deep_text = {"at": ["result", "content", 1, "text"], "text": [text("[", 1_000_000)]}
    cases.append({**parse(content=[block("boom"), block("")]), "make": [deep_text]})
    cases.append(nested({"op": "sanitize", **NAPKIN, "value": None}, 100_000, ["value"], "k", "password=hunter2"))
    cases.append(nested(map_http(502, None, None), 100_000, ["body"]))
    cases.append(nested(build({"original": None}), 100_000, ["values", "original"], "k"))
    cases += [nested(build({"original": None}), depth, ["values", "original"]) for depth in (63, 64)]
    return cases


def nested(case: dict[str, Any], depth: int, at: list[Any], key: str | None = None, leaf: Any = 1) -> dict[str, Any]:
    """`case` with `depth` arrays (objects under `key`) around `leaf` made at run time at path `at`."""
    make = {"at": at, "nest": depth, "leaf": leaf, **({"key": key} if key else {})}
    return {**case, "make": [*case.get("make", []), make]}


def build(values: dict[str, Any]) -> dict[str, Any]:
    return {"op": "build", **NAPKIN, "retriable_key": "retriable", "code": "NOT_FOUND", "values": values}


def cap_cases() -> list[dict[str, Any]]:
    """The key cap (1,024 characters, then `…[truncated]`) and the bounded body read (4 MiB)."""
    keys = ["k" * 1024, "k" * 1025, "😀" * 1025, "password" + "x" * 1100, "x" * 1024 + "password"]
    cases = [{"op": "sanitize", **NAPKIN, "value": {key: "v"}} for key in keys]
    cases.append({"op": "sanitize", **NAPKIN, "value": {"a" * 1024 + "x": 1, "a" * 1024 + "y": 2}})
    cases.append(map_http(502, None, {"k" * 1030: "v"}))
    head, tail = '{"a":"' + TRACE.replace("\n", "\\n"), '"}'
    filler = MAX_BODY - len(head) - len(tail)
    for extra in (0, 1):
        parts = [text(head), text("x", filler + extra), text(tail)]
        cases += [map_http(502, None, None, body_bytes=parts, reader=reader) for reader in (False, True)]
    long_text = {"at": ["text"], "text": [text(TRACE), text("y", 2_000_000)]}
    cases.append({"op": "scrub", **NAPKIN, "text": "", "make": [long_text]})
    return cases


def value_cases() -> list[dict[str, Any]]:
    """Every case of `values.jsonl`."""
    return [*integer_cases(), *string_cases(), *byte_cases(), *unread_content_cases(), *block_cases(), *null_cases(),
            *mapping_cases(), *depth_cases(), *cap_cases()]  # fmt: skip
