"""A catalog's changelog file: read what a version records, write Keep-a-Changelog entries from a diff.

The file is ``<catalog file stem>.changes.md`` beside the catalog (``catalog/shop.yaml`` →
``catalog/shop.changes.md``), in the Keep a Changelog format (https://keepachangelog.com/):

```markdown illustrative
## [2.0.0] - 2025-06-01

### Removed

- **Breaking:** code 'too_large' was removed without being retired (`code-removed:too_large`)
```

`read` gives the keys a version's section records (every text in backticks in it), which is what
`semver.verdict` accepts breaking findings by. `section` writes one version's entries from a
diff's findings, grouped by Added, Changed, Deprecated and Removed; `merge` adds them to the file
(creating it, or adding the entries a version's section lacks), and `write` puts the file in
place atomically.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from errgen.catalog.diagnostics import Loc
from errgen.workflow.diff import RULES, SECTIONS, VERSION, Finding
from errgen.workflow.semver import Record

HEADER = """# Changelog

All notable changes to the `{name}` error catalog. The format is [Keep a Changelog](https://keepachangelog.com/en/1.1.0/),
and `catalog.version` follows [Semantic Versioning](https://semver.org/): `errgen diff` holds it to the catalog's
changes and accepts a breaking change that is recorded here under its major version.

## [Unreleased]
"""
_HEADING = re.compile(r"^## \[?([^\]\s]+)\]?(?:\s.*)?$", re.MULTILINE)
_KEY = re.compile(r"`([^`\n]+)`")


def path_for(catalog_path: str) -> str:
    """The changelog beside a catalog file: its stem with ``.changes.md``."""
    stem = re.sub(r"\.(ya?ml|json)$", "", catalog_path)
    return f"{stem}.changes.md"


def read(text: str | None, display: str, version: str) -> Record:
    """What `text` (None: no file) records under `version`."""
    if text is None:
        return Record(display, frozenset(), Loc(display))
    span = _span(text, version)
    if span is None:
        return Record(display, frozenset(), Loc(display))
    start, end = span
    line = text.count("\n", 0, start) + 1
    return Record(display, frozenset(_KEY.findall(text[start:end])), Loc(display, line, 1))


def _span(text: str, version: str) -> tuple[int, int] | None:
    """Where the section of `version` is (from its heading to the next ``## ``), if there is one."""
    headings = list(_HEADING.finditer(text))
    for i, heading in enumerate(headings):
        if heading.group(1) == version:
            return heading.start(), headings[i + 1].start() if i + 1 < len(headings) else len(text)
    return None


def entry(finding: Finding) -> str:
    """One list item: the finding's message, marked when breaking, with its key."""
    mark = "**Breaking:** " if finding.breaking else ""
    return f"- {mark}{finding.message} (`{finding.key}`)"


def section(version: str, date: str, findings: list[Finding]) -> str:
    """The ``## [version] - date`` section for `findings` (version findings left out)."""
    groups: dict[str, list[str]] = {name: [] for name in SECTIONS}
    for finding in findings:
        if VERSION not in finding.categories:
            groups[RULES[finding.rule].section].append(entry(finding))
    heading = f"## [{version}]" + (f" - {date}" if version != "Unreleased" else "")
    body = "".join(f"\n### {name}\n\n" + "\n".join(items) + "\n" for name, items in groups.items() if items)
    return heading + "\n" + body


def merge(text: str | None, name: str, version: str, date: str, findings: list[Finding]) -> str:
    """The changelog with `findings` recorded under `version` (a new section, or the entries it lacks)."""
    current = text if text is not None else HEADER.format(name=name)
    span = _span(current, version)
    if span is None:
        return _insert(current, section(version, date, findings))
    start, end = span
    recorded = set(_KEY.findall(current[start:end]))
    missing = [f for f in findings if f.key not in recorded and VERSION not in f.categories]
    if not missing:
        return current
    old = current[start:end].rstrip("\n")
    return current[:start] + _add(old, missing) + "\n" + ("\n" if end < len(current) else "") + current[end:]


def _insert(text: str, new: str) -> str:
    """`new` as the first released section: after ``[Unreleased]`` (and its entries), else after the title."""
    headings = list(_HEADING.finditer(text))
    unreleased = next((i for i, h in enumerate(headings) if h.group(1) == "Unreleased"), None)
    if unreleased is not None:
        at = headings[unreleased + 1].start() if unreleased + 1 < len(headings) else len(text)
    else:
        at = headings[0].start() if headings else len(text)
    before = text[:at].rstrip("\n") + "\n\n"
    after = text[at:]
    return before + new + ("\n" + after if after else "")


def _add(old: str, findings: list[Finding]) -> str:
    """A version's section with `findings` added under their subsections (created where missing)."""
    text = old
    for name in SECTIONS:
        items = [entry(f) for f in findings if RULES[f.rule].section == name]
        if not items:
            continue
        heading = re.search(rf"^### {name}\s*$", text, re.MULTILINE)
        if heading is None:
            text = text + f"\n\n### {name}\n\n" + "\n".join(items)
            continue
        following = re.search(r"^### ", text[heading.end() :], re.MULTILINE)
        at = heading.end() + following.start() if following else len(text)
        text = text[:at].rstrip("\n") + "\n" + "\n".join(items) + ("\n\n" + text[at:] if following else "")
    return text


def write(path: Path, text: str) -> None:
    """Put `text` at `path` atomically (a temporary file in the same folder, renamed over it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
