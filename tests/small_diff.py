"""What one changed word of a catalog changes in the generated tree (the review diff).

`one_word_diff()` builds ``catalog/workbook.yaml`` and a copy with one word of one
code's ``when:`` changed, and returns the unified diff of the two trees. The golden
``tests/small_diff.expected`` pins it (``python tests/regen.py`` rewrites it); the test
also checks that every changed line shows the word, the fingerprint or a manifest hash.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = ROOT / "tests" / "small_diff.expected"
OLD, NEW = "arg-parse / dtype / enum-membership failure", "arg-parse / dtype / enum-membership mistake"


def trees(work: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The generated trees of the workbook catalog before and after the change."""
    text = (ROOT / "catalog" / "workbook.yaml").read_text(encoding="utf-8")
    assert text.count(OLD) == 1
    built = []
    for name, catalog_text in (("old", text), ("new", text.replace(OLD, NEW))):
        folder = work / name
        (folder / "catalog").mkdir(parents=True)
        (folder / "catalog" / "workbook.yaml").write_text(catalog_text, encoding="utf-8")
        env = {**os.environ, "ERRGEN_CACHE_DIR": ""}
        subprocess.run([sys.executable, "-m", "errgen", "build", "catalog/workbook.yaml"], cwd=folder, env=env,
                       check=True, capture_output=True)  # fmt: skip
        out = folder / "generated"
        built.append({p.relative_to(out).as_posix(): p.read_text(encoding="utf-8")
                      for p in sorted(out.rglob("*")) if p.is_file()})  # fmt: skip
    return built[0], built[1]


def one_word_diff() -> str:
    """The unified diff of the generated tree for the one-word change."""
    with tempfile.TemporaryDirectory() as tmp:
        old, new = trees(Path(tmp))
    chunks = []
    for rel in sorted(set(old) | set(new)):
        lines = difflib.unified_diff(
            old.get(rel, "").splitlines(keepends=True), new.get(rel, "").splitlines(keepends=True),
            f"a/{rel}", f"b/{rel}", n=0,
        )  # fmt: skip
        chunks.append("".join(line if line.endswith("\n") else line + "\n" for line in lines))
    return "".join(chunks)


def main() -> None:
    """Rewrite the golden."""
    EXPECTED.write_text(one_word_diff(), encoding="utf-8")


if __name__ == "__main__":
    main()
