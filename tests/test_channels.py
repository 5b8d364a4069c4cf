"""The channels beside MCP (docs/runtime-contract.md §8): what the compiler settles, and the round trip.

The runtimes' behaviour is pinned by the contract vectors, which Python, TypeScript, Go and Rust
print byte for byte (tests/test_crosslang.py, tests/go, tests/rust). Here: every error the vectors
write as a problem document or a Status is read back, by the vectors' own parse cases, as the very
error that was built (its payload whole) — in every language, since they all print those cases —
and the defaults the compiler derives.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from contract import vectors
from ts import harness

from errgen.catalog.compile_channels import default_reason, grpc_for, type_uri
from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import load_catalog_text
from errgen.catalog.model import Catalog

READS = {"problem": "parse_problem", "status": "parse_status"}


def compiled(text: str) -> Catalog:
    diags = Diagnostics()
    doc = load_catalog_text(text, "catalog.yaml", diags)
    catalog = compile_catalog(doc, diags) if doc is not None else None
    assert catalog is not None, [d.format() for d in diags.items]
    return catalog


@pytest.mark.parametrize("name", vectors.CATALOGS)
def test_every_error_comes_back_whole_from_its_problem_document_and_its_status(name: str, tmp_path: Path) -> None:
    catalog = vectors.catalogs()[name]
    module = vectors.load_python(catalog, tmp_path)
    committed = vectors.read(name)
    read_back: dict[tuple[str, str], Any] = {}
    for v in committed:
        op = v["case"]["op"]
        if op in READS.values():
            given = v["case"]["document" if op == "parse_problem" else "status"]
            read_back.setdefault((op, json.dumps(given, sort_keys=True)), json.loads(v["expect"]))
    checked = 0
    for v in committed:
        case = v["case"]
        if case["op"] not in READS or "code" not in case:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            extra = {"retriable": case["retriable"]} if "retriable" in case else {}
            built = module.build_error(case["code"], case["values"], **extra).to_payload()
        found = read_back.get((READS[case["op"]], json.dumps(json.loads(v["expect"]), sort_keys=True)))
        if found is None:
            continue  # the parse cases read the first 40 of each (all of napkin's)
        assert found == {"known": True, "payload": json.loads(module.to_json(built))}, case
        checked += 1
    assert checked >= min(40, len([v for v in committed if v["case"]["op"] == "problem"]))
    if name == "napkin":
        assert checked == 2 * len(catalog.constructible_codes) * 3  # every code, every variant, both channels


def test_the_defaults_follow_the_catalog() -> None:
    catalog = compiled(
        "errgen: 1\ncatalog: {name: shop, version: 1.0.0, docs_url: 'https://docs.example.com/shop#top'}\n"
        "fields:\n  status: {type: integer}\n  detail: {type: string}\n"
        "codes:\n  bad-input:\n    message: no\n    http_status: 422\n    fields: {optional: [status, detail]}\n"
        "  badOutput:\n    message: no\n  ünïcødé:\n    message: no\n    http_status: 503\n"
    )
    ch = catalog.channels
    assert ch.problem_base == "https://docs.example.com/shop#" and ch.domain == "docs.example.com"
    assert ch.members == {"status": "shop_status", "detail": "shop_detail"}  # RFC 9457's own members
    assert [c.status for c in ch.codes.values()] == [422, 500, 503]
    assert [c.reason for c in ch.codes.values()] == ["BAD_INPUT", "BAD_OUTPUT", "ÜNÏCØDÉ"]
    assert [c.grpc for c in ch.codes.values()] == ["FAILED_PRECONDITION", "INTERNAL", "UNAVAILABLE"]
    assert ch.codes["ünïcødé"].problem_type == "https://docs.example.com/shop#%C3%BCn%C3%AFc%C3%B8d%C3%A9"
    assert type_uri("urn:errgen:x:", "a.b-c~d e") == "urn:errgen:x:a.b-c~d%20e"
    assert default_reason("HTTPError") == "HTTP_ERROR" and grpc_for(418) == "FAILED_PRECONDITION"


def test_metadata_keys_are_lower_camel_case_and_unique() -> None:
    catalog = compiled(
        "errgen: 1\ncatalog: {name: shop, version: 1.0.0}\nfields:\n  limit_bytes: {type: integer}\n"
        "  a_1b: {type: string}\n  a1b: {type: string}\ncodes:\n  x:\n    message: no\n"
    )
    assert catalog.channels.metadata_keys == {"limit_bytes": "limitBytes", "a_1b": "a1b", "a1b": "a1b_"}


def test_a_catalog_without_a_page_gets_its_own_urn_and_its_name_as_domain() -> None:
    catalog = compiled("errgen: 1\ncatalog: {name: shop, version: 1.0.0}\ncodes:\n  x:\n    message: no\n")
    assert catalog.channels.codes["x"].problem_type == "urn:errgen:shop:x"
    assert catalog.channels.domain == "shop"


def test_the_shipped_napkin_catalog_states_its_channels() -> None:
    napkin = harness.load(harness.ROOT / "catalog" / "napkin.yaml")
    ch = napkin.channels
    assert ch.domain == "napkin.example.com" and ch.members["status"] == "upstream_status"
    assert ch.kind_classes["Auth"] == "governance" and ch.codes["GONE"].grpc == "NOT_FOUND"
    assert ch.codes["RATE_LIMITED"].problem_type == "https://napkin.example.com/errors#RATE_LIMITED"
