"""The wire payload of an error, exactly as the generated runtimes build it.

`docs/runtime-contract.md` §1: the code under the catalog's discriminator key, the
scrubbed message, the metadata of ``envelope.metadata`` (``retriable`` first), the repair
fields given under their wire keys (in the code's field order), provenance, and the
``isError`` mirror (and, asked for, ``localizedMessage``, §8). The Markdown examples and the conformance
packs' fixtures are built here, so what the docs show is what a server sends.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from errgen.catalog.model import Catalog, Code
from errgen.catalog.rendering import render
from errgen.catalog.translations import pick
from errgen.targets.sanitizer.scrub import scrub_text


def message(catalog: Catalog, code: Code, values: dict[str, Any], locale: str | None = None) -> tuple[str, str]:
    """``(locale, message)`` of an example in `locale` (default: the wire message's): rendered, scrubbed, not empty."""
    tag, template = pick(catalog, locale or catalog.envelope.message_locale or catalog.locale, code.id, "message")
    return tag, _scrubbed(render(template, values, tag)) or code.id


@lru_cache(maxsize=1 << 14)  # the Markdown and the packs targets scrub the same examples' messages
def _scrubbed(text: str) -> str:
    return scrub_text(text)


def payload(
    catalog: Catalog,
    code: Code,
    values: dict[str, Any],
    provenance: dict[str, str] | None = None,
    localized: str | None = None,
) -> dict[str, Any]:
    """The error payload for `values`, keys in contract order (`provenance`: the object to share, if any;
    `localized`: the locale of a ``localizedMessage`` to add, as ``to_result(locale=…)`` does)."""
    env = catalog.envelope
    data: dict[str, Any] = {env.discriminator: code.id, "message": message(catalog, code, values)[1]}
    data.update((m.key, m.value(code)) for m in env.metadata if m.carried_by(code))
    data.update((catalog.fields[name].wire, values[name]) for name in code.fields if name in values)
    if env.provenance:
        data["provenance"] = catalog.provenance.as_dict() if provenance is None else provenance
    if env.mirror_is_error:
        data["isError"] = True
    if localized is not None:
        tag, text = message(catalog, code, values, localized)
        data["localizedMessage"] = {"locale": tag, "message": text}
    return data
