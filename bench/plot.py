"""Plot time against catalog size, log-log, from ``bench/out/results.json``.

    python bench/plot.py bench/out/results.json docs/performance.png

Runs in the bench venv (``bench/.peers/venv``, which has the pinned matplotlib).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from report import PLOTTED, ROWS

STYLE = {
    "build_all_cold": ("tab:blue", "-", "o"),
    "build_python_cold": ("tab:orange", "-", "o"),
    "build_ts_cold": ("tab:green", "-", "o"),
    "build_warm": ("tab:brown", "-", "v"),
    "check": ("tab:gray", "-", "v"),
    "dcg": ("tab:red", "--", "s"),
    "json2ts": ("tab:purple", "--", "s"),
}


def plot(results: dict[str, Any], out: Path) -> None:
    sizes = results["size_list"]
    labels = dict(ROWS)
    fig, ax = plt.subplots(figsize=(8, 5.5), dpi=120)
    for key in PLOTTED:
        points = [(n, (results["sizes"][str(n)].get(key) or {}).get("median")) for n in sizes]
        points = [(n, t) for n, t in points if t]
        if not points:
            continue
        color, line, marker = STYLE[key]
        ax.plot(
            [n for n, _ in points],
            [t for _, t in points],
            line,
            marker=marker,
            color=color,
            label=labels[key].replace("`", ""),
        )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xticks(sizes, [f"{n:,}" for n in sizes])
    ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    ax.axhline(0.3, color="tab:brown", linestyle=":", linewidth=1)
    ax.annotate(
        "0.3 s: warm rebuild / check target",
        (sizes[0], 0.3),
        textcoords="offset points",
        xytext=(2, 3),
        fontsize=7,
        color="tab:brown",
    )
    ax.set_xlabel("catalog size (codes)")
    ax.set_ylabel(f"median wall time of {results['repeat']} runs (s)")
    ax.set_title("errgen and its peers: time against catalog size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(out, metadata={"Software": None})
    print(f"bench: wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    plot(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8")), Path(sys.argv[2]))
