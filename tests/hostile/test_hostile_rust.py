"""Hostile names in the Rust target: keywords, the prelude, the crate's own items, non-ASCII.

Every name a catalog accepts becomes an ASCII Rust identifier that is no keyword and unique in
its scope (structs and variants, kinds, policies, each struct's members), while the wire keeps
the catalog's name. The catalog of `tests/rust/catalogs/rustnames.yaml` is compiled, linted
with clippy and used by Rust tests in the Rust test workspace (`tests/rust/`, `seeds/tests/hostile_names.rs`).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.rust import target as rust
from errgen.targets.rust.names import TYPE_NAMES, names

from .hostile_checks import compile_text, must_compile
from .hostile_strategies import HOSTILE_NAMES, PROPERTY, RESERVED_FIELDS, distinct_names, name_key, to_yaml
from .test_hostile_names import catalog_with

IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# The Rust Reference's strict, reserved and 2024-edition keywords (written out here, not imported).
RUST_KEYWORDS = set(
    "as async await break const continue crate dyn else enum extern false fn for gen if impl in let loop match mod "
    "move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become "
    "box do final macro override priv try typeof unsized virtual yield".split()
)


def assert_rust_names(catalog: Catalog) -> None:
    rs = names(catalog)
    scopes = [list(rs.codes.values()), list(rs.kinds.values()), list(rs.policies.values())]
    scopes += [list(members.values()) for members in rs.members.values()]
    for scope in scopes:
        assert len(set(scope)) == len(scope), scope
        for ident in scope:
            assert IDENT.match(ident) and ident not in RUST_KEYWORDS and ident != "_", ident
    assert not set(rs.codes.values()) & TYPE_NAMES
    lib = rust.generate(catalog, TargetOptions())["rust/src/lib.rs"]
    for code in catalog.codes.values():
        assert f"pub struct {rs.codes[code.id]} {{" in lib


@pytest.mark.parametrize("name", sorted(set(HOSTILE_NAMES) | RUST_KEYWORDS | {"Option", "Unknown", "Value"}))
def test_each_hostile_name_gets_a_rust_identifier(name: str) -> None:
    fields = [name] if name not in RESERVED_FIELDS else []
    prelude = [c for c in ("option", "tool_error") if name_key(c) != name_key(name)]  # Option, ToolError
    assert_rust_names(must_compile(to_yaml(catalog_with([name, *prelude], fields, [name]))))


@PROPERTY
@given(codes=distinct_names(1, 6), fields=distinct_names(0, 5, frozenset(RESERVED_FIELDS)))
def test_random_hostile_catalogs_get_rust_identifiers(codes: list[str], fields: list[str]) -> None:
    catalog, _ = compile_text(to_yaml(catalog_with(codes, fields, codes[:2])))
    if catalog is not None:  # names that collide in any language are refused (test_hostile_names.py)
        assert_rust_names(catalog)
