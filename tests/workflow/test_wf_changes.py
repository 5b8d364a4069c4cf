"""The catalog's changelog file: what a version's section records, and how `errgen changelog` writes entries."""

from __future__ import annotations

from pathlib import Path

from errgen.catalog.diagnostics import Loc
from errgen.workflow import changes
from errgen.workflow.diff_model import Finding
from workflow.util import DIFF_CASES, errgen

BREAK = Finding("kind-changed", "kind of code 'a' changed from X to Y", ("wire",), True, frozenset({"code:a"}),
                Loc("c.yaml", 3, 5), subject="a")  # fmt: skip
ADDED = Finding("code-added", "code 'b' was added", ("wire", "source"), False, frozenset({"code:b"}),
                Loc("c.yaml", 9, 3), subject="b")  # fmt: skip


def test_a_section_groups_entries_and_marks_breaks() -> None:
    text = changes.section("2.0.0", "2025-06-01", [BREAK, ADDED])
    assert text == (
        "## [2.0.0] - 2025-06-01\n\n### Added\n\n- code 'b' was added (`code-added:b`)\n\n"
        "### Changed\n\n- **Breaking:** kind of code 'a' changed from X to Y (`kind-changed:a`)\n"
    )
    assert changes.section("Unreleased", "2025-06-01", [ADDED]).startswith("## [Unreleased]\n")


def test_a_new_file_gets_a_header_and_the_section_after_unreleased() -> None:
    text = changes.merge(None, "shop", "2.0.0", "2025-06-01", [BREAK])
    assert text.startswith("# Changelog\n\nAll notable changes to the `shop` error catalog.")
    assert text.index("## [Unreleased]") < text.index("## [2.0.0] - 2025-06-01")
    record = changes.read(text, "shop.changes.md", "2.0.0")
    assert record.keys == {"kind-changed:a"} and record.loc == Loc("shop.changes.md", 9, 1)
    assert changes.read(text, "shop.changes.md", "1.0.0").keys == frozenset()
    assert changes.read(None, "shop.changes.md", "2.0.0").loc == Loc("shop.changes.md")


def test_merging_adds_only_what_a_section_lacks_under_its_subsection() -> None:
    hand_written = (
        "# Changelog\n\n## [2.0.0] - 2025-05-30\n\n### Changed\n\n"
        "- The too_large kind is Transient now, as the upstream retries it (`kind-changed:a`)\n\n"
        "## [1.0.0] - 2025-01-01\n\n- First release.\n"
    )
    merged = changes.merge(hand_written, "shop", "2.0.0", "2025-06-01", [BREAK, ADDED])
    assert merged == (
        "# Changelog\n\n## [2.0.0] - 2025-05-30\n\n### Changed\n\n"
        "- The too_large kind is Transient now, as the upstream retries it (`kind-changed:a`)\n\n"
        "### Added\n\n- code 'b' was added (`code-added:b`)\n\n"
        "## [1.0.0] - 2025-01-01\n\n- First release.\n"
    )
    assert changes.merge(merged, "shop", "2.0.0", "2025-06-01", [BREAK, ADDED]) == merged, "idempotent"


def test_errgen_changelog_prints_and_writes(tmp_path: Path) -> None:
    case = DIFF_CASES / "break-not-recorded"
    for name in ("previous.yaml", "current.yaml"):
        (tmp_path / name).write_text((case / name).read_text(encoding="utf-8"), encoding="utf-8")
    printed = errgen("changelog", "previous.yaml", "current.yaml", "--date", "2025-06-01", cwd=tmp_path)
    assert printed.exit_code == 0
    assert printed.stdout == (
        "## [2.0.0] - 2025-06-01\n\n### Changed\n\n"
        "- **Breaking:** HTTP status of code 'too_large' changed from 413 to 422 (`http-status-changed:too_large`)\n\n"
    )
    assert not (tmp_path / "current.changes.md").exists()
    wrote = errgen("changelog", "previous.yaml", "current.yaml", "--write", "--date", "2025-06-01", cwd=tmp_path)
    assert wrote.exit_code == 0 and "wrote 1 entries under [2.0.0] to current.changes.md" in wrote.stderr
    assert errgen("diff", "previous.yaml", "current.yaml", cwd=tmp_path).exit_code == 0, "the break is recorded"
    bad = errgen("changelog", "previous.yaml", "current.yaml", "--date", "June 1st", cwd=tmp_path)
    assert bad.exit_code == 2 and "'June 1st' is not a date such as 2025-06-01" in bad.stderr
