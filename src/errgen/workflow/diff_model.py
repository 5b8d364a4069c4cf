"""What `errgen diff` reports: a `Finding` per changed concept, the `DiffRule` it comes from, and the `Context`.

A finding says which rule found it, what it affects (its categories: ``wire`` — what deployed
clients and servers see; ``source`` — code written against the generated API; ``docs`` — only
the documentation), whether it is breaking, where it is in both versions, and the value before
and after. Its `subjects` (``code:<id>``, ``field:<name>``, ``kind:<name>``, ``policy:<name>``,
``catalog``, or ``*`` for the whole catalog) say which changes of the generated surface it
explains (`diff` checks that every change is explained by some finding). The version rules
(category ``version``) judge the catalog's version against the findings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from errgen.catalog.diagnostics import Loc
from errgen.catalog.located import Located
from errgen.catalog.model import Catalog, Code

WIRE, SOURCE, DOCS, VERSION = "wire", "source", "docs", "version"
CODE_SETS = "code sets"  # a subject: the finding changes which sets of codes (unions, tables) a code is in
CATEGORIES = (WIRE, SOURCE, DOCS)
SECTIONS = ("Added", "Changed", "Deprecated", "Removed")  # Keep a Changelog's, as `errgen changelog` writes them


@dataclass(frozen=True)
class Finding:
    """One changed concept (or a version verdict) between two versions of a catalog."""

    rule: str
    message: str
    categories: tuple[str, ...]
    breaking: bool
    subjects: frozenset[str]
    new: Loc | None  # in the new version (for a removal: the enclosing key), where CI annotates
    old: Loc | None = None
    before: Any = None
    after: Any = None
    subject: str = ""  # the one subject a changelog record names (``code-removed:too_large``)
    accepted: str = ""  # why a breaking finding is accepted (a major bump and its changelog record)

    @property
    def key(self) -> str:
        """``rule:subject``: what a changelog entry records to accept this finding."""
        return f"{self.rule}:{self.subject}" if self.subject else self.rule

    @property
    def loc(self) -> Loc:
        """Where the finding is shown: in the new version, else in the old one."""
        return self.new or self.old or Loc("")

    @property
    def level(self) -> str:
        """``error`` (breaking, not accepted; a version problem), ``note`` otherwise."""
        return "error" if self.breaking and not self.accepted else "note"

    def accept(self, why: str) -> Finding:
        """This finding, accepted for `why`."""
        return replace(self, accepted=why)


Check = Callable[["Context", "DiffRule"], Iterator[Finding]]


@dataclass(frozen=True)
class DiffRule:
    """A diff rule: id, the categories its findings can have, breaking or not, its changelog section, its check."""

    id: str
    categories: tuple[str, ...]
    breaking: bool
    section: str
    summary: str
    check: Check | None = None


@dataclass
class Context:
    """Both versions with their documents, and what the rules share: renamed codes and fields."""

    old: Located
    new: Located
    code_renames: dict[str, str] = field(default_factory=dict)  # old id → new id
    field_renames: dict[str, str] = field(default_factory=dict)  # old name → new name
    cache: dict[str, Any] = field(default_factory=dict)  # what several rules compute (classification answers)

    @property
    def a(self) -> Catalog:
        """The old catalog."""
        return self.old.catalog

    @property
    def b(self) -> Catalog:
        """The new catalog."""
        return self.new.catalog

    def at_new(self, *path: str | int, fallback: Loc | None = None) -> Loc:
        """Position in the new version: of `path`, else `fallback`, else the nearest enclosing key."""
        return self.new.at(*path, fallback=fallback)

    def at_old(self, *path: str | int, fallback: Loc | None = None) -> Loc:
        """Position in the old version."""
        return self.old.at(*path, fallback=fallback)

    def code_at(self, code: Code, key: str | None = None, *, old: bool = False) -> Loc:
        """A code's key (or the code) in one version."""
        side = self.old if old else self.new
        return side.at("codes", code.id, key, fallback=code.loc) if key else code.loc

    def pairs(self) -> Iterator[tuple[Code, Code]]:
        """``(old, new)`` of every code in both versions, renamed ones paired with their new id, in old order."""
        for cid, code in self.a.codes.items():
            new = self.b.codes.get(self.code_renames.get(cid, cid))
            if new is not None:
                yield code, new

    def new_name(self, field_name: str) -> str:
        """A field's name in the new version (its new name when it was renamed)."""
        return self.field_renames.get(field_name, field_name)

    def finding(self, rule: DiffRule, message: str, **kwargs: Any) -> Finding:
        """A finding of `rule` (its categories and severity unless given)."""
        kwargs.setdefault("categories", rule.categories)
        kwargs.setdefault("breaking", rule.breaking)
        return Finding(rule.id, message, **kwargs)


RULES: dict[str, DiffRule] = {}
"""Every diff rule by id, in the order the docs list them (`diff_codes`, `diff_catalog`, then `diff`'s own)."""


def rule(
    rule_id: str, categories: tuple[str, ...], summary: str, *, breaking: bool, section: str = "Changed"
) -> Callable[[Check], Check]:
    """Register the decorated check as rule `rule_id`: one rule is this entry and its check."""

    def register(check: Check) -> Check:
        RULES[rule_id] = DiffRule(rule_id, categories, breaking, section, summary, check)
        return check

    return register


def declare(rule_id: str, categories: tuple[str, ...], summary: str, *, breaking: bool) -> None:
    """Register a rule whose findings `diff` makes itself (the surface check, the version rules)."""
    RULES[rule_id] = DiffRule(rule_id, categories, breaking, "Changed", summary)
