"""Compile the ``envelope`` section: the catalog's wire shape, checked for key clashes.

The discriminator's wire name, the key casing of repair fields, the per-code metadata
that rides on each error (and under which key), the provenance mode and the MCP result
options become one frozen `Envelope`; `field_keys` gives each repair field its wire key.
Two things on the wire under one key are reported at the envelope (or the field).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from errgen.catalog import naming
from errgen.catalog.checked import Reader
from errgen.catalog.model import Casing, Envelope, Field, ProvenanceMode, WireMeta
from errgen.catalog.vocabulary import META_NAMES
from errgen.catalog.yamlsrc import JsonPath

PATH: JsonPath = ("envelope",)
_DEFAULT_KEYS = {"retriable": "retriable", "recoverable": "recoverable", "next_action": "nextAction",
                 "ui_meaning": "uiMeaning", "kind": "kind", "title": "title"}  # fmt: skip


def envelope(reader: Reader) -> Envelope:
    """The envelope options of the document (defaults for what it leaves out)."""
    raw = dict(reader.items(PATH))
    metadata = _metadata(reader, raw)
    return Envelope(
        structured_content=raw.get("structured_content", True),
        mirror_is_error=raw.get("mirror_is_error", False),
        tool_failure_meta=raw.get("tool_failure_meta", False),
        provenance_mode=_provenance(raw.get("provenance", True)),
        discriminator=raw.get("discriminator", "code"),
        casing=Casing(raw.get("casing", "as_written")),
        metadata=metadata,
        structured_is_error=raw.get("structured_is_error", False),
        message_locale=raw.get("message_locale"),
    )


def _provenance(value: Any) -> ProvenanceMode:
    if isinstance(value, bool):
        return ProvenanceMode.REQUIRED if value else ProvenanceMode.NONE
    return ProvenanceMode(value)


def _metadata(reader: Reader, raw: dict[str, Any]) -> tuple[WireMeta, ...]:
    spec: dict[str, Any] = dict(reader.items((*PATH, "metadata")))
    if raw.get("retriable_field"):
        if "retriable" in spec:
            reader.err((*PATH, "retriable_field"), "say 'retriable' once: 'retriable_field' or 'metadata.retriable'")
        else:
            spec = {"retriable": True, **spec}
    out = []
    for name in (n for n in META_NAMES if n in spec):  # wire order: the order of META_NAMES
        value = spec[name]
        if value is False:
            continue
        entry = value if isinstance(value, dict) else {"key": value} if isinstance(value, str) else {}
        out.append(WireMeta(name, entry.get("key", _DEFAULT_KEYS[name]), entry.get("when", "always")))
    return tuple(out)


def field_keys(reader: Reader, env: Envelope, fields: dict[str, Field]) -> dict[str, Field]:
    """`fields` with their wire keys, and an error for each key the envelope or another field has."""
    taken: dict[str, str] = {}
    paths: dict[str, JsonPath] = {}
    for key, owner, path in _envelope_keys(env):
        if key in taken:
            where = path if reader.get(path) is not None else paths[key]  # the option the catalog states
            reader.err(where, f"wire key {key!r} is used twice: by {taken[key]} and by {owner}", key=True)
        taken.setdefault(key, owner)
        paths.setdefault(key, path)
    out = {}
    for name, f in fields.items():
        key = naming.wire_key(name, env.casing)
        if key in taken:
            reader.err(("fields", name), f"field {name!r} has wire key {key!r}, already used by {taken[key]}", key=True)
        taken.setdefault(key, f"field {name!r}")
        out[name] = replace(f, key=key)
    return out


def _envelope_keys(env: Envelope) -> list[tuple[str, str, JsonPath]]:
    """``(wire key, what uses it, where the catalog says so)`` for every non-field key of the payload."""
    keys: list[tuple[str, str, JsonPath]] = [("message", "the message", PATH)]
    keys.append((env.discriminator, "the discriminator", (*PATH, "discriminator")))
    keys += [(m.key, f"metadata {m.name!r}", (*PATH, "metadata", m.name)) for m in env.metadata]
    if env.provenance:
        keys.append(("provenance", "the provenance stamp", (*PATH, "provenance")))
    if env.mirror_is_error:
        keys.append(("isError", "the isError mirror", (*PATH, "mirror_is_error")))
    keys.append(("localizedMessage", "the localized message", PATH))
    return keys
