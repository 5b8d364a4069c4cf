"""The normalized catalog: a canonical JSON form of the IR, and its fingerprint.

This is what the ``catalog.json`` target publishes for other tools and languages,
and what the fingerprint hashes: semantic content in declared order, without
source positions or derived identifiers (so a naming-rule change does not alter
the fingerprint, and moving a code within the file does).
"""

from __future__ import annotations

import hashlib
from typing import Any

from errgen.catalog import jsontext
from errgen.catalog.model import Catalog, Code, FailureRule, HttpRule, Translation


def normalize(catalog: Catalog) -> dict[str, Any]:
    """The catalog as plain JSON data, in a fixed shape and declared order.

    The optional sections (``tools``, ``arguments``; the locale keys ``catalog.locale``, ``envelope.message_locale``,
    ``translations``) appear only when the catalog sets them, so a catalog without them keeps its fingerprint.
    """
    out = _normalized(catalog)
    if catalog.locale != "en":
        out["catalog"]["locale"] = catalog.locale
    if catalog.envelope.message_locale is not None:
        out["envelope"]["message_locale"] = catalog.envelope.message_locale
    if catalog.tools or catalog.every_tool:
        out["tools"] = _tools(catalog)
    if catalog.arguments:
        out["arguments"] = {role.role: role.code for role in catalog.arguments.values()}
    if catalog.translations:
        out["translations"] = [_translation(t) for t in catalog.translations.values()]
    return out


def _tools(catalog: Catalog) -> dict[str, Any]:
    """The ``tools`` section: each tool's own codes (kinds and groups expanded) and its schemas, inline."""
    return {
        "every_tool": list(catalog.every_tool),
        "by_name": [
            {
                "name": tool.name,
                "description": tool.description,
                "errors": list(tool.own),
                "output_schema": None if tool.output_schema is None else tool.output_schema.schema,
                "output_root": tool.output_root.value,
                "input_schema": None if tool.input_schema is None else tool.input_schema.schema,
            }
            for tool in catalog.tools.values()
        ],
    }


def _translation(translation: Translation) -> dict[str, Any]:
    return {
        "locale": translation.locale,
        "codes": {cid: {name: t.value for name, t in texts.items()} for cid, texts in translation.codes.items()},
        "fields": {name: t.value for name, t in translation.fields.items()},
    }


def _normalized(catalog: Catalog) -> dict[str, Any]:
    return {
        "format": 1,
        "catalog": {
            "name": catalog.name,
            "version": catalog.version,
            "title": catalog.title,
            "description": catalog.description,
            "docs_url": catalog.docs_url,
            "prefix": catalog.prefix,
        },
        "envelope": {
            "structured_content": catalog.envelope.structured_content,
            "mirror_is_error": catalog.envelope.mirror_is_error,
            "tool_failure_meta": catalog.envelope.tool_failure_meta,
            "retriable_field": catalog.envelope.retriable_field,
            "provenance": catalog.envelope.provenance,
            "provenance_mode": catalog.envelope.provenance_mode.value,
            "discriminator": catalog.envelope.discriminator,
            "casing": catalog.envelope.casing.value,
            "metadata": [{"name": m.name, "key": m.key, "when": m.when} for m in catalog.envelope.metadata],
            "structured_is_error": catalog.envelope.structured_is_error,
        },
        "fields": [
            {"name": f.name, "key": f.wire, "type": f.type.name, "items": f.type.items, "description": f.description}
            for f in catalog.fields.values()
        ],
        "kinds": [
            {
                "name": k.name,
                "description": k.description,
                "retryable": k.retryable,
                "max_attempts": k.max_attempts,
                "initial_backoff_ms": k.initial_backoff_ms,
                "failure_class": catalog.channels.kind_classes.get(k.name),
            }
            for k in catalog.kinds.values()
        ],
        "default_kind": catalog.default_kind,
        "policies": [
            {"name": p.name, "description": p.description, "terminate_on": list(p.terminate_on)}
            for p in catalog.policies.values()
        ],
        "channels": {
            "problem_base": catalog.channels.problem_base,
            "domain": catalog.channels.domain,
            "members": dict(catalog.channels.members),
        },
        "codes": [_code(c) | _channel_keys(catalog, c) for c in catalog.codes.values()],
        "classification": {
            "http": [_http(r, "kind") for r in catalog.classification_http],
            "failures": [_failure(r, "kind") for r in catalog.classification_failures],
        },
        "mappings": {
            "http": [_http(r, "code") for r in catalog.mapping_http],
            "failures": [_failure(r, "code") for r in catalog.mapping_failures],
            "default": catalog.mapping_default,
        },
        "retired": [
            {"id": r.id, "since": r.since, "reason": r.reason, "replaced_by": r.replaced_by}
            for r in catalog.retired.values()
        ],
    }


def _code(code: Code) -> dict[str, Any]:
    dep = code.deprecated
    return {
        "id": code.id,
        "title": code.title,
        "when": code.when,
        "message": code.message,
        "kind": code.kind,
        "retriable": code.retriable.value,
        "recoverable": code.recoverable.value,
        "next_action": code.next_action,
        "ui_meaning": code.ui_meaning,
        "channel": code.channel.value,
        "jsonrpc_code": code.jsonrpc_code,
        "http_status": code.http_status,
        "since": code.since,
        "deprecated": None
        if dep is None
        else {"since": dep.since, "replaced_by": dep.replaced_by, "reason": dep.reason},
        "deferred": code.deferred,
        "fields": {"required": list(code.required), "optional": list(code.optional)},
        "examples": [e.values for e in code.examples],
        "docs": code.docs,
        "witness": None if code.witness is None else {"tool": code.witness.tool, "input": code.witness.input},
    }


def _channel_keys(catalog: Catalog, code: Code) -> dict[str, Any]:
    """A code's settled channel values, under the catalog keys that state them."""
    ch = catalog.channels.codes.get(code.id)
    if ch is None:  # a catalog built without its channels (a test's hand-made IR)
        return {}
    return {
        "problem_type": ch.problem_type,
        "reason": ch.reason,
        "grpc_code": ch.grpc,
        "field_violations": list(ch.violations),
    }


def _http(rule: HttpRule, target: str) -> dict[str, Any]:
    out: dict[str, Any] = {"status": list(rule.statuses), target: rule.target}
    out["retry_after"] = rule.retry_after
    if target == "code":
        out["retriable"] = rule.retriable
    return out


def _failure(rule: FailureRule, target: str) -> dict[str, Any]:
    out: dict[str, Any] = {"failure": rule.failure, target: rule.target}
    if target == "code":
        out["retriable"] = rule.retriable
    return out


def canonical_json(data: Any) -> str:
    """Compact JSON with sorted keys: the bytes the fingerprint hashes."""
    return jsontext.canonical(data)


def fingerprint(catalog: Catalog) -> str:
    """``sha256:<hex>`` of the canonical normalized catalog."""
    return "sha256:" + hashlib.sha256(canonical_json(normalize(catalog)).encode()).hexdigest()
