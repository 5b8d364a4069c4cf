"""Two versions of each catalog, found the way `errgen diff` and `errgen changelog` are asked, and their verdict.

A `Pair` is an old and a new version of one catalog with what the comparison needs besides:
the old version's committed ``identity.txt`` and the new version's changelog. `pair_of` reads
two command-line sources (files, snapshots, ``REV:path``); `pairs_against` pairs every catalog
of a project with its version at a git revision (what CI runs: ``--against origin/main``).
`judge` compares a pair and holds its version to the findings (`semver.verdict`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from errgen.catalog.diagnostics import Diagnostics, Loc
from errgen.catalog.located import Located
from errgen.targets import TargetOptions
from errgen.workflow import changes
from errgen.workflow.diff import RULES, Finding, Identity, compare, parse_identity
from errgen.workflow.diff_model import VERSION
from errgen.workflow.project import Project
from errgen.workflow.semver import verdict
from errgen.workflow.sources import (
    GitFiles,
    compile_path,
    compile_spec,
    compile_text,
    folder_of,
    git_files,
    git_show,
    translations_at,
)


@dataclass
class Pair:
    """An old and a new version of one catalog, the old identity, and the new version's changelog."""

    old: Located
    new: Located
    identity: Identity | None
    changelog: str  # as findings name it
    changelog_text: str | None  # None: there is none
    changelog_path: Path | None = None  # where `errgen changelog --write` writes it (a file in the work tree)
    options: TargetOptions = field(default_factory=TargetOptions)  # the project's: templates, module names


@dataclass
class Against:
    """Every pair of a project against a revision, the catalogs that are new, and the catalogs removed since."""

    pairs: list[Pair] = field(default_factory=list)
    new: list[str] = field(default_factory=list)
    removed: list[Finding] = field(default_factory=list)


def judge(pair: Pair, *, category: str = "all", semver: bool = True, surface: bool = True) -> list[Finding]:
    """The findings of `pair` in `category`, its version judged against all of them (unless not `semver`)."""
    found = compare(pair.old, pair.new, old_identity=pair.identity, surface=surface, options=pair.options)
    if semver:
        record = changes.read(pair.changelog_text, pair.changelog, pair.new.catalog.version)
        found = verdict(pair.old, pair.new, found, record)
    wanted = {"wire", "source", "docs"} if category == "all" else {category}
    kept = [f for f in found if wanted & set(f.categories) or VERSION in f.categories]
    return sorted(kept, key=lambda f: (f.loc, f.rule, f.message))


def pair_of(
    old: str,
    new: str,
    diags: Diagnostics,
    cwd: Path,
    *,
    old_identity: str | None,
    changelog: str | None,
    options: TargetOptions | None = None,
) -> Pair | None:
    """The pair of two command-line sources; None (with diagnostics) when one cannot be compiled.

    Raises `sources.SourceError` for a bad git revision.
    """
    before = compile_spec(old, diags, cwd)
    after = compile_spec(new, diags, cwd)
    identity = _identity(old_identity or _beside(old, cwd), diags, cwd, explicit=old_identity is not None)
    if before is None or after is None or diags.has_errors:
        return None
    spec = changelog or changes.path_for(new)
    text, path = _text_of(spec, diags, cwd, explicit=changelog is not None)
    return Pair(before, after, identity, spec, text, path, options or TargetOptions())


def _beside(old: str, cwd: Path) -> str | None:
    """``identity.txt`` next to a ``catalog.json`` snapshot (a local file or ``REV:path``), if any."""
    if not old.endswith("catalog.json"):
        return None
    sibling = old.removesuffix("catalog.json") + "identity.txt"
    local = (cwd / sibling).is_file()
    return sibling if local or (":" in sibling and not (cwd / old).exists()) else None


def _identity(spec: str | None, diags: Diagnostics, cwd: Path, *, explicit: bool) -> Identity | None:
    if spec is None:
        return None
    text, _ = _text_of(spec, diags, cwd, explicit=explicit, required=explicit)
    return None if text is None else parse_identity(text)


def _text_of(
    spec: str, diags: Diagnostics, cwd: Path, *, explicit: bool, required: bool = False
) -> tuple[str | None, Path | None]:
    """The text of a file or ``REV:path`` (None when it does not exist), and its work-tree path when it is a file."""
    from errgen.catalog.yamlsrc import read_text

    path = cwd / spec
    if path.exists() or ":" not in spec:
        if not path.exists() and not required:
            return None, path
        return read_text(path, spec, diags), path
    rev, _, rel = spec.partition(":")
    text = git_show(rev, cwd / rel, diags, display=spec)
    if text is None and explicit:
        diags.error(Loc(spec), f"{rel} does not exist at revision {rev}")
    return text, None


def pairs_against(project: Project, ref: str, diags: Diagnostics) -> Against:
    """Every configured catalog paired with its version at git revision `ref`.

    The old identifiers come from ``<out>/<catalog>/identity.txt`` at `ref` when it was committed;
    the changelog is the work tree's. A catalog that did not exist at `ref` is new and cannot
    break anything; one generated at `ref` that no catalog is now was removed (`_removed_catalogs`).
    Raises `sources.SourceError` for a bad revision or a folder outside git.
    """
    out = Against()
    names: set[str] = set()  # of the catalogs read, now and at `ref`
    for path in project.catalogs:
        display = project.display(path)
        current = compile_path(path, display, diags)
        if current is not None:
            names.add(current.catalog.name)
        previous_text = git_show(ref, path, diags, display=f"{ref}:{display}")
        if previous_text is None:
            out.new.append(display)
            continue
        files = GitFiles(ref, path.parent, folder_of(display))  # the schema files it refers to, at `ref`
        translations = translations_at(ref, path, f"{ref}:{display}", diags)
        previous = compile_text(previous_text, f"{ref}:{display}", diags, files, translations)
        if previous is not None:
            names.add(previous.catalog.name)
        if current is None or previous is None:
            continue
        identity_path = project.out_dir / previous.catalog.name / "identity.txt"
        identity_text = git_show(ref, identity_path, diags, display=f"{ref}:{project.display(identity_path)}")
        identity = parse_identity(identity_text) if identity_text is not None else None
        log = Path(changes.path_for(str(path)))
        log_text = log.read_text(encoding="utf-8") if log.is_file() else None
        out.pairs.append(Pair(previous, current, identity, project.display(log), log_text, log, project.options))
    out.removed = _removed_catalogs(project, ref, names)
    return out


def _removed_catalogs(project: Project, ref: str, names: set[str]) -> list[Finding]:
    """A ``code-removed`` finding per catalog generated at `ref` that is gone now.

    The catalogs of `ref` are the ``<out>/<name>/identity.txt`` files committed there;
    `names` are those of the catalogs read now (current and previous versions).
    """
    found = []
    rule = RULES["code-removed"]
    for rel in git_files(ref, project.out_dir):
        name, _, file = rel.partition("/")
        if file != "identity.txt" or name in names:
            continue
        identity = project.out_dir / name / file
        display = f"{ref}:{project.display(identity)}"
        text = git_show(ref, identity, Diagnostics(), display=display) or ""
        count = len(parse_identity(text).codes)
        message = (
            f"catalog {name!r} was removed since {ref} with its {count} codes; they vanish without being "
            "retired (keep the catalog and list them under 'retired')"
        )
        found.append(Finding(rule.id, message, rule.categories, True, frozenset({"*"}), Loc(display), Loc(display),
                             name, None, name))  # fmt: skip
    return found
