"""Translations: one file per locale beside the catalog, checked against the base texts.

``catalog/workbook.yaml`` is translated by ``catalog/workbook.locales/de.yaml``, ``…/de-AT.yaml`` …
(a folder beside the catalog, so that ``catalog/*.yaml`` still names catalogs only): the file
name is a BCP 47 tag in canonical case, and the file says it again::

    errgen: 1
    locale: de
    codes:
      invalid_input:
        title: Ungültige Eingabe
        message: "Argument '{field}' ist fehlerhaft oder nicht erlaubt"
    fields:
      field: {description: Das Eingabeargument, um das es geht.}

A file holds texts only (a code's `TEXT_NAMES`, a field's description). Errors: an unknown
code or field, a text whose base text is empty, a message whose arguments differ from the base
message's (a dropped, added or renamed placeholder, or one used as another type), a plural that
lacks a CLDR category of the file's locale or has one the locale never uses. A text left out
falls back (``de-AT`` → ``de`` → the base); `missing` lists them for the warnings.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from errgen.catalog import icu, plurals, textfile
from errgen.catalog.checked import suggest
from errgen.catalog.diagnostics import Diagnostics, Loc
from errgen.catalog.load import _leaves, _report
from errgen.catalog.model import TEXT_NAMES, Catalog, Field, Text, Translation
from errgen.catalog.yamlsrc import Document, JsonPath, load_yaml

_TEXT = {"type": "string", "minLength": 1}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "errgen translation file (format v1)",
    "type": "object",
    "additionalProperties": False,
    "required": ["errgen", "locale"],
    "properties": {
        "errgen": {"const": 1, "description": "Catalog format version."},
        "locale": {"type": "string", "description": "The BCP 47 tag of the texts (as in the file name)."},
        "codes": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "properties": {name: _TEXT for name in TEXT_NAMES},
            },
        },
        "fields": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["description"],
                "properties": {"description": _TEXT},
            },
        },
    },
}

# What a message argument is used as → the field types it may have.
_USES = {"number": ("integer", "number", "any"), "select": ("string", "boolean", "any")}


# These three live in `textfile`, which reading the settings imports without this module.
FOLDER = textfile.TRANSLATIONS
folder_of = textfile.translations_folder
is_translation = textfile.is_translation


def siblings(catalog: Path) -> list[tuple[str, Path]]:
    """``(tag as written, path)`` of the catalog's translation files (``<tag>.yaml``), sorted by tag."""
    try:
        candidates = sorted((p for p in folder_of(catalog).glob("*.y*ml") if p.suffix in (".yaml", ".yml")),
                            key=lambda p: (p.stem, p.suffix))  # fmt: skip
    except OSError:
        return []
    return [(p.stem, p) for p in candidates if plurals.canonical(p.stem) is not None and p.is_file()]


def load_files(catalog: Path, display: str, diags: Diagnostics) -> list[tuple[str, Document]]:
    """Read and shape-check the translation files of the catalog at `catalog` (shown as `display`)."""
    head = display.rpartition("/")[0]
    folder = f"{head}/{folder_of(catalog).name}" if head else folder_of(catalog).name
    out = []
    for written, path in siblings(catalog):
        shown = f"{folder}/{path.name}"
        doc = load_yaml(path, shown, diags)
        if doc is not None and check_shape(doc, diags):
            out.append((written, doc))
    return out


@lru_cache(maxsize=1)
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(SCHEMA)


def check_shape(doc: Document, diags: Diagnostics) -> bool:
    """Report every shape problem of a translation file; whether it can be compiled."""
    if not isinstance(doc.data, dict):
        diags.error(doc.loc(()), "a translation file is a mapping with 'errgen', 'locale', 'codes' and 'fields'")
        return False
    errors = list(_leaves(_validator().iter_errors(doc.data)))
    for error in errors:
        _report(doc, error, diags)
    return not errors


def compile_all(catalog: Catalog, docs: list[tuple[str, Document]], diags: Diagnostics) -> dict[str, Translation]:
    """Each translation file compiled and checked against `catalog`, by locale."""
    out: dict[str, Translation] = {}
    for written, doc in docs:
        translation = _compile(catalog, written, doc, diags)
        if translation is not None:
            first = out.get(translation.locale)
            if first is not None:
                diags.error(translation.loc, f"locale {translation.locale!r} is also translated by {first.source}")
            else:
                out[translation.locale] = translation
    return out


