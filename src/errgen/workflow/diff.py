"""Changes between two versions of a catalog, each a finding of a named rule (buf-breaking style), and none missed.

The rules (`diff_codes`, `diff_catalog`, `diff_tools`, `diff_locales`, `diff_channels`: one `rule(...)` entry
and one check each) report one finding per changed concept, with its categories — WIRE: what deployed
clients and servers see (payload shape, semantics); SOURCE: code written against the generated API; DOCS: only the
documentation — whether it is breaking, its place in both versions and the value before and
after. Compatible changes are findings too (notes): they need a version bump and a changelog entry.

A rule can only find what it looks for. So `compare` also builds both versions in every target
(`surface`) and checks that each difference of the generated public surface — a name or
signature in Python, TypeScript, zod, Go or Rust, a wire example, a JSON Schema definition, a
key of ``catalog.json`` — is explained by a finding of the same category about the same
subject; any other difference is an ``unexplained-change`` finding, breaking until a rule covers
it. Identifiers are also compared against the previous version's committed ``identity.txt``
when there is one, which is how a change of errgen's naming rules is caught (go-kratos #1618).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from errgen.catalog.diagnostics import Loc
from errgen.catalog.located import Located
from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.go.names import go_names
from errgen.targets.rust import names as rust_names
from errgen.workflow import diff_catalog, diff_channels, diff_codes, diff_locales, diff_tools
from errgen.workflow.diff_model import (
    CATEGORIES,
    CODE_SETS,
    DOCS,
    RULES,
    SECTIONS,
    SOURCE,
    VERSION,
    WIRE,
    Context,
    DiffRule,
    Finding,
    declare,
)

if TYPE_CHECKING:
    from errgen.workflow.surface import Side

__all__ = ["CATEGORIES", "DOCS", "RULES", "SECTIONS", "SOURCE", "VERSION", "WIRE", "DiffRule", "Finding", "compare"]
assert diff_catalog.EVERYTHING and diff_codes.BOTH  # the rule modules are loaded: RULES holds their rules
assert diff_channels.__name__ and diff_locales.__name__ and diff_tools.__name__

declare("identifier-changed", (SOURCE,), "a generated identifier differs from the previous version's committed "
        "identity.txt (a change of errgen's naming rules)", breaking=True)  # fmt: skip
declare("unexplained-change", (WIRE, SOURCE, DOCS), "the generated surface changed in a way no rule explains "
        "(breaking until a rule covers it)", breaking=True)  # fmt: skip
declare("version-not-bumped", (VERSION,), "the catalog changed but catalog.version did not", breaking=True)
declare("version-downgraded", (VERSION,), "catalog.version is lower than the previous version's", breaking=True)
declare("major-bump-required", (VERSION,), "a breaking change without a major bump (a minor one below 1.0)",
        breaking=True)  # fmt: skip
declare("break-not-recorded", (VERSION,), "a breaking change the changelog does not record under the new version",
        breaking=True)  # fmt: skip


@dataclass(frozen=True)
class Identity:
    """Generated identifiers per code and field (the content of ``identity.txt``)."""

    catalog: str | None
    codes: dict[str, tuple[str, ...]]  # id -> class, function, constant, ts, python class, go, rust ("" unknown)
    fields: dict[str, str]  # field -> python attribute


def identity_of(catalog: Catalog) -> Identity:
    """The identifiers errgen derives for `catalog` today."""
    codes = {c.id: c.names for c in catalog.codes.values()}
    go, rust = go_names(catalog).codes, rust_names.names(catalog).codes
    return Identity(
        catalog.name,
        {cid: (n.pascal, n.snake, n.constant, n.camel, n.py_class, go[cid].type, rust[cid])
         for cid, n in codes.items()},
        {f.name: f.names.py_attr for f in catalog.fields.values()},
    )


def parse_identity(text: str) -> Identity:
    """Read an ``identity.txt`` of the ``catalog`` target (older ones lack the Python class, Go or Rust type)."""
    codes: dict[str, tuple[str, ...]] = {}
    fields: dict[str, str] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("#"):
            section = line.split("|")[0].strip("# ").strip()
            continue
        parts = [p.strip() for p in line.split(" | ")]
        if not line.startswith('"'):
            continue
        if section == "code id" and 5 <= len(parts) <= 8:
            codes[json.loads(parts[0])] = (*parts[1:], *[""] * (8 - len(parts)))  # "": a column it lacks
        elif section == "field" and len(parts) == 2:
            fields[json.loads(parts[0])] = parts[1]
    return Identity(None, codes, fields)


def compare(
    old: Located,
    new: Located,
    *,
    old_identity: Identity | None = None,
    category: str = "all",
    surface: bool = True,
    options: TargetOptions | None = None,
    old_side: Side | None = None,
    new_side: Side | None = None,
) -> list[Finding]:
    """Every change from `old` to `new` in `category` (``wire``, ``source``, ``docs`` or ``all``), in file order.

    With `surface`, both versions are built and any change of the generated surface that no
    finding explains is an ``unexplained-change`` finding (`old_side`, `new_side`: a version built already).
    """
    ctx = Context(old, new)
    diff_codes.find_renames(ctx)
    found = [f for r in RULES.values() if r.check is not None for f in r.check(ctx, r)]
    found += _identifiers(ctx, old_identity)
    if surface:
        found += unexplained(ctx, found, options, old_side, new_side)
    wanted = set(CATEGORIES) if category == "all" else {category}
    return sorted((f for f in found if wanted & set(f.categories)), key=lambda f: (f.loc, f.rule, f.message))


def _identifiers(ctx: Context, recorded: Identity | None) -> Iterator[Finding]:
    """Identifiers that differ from the previous version's committed ``identity.txt`` (errgen's naming changed)."""
    before, now, rule = recorded or identity_of(ctx.a), identity_of(ctx.b), RULES["identifier-changed"]
    styles = ("class", "function", "constant", "TS name", "Python class", "Go type", "Rust type")
    for cid, old_names in before.codes.items():
        new_names = now.codes.get(ctx.code_renames.get(cid, cid))
        if new_names is None or cid in ctx.code_renames:
            continue
        pairs = zip(styles, old_names, new_names, strict=True)
        changes = [f"{s} {o} → {n}" for s, o, n in pairs if o != n and o]  # "": not recorded (an older file)
        if changes:
            message = f"generated identifiers of code {cid!r} changed: {', '.join(changes)}"
            yield ctx.finding(rule, message, subjects=frozenset({f"code:{cid}"}), new=ctx.b.codes[cid].loc,
                              before=list(old_names), after=list(new_names), subject=cid)  # fmt: skip
    for name, old_attr in before.fields.items():
        new_attr = now.fields.get(ctx.new_name(name))
        if new_attr is not None and new_attr != old_attr and name not in ctx.field_renames:
            message = f"Python attribute of field {name!r} changed: {old_attr} → {new_attr}"
            yield ctx.finding(rule, message, subjects=frozenset({f"field:{name}"}), new=ctx.b.fields[name].loc,
                              before=old_attr, after=new_attr, subject=name)  # fmt: skip


def unexplained(
    ctx: Context,
    findings: list[Finding],
    options: TargetOptions | None = None,
    old_side: Side | None = None,
    new_side: Side | None = None,
) -> list[Finding]:
    """An ``unexplained-change`` finding per subject and category of the surface differences no finding explains."""
    from errgen.workflow.surface import differences

    rule = RULES["unexplained-change"]
    groups: dict[tuple[str, frozenset[str]], list[str]] = {}
    first: dict[tuple[str, frozenset[str]], tuple[str | None, str | None]] = {}
    for d in differences(old_side or ctx.a, new_side or ctx.b, options):
        if any(explains(f, d.category, d.subjects) for f in findings):
            continue
        group = (d.category, d.subjects)
        groups.setdefault(group, []).append(f"{d.area} {d.key}")
        first.setdefault(group, (d.before, d.after))
    out = []
    for (category, subjects), keys in groups.items():
        about = ", ".join(sorted(subjects)) or "the catalog"
        shown = "; ".join(keys[:3]) + (f" and {len(keys) - 3} more" if len(keys) > 3 else "")
        message = f"the generated {category} surface of {about} changed and no rule explains it: {shown}"
        before, after = first[(category, subjects)]
        out.append(ctx.finding(rule, message, categories=(category,), subjects=subjects, new=_where(ctx, subjects),
                               before=before, after=after, subject=about))  # fmt: skip
    return out


def explains(finding: Finding, category: str, subjects: frozenset[str]) -> bool:
    """Whether `finding` explains a difference of `category` about `subjects`.

    A finding explains the differences of its categories about its subjects (all of them for ``*``); a
    docs difference, those about its subjects whatever its categories (documentation follows every
    change); a difference that names no subject (a count, an order), those of its categories; a
    difference that names codes only (a union or a table of codes) also those of a finding that
    changes which set a code belongs to (`CODE_SETS`: a channel, deferred, a code added or gone).
    """
    if category == DOCS and (finding.subjects & subjects or not subjects):
        return True
    if category not in finding.categories:
        return False
    if "*" in finding.subjects or finding.subjects & subjects or not subjects:
        return True
    return CODE_SETS in finding.subjects and all(s.startswith("code:") for s in subjects)


def _where(ctx: Context, subjects: frozenset[str]) -> Loc:
    sections = {"code": "codes", "field": "fields", "kind": "kinds", "policy": "policies"}
    for subject in sorted(subjects):
        kind, _, name = subject.partition(":")
        if kind not in sections:
            continue
        item = getattr(ctx.b, sections[kind]).get(name)
        if item is not None:
            return Loc(item.loc.path, item.loc.line, item.loc.col)
        if name in getattr(ctx.a, sections[kind]):
            return ctx.at_new(sections[kind])
    return ctx.at_new()


def rule_ids(category: str = "all") -> Iterator[str]:
    """Rule ids in `category`, in declared order."""
    for r in RULES.values():
        if category == "all" or category in r.categories:
            yield r.id
