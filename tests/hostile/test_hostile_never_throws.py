"""The generated Python's parsing and sanitizing never raise, whatever object they are given.

Issue 17, observation 4: a Mapping whose ``__getitem__`` raises escaped ``parse_result``; 10**6
non-JSON text blocks took 2 s. Now ``parse_result``, ``parse_error``, ``UnknownCode.of``,
``sanitize`` and ``map_http`` return an unknown (or ``"[unreadable]"``) value for an object whose
reading raises, and ``parse_result`` reads the first `MAX_BLOCKS` content blocks only (counted
here, not timed). The TypeScript side is in tests/ts/hostile.test.ts.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any, ClassVar

import pytest
from pytarget_support import import_path
from ts import harness

from errgen.targets.common import value_rules
from errgen.targets.sanitizer.patterns import MAX_BLOCKS, TRUNCATED, UNREADABLE

GENERATED = harness.ROOT / "generated" / "napkin" / "python" / "napkin_errors"


@pytest.fixture(scope="module")
def napkin() -> ModuleType:
    return import_path(GENERATED, "throws_napkin_errors")


class Raising(Mapping[str, Any]):
    """A mapping that lists keys but raises on reading any of them (a lazy proxy gone bad)."""

    def __getitem__(self, key: str) -> Any:
        raise RuntimeError(f"cannot read {key}")

    def __iter__(self) -> Iterator[str]:
        return iter(["isError", "code", "message", "structuredContent", "content"])

    def __len__(self) -> int:
        return 5


class RaisingKeys(Raising):
    """A mapping whose very iteration raises."""

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("cannot list keys")


class RaisingList(list[Any]):
    """A list whose items cannot be read."""

    def __getitem__(self, index: Any) -> Any:
        raise RuntimeError("cannot index")

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("cannot iterate")


class Model:
    """Looks like a pydantic model, but every attribute raises."""

    model_fields: ClassVar[dict[str, None]] = {"isError": None, "content": None}

    def model_dump(self, **kwargs: Any) -> Any:
        raise RuntimeError("cannot dump")

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"cannot read {name}")


class Counting(Mapping[str, Any]):
    """A non-JSON text block that counts how often it is read."""

    reads = 0

    def __getitem__(self, key: str) -> Any:
        Counting.reads += 1
        return {"type": "text", "text": "not json, just a long log line"}[key]

    def __iter__(self) -> Iterator[str]:
        return iter(["type", "text"])

    def __len__(self) -> int:
        return 2


HOSTILE = [Raising(), RaisingKeys(), RaisingList([1]), Model()]
RESULTS = [
    *HOSTILE,
    {"isError": True, "structuredContent": Raising()},
    {"isError": True, "structuredContent": RaisingKeys()},
    {"isError": True, "content": RaisingList([1])},
    {"isError": True, "content": [Raising(), RaisingKeys(), Model()]},
    {"isError": True, "content": [{"type": "text", "text": Raising()}]},
]
IDS = ["getitem", "keys", "list", "model", "structured", "structured-keys", "content", "blocks", "text"]


@pytest.mark.parametrize("result", RESULTS, ids=IDS)
def test_parse_result_returns_an_unknown_error_instead_of_raising(napkin: ModuleType, result: Any) -> None:
    parsed = napkin.parse_result(result)
    assert parsed is None or isinstance(parsed, napkin.UnknownCode)


@pytest.mark.parametrize("payload", HOSTILE, ids=IDS[:4])
def test_parse_error_and_unknown_code_never_raise(napkin: ModuleType, payload: Any) -> None:
    assert isinstance(napkin.parse_error(payload), napkin.UnknownCode)
    assert napkin.UnknownCode.of(payload).code == ""


@pytest.mark.parametrize("body", HOSTILE, ids=IDS[:4])
def test_sanitize_and_map_http_mark_what_they_cannot_read(napkin: ModuleType, body: Any) -> None:
    sanitized = napkin.sanitize({"ok": "fine", "bad": body})
    assert sanitized["ok"] == "fine"
    assert sanitized["bad"] in (UNREADABLE, body)  # an object that is no list or mapping is kept, as any value
    original = napkin.map_http(502, body).to_payload()["original"]
    assert original["body"] in (UNREADABLE, body)


def test_parse_result_reads_only_the_first_blocks_of_a_huge_content(napkin: ModuleType) -> None:
    """10**6 text blocks that are not JSON: only the first MAX_BLOCKS are read (observation 4: 2 s)."""
    blocks = [Counting() for _ in range(1_000_000)]
    Counting.reads = 0
    parsed = napkin.parse_result({"isError": True, "content": blocks})
    assert isinstance(parsed, napkin.UnknownCode) and parsed.message == "not json, just a long log line"
    assert 0 < Counting.reads <= 3 * MAX_BLOCKS
    payload = '{"code": "NOT_FOUND", "message": "gone", "isError": true}'
    late = [{"type": "text", "text": "x"}] * MAX_BLOCKS + [{"type": "text", "text": payload}]
    assert napkin.parse_result({"isError": True, "content": late}).code == ""  # past the first blocks: not read


class RaisingReader(io.RawIOBase):
    """A body stream that fails mid-read (a dropped upstream connection)."""

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        raise ConnectionResetError("upstream went away")


class EndlessReader(io.RawIOBase):
    """A body stream that never ends: `map_http` reads its bound and one byte more, no further."""

    served = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer)
        view[:] = b"x" * len(view)
        EndlessReader.served += len(view)
        return len(view)


def test_map_http_reads_a_reader_to_its_bound_and_marks_a_failing_one(napkin: ModuleType) -> None:
    """Contract §7: a reader body is read to 4 MiB and one byte more; one whose reading raises is unreadable."""
    original = napkin.map_http(502, None, RaisingReader()).to_payload()["original"]
    assert original == {"status": 502, "body": UNREADABLE}
    EndlessReader.served = 0
    body = napkin.map_http(502, None, io.BufferedReader(EndlessReader())).to_payload()["original"]["body"]
    assert body.endswith(TRUNCATED) and set(body.removesuffix(TRUNCATED)) == {"x"}
    assert value_rules.MAX_BODY < EndlessReader.served <= 2 * value_rules.MAX_BODY  # a buffer's worth past it, no more
