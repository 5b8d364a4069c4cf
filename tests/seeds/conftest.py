"""The seeds' own code runs against the committed generated code: each catalog's Python is importable."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for folder in sorted((ROOT / "generated").glob("*/python")):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
