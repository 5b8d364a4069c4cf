"""The numbers every target can hold: each catalog number is checked against the types the targets print it into.

A kind's ``max_attempts`` becomes a Rust ``u32``, a Go ``int`` and a TypeScript number; a
``jsonrpc_code`` a Rust ``i64``; an integer repair field a Rust ``i64`` and a Go ``int64``, and
every runtime reads integers only up to 2^53 − 1 (docs/runtime-contract.md §7). A catalog
compiles only when each such number fits every target, so adding a target never fails on a
catalog that compiled. Go's ``int`` counts as 32 bits: that is its size on ``386`` and ``arm``,
where a larger constant does not compile.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from errgen.catalog.model import SAFE_INTEGER


@dataclass(frozen=True, slots=True)
class Holder:
    """A target's type that a catalog number is printed into, with its inclusive range."""

    target: str
    type: str
    low: int
    high: int

    def says(self, value: int) -> str:
        """``Rust's u32 (at most 4294967295)``: the bound `value` breaks."""
        bound = f"at most {self.high}" if value > self.high else f"at least {self.low}"
        return f"{self.target}'s {self.type} ({bound})"


_TS = Holder("TypeScript", "number as an exact integer", -SAFE_INTEGER, SAFE_INTEGER)
_GO_INT = Holder("Go", "int on 32-bit platforms", -(2**31), 2**31 - 1)
_GO_INT64 = Holder("Go", "int64", -(2**63), 2**63 - 1)
_RUST_U32 = Holder("Rust", "u32", 0, 2**32 - 1)
_RUST_I64 = Holder("Rust", "i64", -(2**63), 2**63 - 1)

HOLDERS: dict[str, tuple[Holder, ...]] = {
    "max_attempts": (_RUST_U32, _GO_INT, _TS),
    "initial_backoff_ms": (_RUST_U32, _GO_INT, _TS),
    "jsonrpc_code": (_RUST_I64, _GO_INT, _TS),
    "integer": (_RUST_I64, _GO_INT64, _TS),  # an integer repair field, an integer array item
    "value": (_TS,),  # any other integer in an example or a witness input: every runtime reads a double
}
"""What each kind of catalog number is printed into, by the targets that bound it (Python's int has no bound)."""


def problem(kind: str, value: Any) -> str | None:
    """Why integer `value` does not fit every target's type for `kind` (``does not fit …``), or None."""
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    broken = [h.says(value) for h in HOLDERS[kind] if not h.low <= value <= h.high]
    if not broken:
        return None
    listed = broken[0] if len(broken) == 1 else ", ".join(broken[:-1]) + " or " + broken[-1]
    return f"{shown(value)} does not fit {listed}"


def shown(value: int) -> str:
    """`value` as a message prints it: in full, or its size when Python would refuse to spell it out."""
    if value.bit_length() <= 256:
        return str(value)
    digits = int(value.bit_length() * 0.30103) + 1
    return f"{'-' if value < 0 else ''}an integer of about {digits} digits"


def too_large(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], int]]:
    """Every integer in `value` (a JSON value) beyond what a JavaScript number holds exactly, with its path."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) > SAFE_INTEGER:
            yield path, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from too_large(item, (*path, i))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from too_large(item, (*path, key))