def _compile(catalog: Catalog, written: str, doc: Document, diags: Diagnostics) -> Translation | None:
    data = doc.data
    tag = _locale(catalog, written, doc, diags)
    codes: dict[str, dict[str, Text]] = {}
    for cid, texts in (data.get("codes") or {}).items():
        code = catalog.codes.get(cid)
        if code is None:
            diags.error(doc.key_loc(("codes", cid)), f"unknown code {cid!r}{suggest(cid, catalog.codes)}")
            continue
        codes[cid] = {}
        for name, value in texts.items():
            path: JsonPath = ("codes", cid, name)
            base = getattr(code, name)
            if not base:
                diags.error(doc.key_loc(path), f"code {cid!r} has no {name} to translate (its base text is empty)")
            elif name != "message" or tag is None or _message_ok(catalog, cid, value, tag, doc, path, diags):
                codes[cid][name] = Text(value, doc.loc(path))
    fields: dict[str, Text] = {}
    for name, spec in (data.get("fields") or {}).items():
        field = catalog.fields.get(name)
        path = ("fields", name)
        if field is None:
            diags.error(doc.key_loc(path), f"unknown field {name!r}{suggest(name, catalog.fields)}")
        elif not field.description:
            diags.error(doc.key_loc(path), f"field {name!r} has no description to translate")
        else:
            fields[name] = Text(spec["description"], doc.loc((*path, "description")))
    if tag is None:
        return None
    return Translation(tag, doc.path, codes, fields, doc.loc(("locale",)))


def _locale(catalog: Catalog, written: str, doc: Document, diags: Diagnostics) -> str | None:
    """The file's locale, when its name and its ``locale`` agree on a tag CLDR knows."""
    value = doc.data["locale"]
    tag = plurals.canonical(written)
    where = doc.loc(("locale",))
    if tag != written:
        diags.error(Loc(doc.path), f"locale tag {written!r} as the file name: write {tag!r}")
        return None
    if value != tag:
        diags.error(where, f"locale {value!r} does not match the file name ({tag!r})")
        return None
    if tag == catalog.locale:
        diags.error(where, f"locale {tag!r} is the catalog's base locale (its texts are the catalog's own)")
        return None
    if not plurals.known(tag):
        diags.error(where, f"CLDR has no data for locale {tag!r}")
        return None
    return tag


def _message_ok(
    catalog: Catalog, cid: str, text: str, tag: str, doc: Document, path: JsonPath, diags: Diagnostics
) -> bool:
    """Whether a translated message is well-formed, uses the base message's arguments and covers `tag`'s plurals."""
    where = doc.loc(path)
    problems = list(check_text(text, tag, catalog.fields))
    if not any(p.startswith(_SYNTAX) for p in problems):
        base = icu.arguments(icu.parse(catalog.codes[cid].message))
        problems = list(_against_base(icu.arguments(icu.parse(text)), base)) + problems
    for problem in problems:
        diags.error(where, f"message of {cid!r}: {problem.removeprefix(_SYNTAX)}")
    return not problems


_SYNTAX = "syntax: "


def check_text(text: str, tag: str, fields: dict[str, Field]) -> Iterator[str]:
    """The problems of one message in locale `tag`: its syntax, argument types, plural categories."""
    try:
        message = icu.parse(text)
    except icu.IcuError as exc:
        yield _SYNTAX + str(exc)
        return
    for name, use in icu.arguments(message).items():
        field = fields.get(name)
        if field is not None and use in _USES and field.type.name not in _USES[use]:
            yield f"{{{name}}} is used as a {use} but field {name!r} is a {field.type.name}"
    for choice in icu.choices(message):
        if choice.kind != "plural":
            continue
        needed = plurals.categories(tag)
        given = [k for k, _ in choice.branches if not k.startswith("=")]
        lacking = [c for c in needed if c not in given]
        if lacking:
            yield (f"the plural of {{{choice.name}}} lacks {_words(lacking)} that {plurals.display_name(tag)} "
                   f"({tag}) needs (its categories: {', '.join(needed)})")  # fmt: skip
        extra = [c for c in given if c not in needed]
        if extra:
            yield (f"the plural of {{{choice.name}}} has {_words(extra)} that {plurals.display_name(tag)} ({tag}) "
                   f"never uses (its categories: {', '.join(needed)})")  # fmt: skip


def _words(categories: list[str]) -> str:
    names = ", ".join(repr(c) for c in categories)
    return f"the categor{'y' if len(categories) == 1 else 'ies'} {names}"


