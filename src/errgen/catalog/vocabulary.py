"""Words the catalog schema and the catalog model share: `catalog_schema` reads them without the model."""

from __future__ import annotations

META_NAMES = ("retriable", "recoverable", "next_action", "ui_meaning", "kind", "title")
"""Per-code metadata a catalog may put on the wire (``envelope.metadata``)."""

GRPC_CODES: dict[str, int] = {
    "CANCELLED": 1, "UNKNOWN": 2, "INVALID_ARGUMENT": 3, "DEADLINE_EXCEEDED": 4, "NOT_FOUND": 5,
    "ALREADY_EXISTS": 6, "PERMISSION_DENIED": 7, "RESOURCE_EXHAUSTED": 8, "FAILED_PRECONDITION": 9,
    "ABORTED": 10, "OUT_OF_RANGE": 11, "UNIMPLEMENTED": 12, "INTERNAL": 13, "UNAVAILABLE": 14,
    "DATA_LOSS": 15, "UNAUTHENTICATED": 16,
}  # fmt: skip
"""google.rpc.Code: the canonical gRPC codes an error may carry (OK, 0, is not an error)."""

FAILURE_CLASSES = ("capability", "reliability", "governance")
"""The ``class`` of MCP's proposed toolFailure metadata (modelcontextprotocol SEP-3313)."""
