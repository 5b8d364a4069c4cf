"""Rewrite the workflow goldens: ``python tests/workflow/regen.py``.

``diff_cases/*/expected.txt`` and ``lint_cases/*/expected.txt`` (stdout of the command), their
``expected.github.txt`` (``--format github``; of the diff cases, the `FORMAT_DIFF_CASES`), ``report_cases/``
(``errgen check`` and ``errgen validate`` with ``--format github``) and ``custom_templates/expected/``.
Review the ``git diff`` like code.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from workflow.util import (
    CUSTOM,
    DIFF_CASES,
    FORMAT_DIFF_CASES,
    LINT_CASES,
    REPORT_CASES,
    cases,
    render_custom,
    report_case,
    run_diff_case,
    run_lint_case,
)


def main() -> int:
    """Rewrite every expectation; returns a process exit code."""
    for case in cases(DIFF_CASES):
        (case / "expected.txt").write_text(run_diff_case(case).stdout, encoding="utf-8")
        if case.name in FORMAT_DIFF_CASES:
            (case / "expected.github.txt").write_text(run_diff_case(case, "github").stdout, encoding="utf-8")
    for case in cases(LINT_CASES):
        (case / "expected.txt").write_text(run_lint_case(case).stdout, encoding="utf-8")
        (case / "expected.github.txt").write_text(run_lint_case(case, "github").stdout, encoding="utf-8")
    for case in cases(REPORT_CASES):
        (case / "expected.github.txt").write_text(report_case(case, "github").stdout, encoding="utf-8")
    shutil.rmtree(CUSTOM / "expected", ignore_errors=True)
    for rel, text in render_custom(CUSTOM).items():
        target = CUSTOM / "expected" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
    print("rewrote workflow goldens", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
