"""Compile the catalog's locales: its base locale, the base messages' plurals, its translation files."""

from __future__ import annotations

from dataclasses import replace

from errgen.catalog import icu, plurals, translations
from errgen.catalog.checked import Reader
from errgen.catalog.model import Catalog
from errgen.catalog.yamlsrc import Document


def base_locale(reader: Reader) -> str:
    """``catalog.locale`` (default ``en``), reported when it is no BCP 47 tag CLDR knows."""
    value = reader.get(("catalog", "locale"))
    if value is None:
        return "en"
    tag = plurals.canonical(value)
    if tag is None:
        reader.err(("catalog", "locale"), f"locale {value!r} is not a BCP 47 tag such as 'en' or 'de-AT'")
        return "en"
    if tag != value:
        reader.err(("catalog", "locale"), f"locale {value!r}: write {tag!r}")
    elif not plurals.known(tag):
        reader.err(("catalog", "locale"), f"CLDR has no data for locale {tag!r}")
        return "en"
    return tag


def check_base_messages(reader: Reader, catalog: Catalog) -> None:
    """Each well-formed base message: argument types against its fields, plurals against the base locale."""
    for cid, code in catalog.codes.items():
        if not code.message or not _parses(code.message):
            continue  # compile_codes reported it
        for problem in translations.check_text(code.message, catalog.locale, catalog.fields):
            reader.err(("codes", cid, "message"), f"message template: {problem.removeprefix('syntax: ')}")


def _parses(text: str) -> bool:
    try:
        icu.parse(text)
    except icu.IcuError:
        return False
    return True


def with_translations(reader: Reader, catalog: Catalog, doc: Document) -> Catalog:
    """`catalog` with its translation files compiled (those the document was given, else those beside the file it
    was read from), and its ``envelope.message_locale`` checked."""
    files = doc.translations
    if files is None:
        files = translations.load_files(doc.source, doc.path, reader.diags) if doc.source is not None else []
    found = translations.compile_all(catalog, files, reader.diags) if files else {}
    wire = catalog.envelope.message_locale
    if wire is not None:
        tag = plurals.canonical(wire)
        if tag is None or tag != wire:
            reader.err(("envelope", "message_locale"), f"message_locale {wire!r} is not a BCP 47 tag in canonical case")
        elif tag != catalog.locale and tag not in found:
            known = ", ".join((catalog.locale, *found))
            reader.err(("envelope", "message_locale"), f"no translation file for locale {tag!r} (locales: {known})")
    return replace(catalog, translations=found) if found else catalog
