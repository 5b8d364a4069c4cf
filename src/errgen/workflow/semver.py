"""The catalog's version, held to its changes (semver), and the changelog that accepts an intentional break.

``catalog.version`` is stamped on every error, so two different catalogs must never share it:

* any change (a finding of `diff`) needs a higher version; a lower one is a downgrade;
* a breaking change needs a major bump (below 1.0: a minor one, 0.3.x → 0.4.0);
* a breaking change with that bump is accepted when the catalog's changelog records it under the
  new version: the changelog file (`changes`) has a ``## [2.0.0]`` section in which the finding's
  key, ``rule:subject``, appears in backticks (`errgen changelog --write` writes such entries).

So CI passes on an intentional break once it is released as one and written down, and fails on
every other break. Versions compare by semver precedence (1.0.0-rc.1 < 1.0.0; build metadata
ignored).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from errgen.catalog.diagnostics import Loc
from errgen.catalog.located import Located
from errgen.workflow.diff import RULES, Finding

_SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$")


@dataclass(frozen=True, order=True)
class Version:
    """A semantic version, ordered by precedence."""

    major: int
    minor: int
    patch: int
    pre: tuple[tuple[int, int | str], ...]  # () for a release, which sorts after its pre-releases
    text: str

    @classmethod
    def parse(cls, text: str) -> Version:
        """Read ``1.2.3-rc.1+build`` (the catalog schema allows nothing else)."""
        match = _SEMVER.match(text)
        if match is None:
            return cls(0, 0, 0, (), text)
        major, minor, patch, pre = match.groups()
        parts = tuple((0, int(p)) if p.isdigit() else (1, p) for p in pre.split(".")) if pre else ((2, 0),)
        return cls(int(major), int(minor), int(patch), parts, text)

    def breaks_from(self, old: Version) -> bool:
        """Whether this version may hold breaking changes of `old`: a major bump, or a minor one below 1.0."""
        if self.major != old.major:
            return self.major > old.major
        return old.major == 0 and self.minor > old.minor


def verdict(old: Located, new: Located, findings: list[Finding], record: Record) -> list[Finding]:
    """`findings` with the breaking ones the release accepts marked so, and the version findings.

    `record` is what the changelog says about the new version.
    """
    before, after = Version.parse(old.catalog.version), Version.parse(new.catalog.version)
    where = new.at("catalog", "version")
    shown = f"{before.text} → {after.text}"
    out = list(findings)
    breaking = [f for f in findings if f.breaking]
    if after < before:
        out.append(_finding("version-downgraded", f"catalog.version went down ({shown})", where, before, after))
        return out
    if not findings:
        return out
    if after == before:
        bump = "a major" if breaking else "a minor or patch"
        message = f"the catalog changed but catalog.version is still {after.text}; this needs {bump} bump"
        out.append(_finding("version-not-bumped", message, where, before, after))
        return out
    if breaking and not after.breaks_from(before):
        needed = "a minor bump below 1.0" if before.major == 0 else "a major bump"
        verb = "needs" if len(breaking) == 1 else "need"
        message = f"{_count(len(breaking), 'breaking change')} {verb} {needed}, but the version went {shown}"
        out.append(_finding("major-bump-required", message, where, before, after))
        return out
    missing = [f for f in breaking if f.key not in record.keys]
    out = [f.accept(f"recorded in {record.display} under {after.text}") if f.breaking and f not in missing else f
           for f in out]  # fmt: skip
    if missing:
        more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
        keys = ", ".join(f"`{f.key}`" for f in missing[:3]) + more
        message = (
            f"{_count(len(missing), 'breaking change')} of {after.text} {'is' if len(missing) == 1 else 'are'} not "
            f"recorded in {record.display} under [{after.text}] ({keys}); `errgen changelog --write` records them"
        )
        out.append(_finding("break-not-recorded", message, record.loc or where, before, after))
    return out


def _finding(rule: str, message: str, where: Loc, before: Version, after: Version) -> Finding:
    r = RULES[rule]
    return Finding(r.id, message, r.categories, True, frozenset(), where, None, before.text, after.text, "version")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Record:
    """What a changelog records for one version: the finding keys in backticks in its section."""

    display: str
    keys: frozenset[str]
    loc: Loc | None = None  # the section's heading, or the file


__all__ = ["Record", "Version", "verdict"]
