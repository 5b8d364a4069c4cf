"""Localized texts (docs/runtime-contract.md §8): rendering a code's texts in a requested locale.

Cases for every catalog (a catalog without translations falls back to its base texts): each code
in every locale of the catalog and in requested tags that exercise the fallback chain (regions,
``_``, case, unknown tags), with its examples, the suite's sample values and, for plural and number
arguments, numbers that reach every CLDR category of the locales the suite uses; field descriptions;
results carrying ``localizedMessage`` and parsing them back.
"""

from __future__ import annotations

from typing import Any

from errgen.catalog.model import Catalog

REQUESTS = ["de-AT", "de_at", "DE-ch", "pl-PL", "fr", "", "zz-Latn-ZZ"]
NUMBERS: list[Any] = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 112, 1000, 1234567, -2, 1.5, 0.25, 2.0,
                      1e21, 1.5e21, 1e-7, 123456789.125, 10**16, "3", None, True]  # fmt: skip


def requested(catalog: Catalog) -> list[str]:
    """The locales each code is rendered in: the catalog's own, then the fallback probes."""
    return [*catalog.locales, *(r for r in REQUESTS if r not in catalog.locales)]


def numeric(catalog: Catalog, name: str) -> bool:
    return catalog.fields[name].type.name in ("integer", "number") if name in catalog.fields else False


def locale_cases(catalog: Catalog, samples: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`localize`, `describe` and `localized_result` cases of `catalog`; `samples`: value sets per code (wire keys)."""
    cat = catalog.name
    wire = {name: f.wire for name, f in catalog.fields.items()}
    cases: list[dict[str, Any]] = []
    for code in catalog.codes.values():
        variants = [s["values"] for s in samples if s["code"] == code.id][:4]
        numbers = [n for n in code.params if numeric(catalog, n)]
        base = variants[0] if variants else {}
        for number in NUMBERS if numbers else []:
            variants.append({**base, **{wire[n]: number for n in numbers}})
        for tag in requested(catalog):
            for values in variants[:2] if tag in REQUESTS else variants:
                cases.append({"op": "localize", "catalog": cat, "code": code.id, "locale": tag, "values": values})
        if code.constructible and code.channel.value == "tool" and variants:
            for tag in requested(catalog)[:4]:
                cases.append({"op": "localized_result", "catalog": cat, "code": code.id, "locale": tag,
                              "values": variants[0], "key": catalog.envelope.discriminator})  # fmt: skip
    for field in catalog.fields.values():
        for tag in requested(catalog):
            cases.append({"op": "describe", "catalog": cat, "field": field.wire, "locale": tag})
    return cases
