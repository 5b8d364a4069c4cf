"""Stage 2: a shape-checked document → the frozen `Catalog` IR, section by section, every problem in one pass."""

from __future__ import annotations

from dataclasses import replace

from errgen.catalog import (
    compile_arguments,
    compile_channels,
    compile_codes,
    compile_declarations,
    compile_envelope,
    compile_locales,
    compile_rules,
    compile_tools,
    naming,
)
from errgen.catalog.checked import Reader
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.model import Catalog, Provenance
from errgen.catalog.yamlsrc import Document


def _run(reader: Reader) -> Catalog:
    """The catalog, section by section (in this order, which is the order of its diagnostics)."""
    meta = reader.getter(("catalog",), reader.raw.get("catalog"))
    name = meta("name", "catalog")
    kinds = compile_declarations.kinds(reader)
    env = compile_envelope.envelope(reader)
    fields = compile_envelope.field_keys(reader, env, compile_declarations.fields(reader))
    codes, unsure = compile_codes.codes(reader, fields, kinds)
    tools, every_tool = compile_tools.tools(reader, codes, kinds)
    catalog = Catalog(
        name=name,
        version=meta("version", "0.0.0"),
        title=meta("title", name),
        description=meta("description", ""),
        docs_url=meta("docs_url"),
        prefix=meta("prefix"),
        source=reader.doc.path,
        envelope=env,
        fields=fields,
        kinds=kinds,
        default_kind=reader.kind_ref(("default_kind",), kinds),
        policies=compile_declarations.policies(reader, kinds),
        codes=codes,
        classification_http=compile_rules.http_rules(reader, ("classification", "http"), "kind", kinds),
        classification_failures=compile_rules.failure_rules(reader, ("classification", "failures"), kinds),
        mapping_http=compile_rules.http_rules(reader, ("mappings", "http"), "code", codes, unsure),
        mapping_failures=compile_rules.failure_rules(reader, ("mappings", "failures"), codes, unsure),
        mapping_default=reader.code_ref(("mappings", "default"), codes),
        retired=compile_rules.retired(reader, codes),
        names=naming.names(name),
        tools=tools,
        every_tool=every_tool,
        locale=compile_locales.base_locale(reader),
        arguments=compile_arguments.arguments(reader, codes, fields),
    )
    compile_rules.check_replacements(reader, catalog)
    compile_locales.check_base_messages(reader, catalog)
    return replace(catalog, channels=compile_channels.channels(reader, catalog))


def compile_catalog(doc: Document, diags: Diagnostics) -> Catalog | None:
    """Compile a shape-checked document; None if the shape check rejected part of it or any error was recorded.

    The well-formed parts of a rejected document are still checked, so one run reports every mistake.
    """
    before = len([d for d in diags.items if d.level == "error"])
    reader = Reader(doc, diags)
    catalog = _run(reader)
    catalog = compile_locales.with_translations(reader, catalog, doc)
    if doc.rejected or len([d for d in diags.items if d.level == "error"]) > before:
        return None
    from errgen.catalog.normalize import fingerprint

    return replace(catalog, provenance=Provenance(catalog.name, catalog.version, fingerprint(catalog)))


__all__ = ["compile_catalog"]