def _against_base(given: dict[str, str], base: dict[str, str]) -> Iterator[str]:
    dropped = [n for n in base if n not in given]
    added = [n for n in given if n not in base]
    shown = ", ".join(f"{{{n}}}" for n in base) or "none"
    if dropped and added:
        yield f"uses {_braced(added)} instead of {_braced(dropped)} (the base message's placeholders: {shown})"
    elif dropped:
        yield f"drops {_braced(dropped)} (the base message's placeholders: {shown})"
    elif added:
        yield f"uses {_braced(added)}, which the base message does not (its placeholders: {shown})"
    for name, use in given.items():
        other = base.get(name, "text")
        if "text" not in (use, other) and use != other:
            yield f"{{{name}}} is a {other} in the base message but a {use} here"


def _braced(names: list[str]) -> str:
    return ", ".join(f"{{{n}}}" for n in names)


def missing(catalog: Catalog) -> dict[str, list[tuple[str, str]]]:
    """Per translated locale, the ``(code or field, text name)`` that falls back to the base locale.

    A text a broader locale translates is not missing (``de-AT`` takes what it leaves out from ``de``).
    """
    out: dict[str, list[tuple[str, str]]] = {}
    for tag in catalog.translations:
        chain_ = [catalog.translations[t] for t in chain(catalog, tag)[:-1]]
        gaps = [(cid, name) for cid, code in catalog.codes.items() for name in TEXT_NAMES
                if getattr(code, name) and all(t.text(cid, name) is None for t in chain_)]  # fmt: skip
        gaps += [(name, "description") for name, f in catalog.fields.items()
                 if f.description and all(t.description(name) is None for t in chain_)]  # fmt: skip
        out[tag] = gaps
    return out


def gaps(catalog: Catalog) -> Iterator[tuple[Loc, str]]:
    """One finding per translated locale that leaves texts to the base locale: where, and how many of which."""
    total = text_count(catalog)
    for tag, lacking in missing(catalog).items():
        if not lacking:
            continue
        shown = ", ".join(f"{owner}.{name}" for owner, name in lacking[:4]) + (", …" if len(lacking) > 4 else "")
        yield (catalog.translations[tag].loc,
               f"locale {tag!r} translates {total - len(lacking)} of {total} texts; {len(lacking)} fall back to "
               f"{catalog.locale!r}: {shown}")  # fmt: skip


def text_count(catalog: Catalog) -> int:
    """How many texts a locale can translate (non-empty base texts)."""
    codes = sum(1 for code in catalog.codes.values() for name in TEXT_NAMES if getattr(code, name))
    return codes + sum(1 for f in catalog.fields.values() if f.description)


def chain(catalog: Catalog, requested: str) -> tuple[str, ...]:
    """The locales to try for `requested`, best first: its translated prefixes (``de-AT``, ``de``), then the base.

    Matching ignores case and reads ``_`` as ``-`` (docs/runtime-contract.md, "Localized texts").
    """
    wanted = requested.replace("_", "-").lower().split("-")
    known = {tag.lower(): tag for tag in catalog.translations}
    out = []
    while wanted:
        tag = known.get("-".join(wanted))
        if tag is not None:
            out.append(tag)
        wanted.pop()
    return (*out, catalog.locale)


def pick(catalog: Catalog, requested: str, code: str, name: str) -> tuple[str, str]:
    """``(locale, text)``: text `name` of `code` in the first locale of the chain that has it."""
    for tag in chain(catalog, requested):
        if tag == catalog.locale:
            return tag, getattr(catalog.codes[code], name)
        text = catalog.translations[tag].text(code, name)
        if text is not None:
            return tag, text
    return catalog.locale, getattr(catalog.codes[code], name)


def localized(catalog: Catalog, requested: str) -> Catalog:
    """`catalog` as read in locale `requested`: each code's texts and each field's description picked along the
    fallback chain (codes, keys and everything else unchanged). For documentation and ``errgen explain``."""
    from dataclasses import replace

    codes = {}
    for cid, code in catalog.codes.items():
        texts = [pick(catalog, requested, cid, name)[1] for name in TEXT_NAMES]
        codes[cid] = replace(code, message=texts[0], title=texts[1], ui_meaning=texts[2], next_action=texts[3])
    fields = {}
    for name, field in catalog.fields.items():
        text = next((catalog.translations[t].description(name) for t in chain(catalog, requested)[:-1]
                     if catalog.translations[t].description(name) is not None), None)  # fmt: skip
        fields[name] = field if text is None else replace(field, description=text)
    return replace(catalog, codes=codes, fields=fields)
