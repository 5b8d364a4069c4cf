"""Regenerate every golden file: ``python tests/regen.py``.

Rewrites ``generated/`` (``errgen build``), each good case's ``expected/`` tree, each
bad case's ``stderr.txt`` and the workflow goldens (``tests/workflow/regen.py``: diff and
lint expectations, the custom-template case), ``tests/small_diff.expected`` (what one changed
word of a catalog changes) and the runtime-contract vectors ``tests/contract/vectors/``.
Review the resulting ``git diff`` like code.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

from golden import ROOT, case_dirs, run_case


def main() -> int:
    """Rewrite all goldens; returns a process exit code."""
    subprocess.run([sys.executable, "-m", "errgen", "build"], cwd=ROOT, check=True)
    for case in case_dirs():
        outcome = run_case(case)
        if outcome.exit_code == 0:
            shutil.rmtree(case / "expected", ignore_errors=True)
            for rel, data in outcome.tree.items():
                target = case / "expected" / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            (case / "stderr.txt").unlink(missing_ok=True)
        elif outcome.exit_code == 2:
            shutil.rmtree(case / "expected", ignore_errors=True)
            (case / "stderr.txt").write_text(outcome.stderr, encoding="utf-8")
        else:
            print(f"{case.name}: unexpected exit code {outcome.exit_code}\n{outcome.stderr}", file=sys.stderr)
            return 1
        print(f"{case.name}: exit {outcome.exit_code}")
    sys.path.insert(0, str(ROOT / "tests" / "python"))  # pytarget_support, as tests/conftest.py adds it
    from contract import vectors
    from small_diff import main as small_diff_golden
    from workflow.regen import main as workflow_goldens

    small_diff_golden()
    vectors.write_all()
    return workflow_goldens()


if __name__ == "__main__":
    sys.exit(main())
