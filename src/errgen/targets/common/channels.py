"""The channel tables every runtime embeds (RFC 9457, google.rpc.Status, MCP toolFailure), in the runtimes' terms.

The compiler settles every channel value (`catalog.compile_channels`). A runtime holds
them compactly: the catalog-wide settings, and per code only what its runtime rule would
not give, so a catalog whose codes follow the defaults costs no line per code. The rules
the runtimes apply (docs/runtime-contract.md §9), the same in every language:

- problem type URI: the code's own, else the problem base followed by the code id;
- reason: the code's own, else the code id with ASCII letters upper-cased;
- gRPC code: the code's own, else the one of its status in `grpc_by_status`;
- status: the code's HTTP status, else 500.

`tables` lists an override exactly where the settled value differs from its rule, so every
runtime prints what the compiler settled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from errgen.catalog.compile_channels import DEFAULT_STATUS, VIOLATIONS_MEMBER, grpc_for
from errgen.catalog.model import Catalog
from errgen.catalog.vocabulary import FAILURE_CLASSES, GRPC_CODES


@dataclass(frozen=True)
class CodeOverride:
    """What one code's channel values say beyond the runtime rules ("", 0 and () say nothing)."""

    code: str
    problem_type: str
    reason: str
    grpc: int
    violations: tuple[str, ...]  # wire keys of its field-violation fields


@dataclass(frozen=True)
class ChannelTables:
    """A catalog's channel settings as the runtimes read them; fields named by their wire keys."""

    problem_base: str
    domain: str
    grpc_by_status: tuple[tuple[int, int], ...]  # each status a code has, ascending
    members: tuple[tuple[str, str], ...]  # wire key → problem member, where they differ
    metadata_keys: tuple[tuple[str, str], ...]  # wire key → ErrorInfo metadata key, where they differ
    kind_classes: tuple[tuple[str, str], ...]  # kind → toolFailure class, in declared order
    codes: tuple[CodeOverride, ...]  # codes with an override, in declared order


def ascii_upper(text: str) -> str:
    """`text` with its ASCII letters upper-cased (the runtimes' reason rule)."""
    if text.isascii():
        return text.upper()
    return "".join(chr(ord(ch) - 32) if "a" <= ch <= "z" else ch for ch in text)


def tables(catalog: Catalog) -> ChannelTables:
    """The channel tables of `catalog`."""
    ch = catalog.channels
    statuses = sorted({c.status for c in ch.codes.values()} | {DEFAULT_STATUS})
    by_status = {s: GRPC_CODES[grpc_for(s)] for s in statuses}
    wire = {name: f.wire for name, f in catalog.fields.items()}
    overrides = []
    for cid, c in ch.codes.items():
        override = CodeOverride(
            cid,
            c.problem_type if c.problem_type != ch.problem_base + cid else "",
            c.reason if c.reason != ascii_upper(cid) else "",
            c.grpc_number if c.grpc_number != by_status[c.status] else 0,
            tuple(wire[name] for name in c.violations),
        )
        if override.problem_type or override.reason or override.grpc or override.violations:
            overrides.append(override)
    return ChannelTables(
        problem_base=ch.problem_base,
        domain=ch.domain,
        grpc_by_status=tuple(by_status.items()),
        members=tuple((wire[n], m) for n, m in ch.members.items() if m != wire[n]),
        metadata_keys=tuple((wire[n], k) for n, k in ch.metadata_keys.items() if k != wire[n]),
        kind_classes=tuple(ch.kind_classes.items()),
        codes=tuple(overrides),
    )


TOOL_FAILURE = "io.modelcontextprotocol/toolFailure"
RPC_TYPE = "type.googleapis.com/google.rpc."
UNKNOWN_REASON = "UNKNOWN"
MAX_DETAILS = 16  # Status details a parser reads (as the first 16 content blocks of a result)
FRAGMENT = "-._~!$&'()*+,;=:@/?"  # with ASCII letters and digits: what a URI fragment holds unescaped


def constants(string: Callable[[str], str]) -> dict[str, str]:
    """The runtimes' channel constants as literals of one language (`string` writes a string literal)."""
    return {
        "tool_failure": string(TOOL_FAILURE),
        "classes": ", ".join(string(c) for c in FAILURE_CLASSES),
        "rpc_type": string(RPC_TYPE),
        "unknown_status": str(DEFAULT_STATUS),
        "unknown_grpc": str(GRPC_CODES["UNKNOWN"]),
        "unknown_reason": string(UNKNOWN_REASON),
        "max_details": str(MAX_DETAILS),
        "violations": string(VIOLATIONS_MEMBER),
        "fragment_chars": string(FRAGMENT),
        "fragment": string("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + FRAGMENT),
    }
