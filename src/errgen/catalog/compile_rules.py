"""Compile the ``classification``, ``mappings`` and ``retired`` sections, and check ``replaced_by`` references."""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from errgen.catalog.checked import Reader, suggest
from errgen.catalog.model import Catalog, Code, FailureRule, HttpRule, Retired
from errgen.catalog.yamlsrc import JsonPath


def http_rules(
    reader: Reader, path: JsonPath, target: str, known: dict[str, Any], unsure: Set[str] = frozenset()
) -> tuple[HttpRule, ...]:
    """HTTP status rules to a ``kind`` or a ``code`` (`target`); codes in `unsure` are not checked for mappability."""
    out: list[HttpRule] = []
    seen: dict[tuple[int | str, bool | None], int] = {}
    for i, rule in enumerate(reader.get(path) or []):
        where = (*path, i)
        if reader.hit(where):
            continue
        ok = (reader.kind_ref if target == "kind" else reader.code_ref)((*where, target), known)
        if reader.spoiled(where):  # a rejected status or flag: the reference is all there is to check
            continue
        statuses = tuple(rule["status"] if isinstance(rule["status"], list) else [rule["status"]])
        for status in statuses:
            key = (status, rule.get("retry_after"))
            if key in seen:
                reader.err((*where, "status"), f"status {status} is already matched by rule {seen[key] + 1}")
            seen[key] = i
        if ok and target == "code":
            _check_mappable(reader, (*where, target), known[rule[target]], ("status", "original"), unsure)
        if ok:
            out.append(
                HttpRule(statuses, rule[target], rule.get("retry_after"), rule.get("retriable"), reader.doc.loc(where))
            )
    return tuple(out)


def failure_rules(
    reader: Reader, path: JsonPath, known: dict[str, Any], unsure: Set[str] = frozenset()
) -> tuple[FailureRule, ...]:
    """Failure classes to a kind (a plain name) or a code (``{code: …}``, not checked for mappability in `unsure`)."""
    out: list[FailureRule] = []
    for failure, rule in reader.items(path):
        where = (*path, failure)
        if isinstance(rule, str):
            if reader.kind_ref(where, known):
                out.append(FailureRule(failure, rule, None, reader.at(where)))
        elif reader.code_ref((*where, "code"), known):
            _check_mappable(reader, (*where, "code"), known[rule["code"]], ("original",), unsure)
            out.append(FailureRule(failure, rule["code"], rule.get("retriable"), reader.at(where)))
    return tuple(out)


def _check_mappable(reader: Reader, path: JsonPath, code: Code, supplies: tuple[str, ...], unsure: Set[str]) -> None:
    missing = [f for f in code.required if f not in supplies]
    if missing and code.id not in unsure:
        reader.err(path, f"code {code.id!r} requires {', '.join(missing)}, which this mapping cannot supply")


def retired(reader: Reader, codes: dict[str, Code]) -> dict[str, Retired]:
    """Retired ids, none of them reused by a code."""
    out: dict[str, Retired] = {}
    declared = reader.declared("codes")
    for rid, spec in reader.items(("retired",)):
        path = ("retired", rid)
        if rid in declared:
            first = reader.at(("codes", rid))
            reader.err(
                path, f"retired id {rid!r} is reused by a code at {first.line}:{first.col}; pick a new id", key=True
            )
        if "replaced_by" in spec:
            reader.code_ref((*path, "replaced_by"), codes, runtime=False)
        out[rid] = Retired(rid, spec.get("since"), spec.get("reason", ""), spec.get("replaced_by"), reader.at(path))
    return out


def check_replacements(reader: Reader, catalog: Catalog) -> None:
    """Each deprecated code's ``replaced_by`` names another code."""
    for code in catalog.codes.values():
        target = code.deprecated.replaced_by if code.deprecated else None
        if target is None:
            continue
        path = ("codes", code.id, "deprecated", "replaced_by")
        if target == code.id:
            reader.err(path, f"code {code.id!r} cannot be replaced by itself")
        elif target not in catalog.codes and not reader.spoiled(("codes", target)):
            why = reader.retired_reference(target) or f"replaced_by {target!r} is not a code"
            reader.err(path, why + ("" if target in catalog.retired else suggest(target, reader.declared("codes"))))
