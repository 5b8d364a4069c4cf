"""Target ``reasons``: the catalog's AIP-193 ErrorInfo reasons per domain, as JSON (no ``.proto``).

File ``grpc/<catalog>.reasons.json``: for each domain (a catalog has one), its reasons in catalog
order, each with the code it stands for, its canonical ``google.rpc.Code`` (name and number),
HTTP status, problem type URI, title and cause, whether it may be retried, the ``ErrorInfo``
metadata keys its errors carry (each with the repair field, its type and description) and the
fields reported as ``BadRequest`` field violations. It is what a gRPC service's docs, or a client
that switches on ``ErrorInfo.reason``, need without a ``.proto`` of errgen's own: the Status
itself is the standard ``google.rpc.Status`` (docs/runtime-contract.md §9).
"""

from __future__ import annotations

from typing import Any

from errgen.catalog import jsontext
from errgen.catalog.model import Catalog, Code, Retriable
from errgen.targets import TargetOptions
from errgen.targets.common.header import header_text

FORMAT = 1


def reason_entry(catalog: Catalog, code: Code) -> dict[str, Any]:
    """One reason: what a client reading an ErrorInfo of it needs to know."""
    ch = catalog.channels.codes[code.id]
    metadata = []
    for name in code.fields:
        field = catalog.fields[name]
        kind = f"{field.type.items}[]" if field.type.items else field.type.name
        metadata.append({
            "key": catalog.channels.metadata_keys[name],
            "field": field.wire,
            "type": kind,  # a string field's value as it is; any other type's as its JSON text
            "required": name in code.required,
            "description": field.description,
        })  # fmt: skip
    return {
        "reason": ch.reason,
        "code": code.id,
        "grpcCode": ch.grpc,
        "grpcCodeNumber": ch.grpc_number,
        "httpStatus": ch.status,
        "problemType": ch.problem_type,
        "title": code.title,
        "description": code.when,
        "retryable": code.retriable is Retriable.YES,
        "metadata": metadata,
        "fieldViolations": [catalog.fields[name].wire for name in ch.violations],
    }


def reasons_document(catalog: Catalog) -> dict[str, Any]:
    """``<catalog>.reasons.json``."""
    return {
        "$comment": header_text(catalog),
        "format": FORMAT,
        "catalog": {"name": catalog.name, "version": catalog.version, "fingerprint": catalog.fingerprint},
        "domains": [
            {
                "domain": catalog.channels.domain,
                "reasons": [reason_entry(catalog, code) for code in catalog.codes.values()],
            }
        ],
    }


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """The reasons file of one catalog."""
    return {f"grpc/{catalog.name}.reasons.json": jsontext.dumps(reasons_document(catalog)) + "\n"}
