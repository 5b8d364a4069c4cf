"""The whole sanitizer before and after a change, in Python, node, Go and Rust: µs per KB, side by side.

    python bench/sanitizer_ab.py                    # this checkout against where it left main (the committed runtimes)
    python bench/sanitizer_ab.py --baseline REV --rounds 7

Each language's `scrub_text` of the napkin catalog's generated runtime as committed at `--baseline`
(before) and as committed in this checkout (after) run in one process, interleaved round by round
(before then after, then after then before), on two sets of texts: the secrets corpus
(tests/hostile/secrets_corpus.yaml, the texts an error body carries) and the adversarial inputs of
the linearity tests at 100 KB (each rule's probes repeated, its first probe pumped with each other
one, through the whole scrub_text). A figure is the sum of the texts' median CPU times per KB of
text; the ratio after ÷ before is the one to read (a machine's load moves both sides alike).
Python runs in this process; node runs the two runtimes compiled by tsc (tests/ts/node_modules);
Go and Rust build one program holding both runtimes (in bench/out/sanitizer_ab/; the dependencies of
both sides, regexp2, fancy-regex and regex, come from the module and crate caches, else their registries).
Rust builds the napkin crate of each side whole (its runtime reads the crate's tables).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
OUT = BENCH / "out" / "sanitizer_ab"
DRIVERS = BENCH / "sanitizer_ab"
GENERATED = "generated/napkin"
RUNTIMES = {  # language → the committed runtime file of the napkin catalog
    "python": f"{GENERATED}/python/napkin_errors/_runtime.py",
    "node": f"{GENERATED}/ts/errgen-runtime.ts",
    "go": f"{GENERATED}/go/internal/errgenrt/errgen_runtime.go",
    "rust": f"{GENERATED}/rust/src/runtime.rs",
}
ADVERSARIAL_SIZE = 100_000
RUST_DRIVER = """[package]
name = "sanitizer-ab"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
before = { path = "before", package = "sanitizer-before" }
after = { path = "after", package = "sanitizer-after" }
serde_json = "1.0.120"
"""


def merge_base() -> str:
    """Where this checkout left main (the default 'before')."""
    done = subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True, text=True, check=False)
    return done.stdout.strip()[:7] or "main"


def runtime_text(language: str, revision: str | None) -> str:
    """The runtime file as committed at `revision`, or as in this checkout."""
    path = RUNTIMES[language]
    if revision is None:
        return (ROOT / path).read_text(encoding="utf-8")
    return subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout  # fmt: skip


def texts() -> dict[str, list[str]]:
    """The two sets: the corpus's texts, and the linearity inputs at ADVERSARIAL_SIZE."""
    sys.path.insert(0, str(ROOT / "tests"))
    from hostile import corpus  # type: ignore[import-not-found]
    from hostile.linear_probe import text  # type: ignore[import-not-found]

    from errgen.targets.sanitizer.patterns import TEXT_RULES

    cases: dict[tuple[str, str, str], None] = {}
    for rule in TEXT_RULES:
        probes = rule.probes
        cases.update({("repeat", p, ""): None for p in probes} | {("pump", probes[0], p): None for p in probes[1:]})
    samples = [s.text for s in corpus.samples() if s.text is not None] + corpus.negatives()
    return {"corpus": samples, "adversarial": [text(*case, ADVERSARIAL_SIZE) for case in cases]}


def run_python(before: str, after: str, spec: dict[str, Any], baseline: str) -> dict[str, Any]:
    folder = OUT / "python"
    modules = {side: _module(folder, side, text) for side, text in (("before", before), ("after", after))}
    times: dict[str, list[list[float]]] = {side: [[] for _ in spec["texts"]] for side in modules}
    for module in modules.values():
        module.scrub_text("warm up: compile the rules")
    for round_ in range(spec["rounds"]):
        for i, text in enumerate(spec["texts"]):
            for side in ("before", "after") if round_ % 2 == 0 else ("after", "before"):
                start = time.process_time()
                modules[side].scrub_text(text)
                times[side][i].append(time.process_time() - start)
    return times


def _module(folder: Path, side: str, text: str) -> ModuleType:
    path = _write(folder / f"{side}.py", text)
    spec = importlib.util.spec_from_file_location(f"sanitizer_ab_{side}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def run_node(before: str, after: str, spec: dict[str, Any], baseline: str) -> dict[str, Any]:
    folder = OUT / "node"
    tsc = ROOT / "tests" / "ts" / "node_modules" / ".bin" / "tsc"
    compiled = []
    for side, text in (("before", before), ("after", after)):
        source = _write(folder / side / "errgen-runtime.ts", text)
        _run([str(tsc), "--target", "es2022", "--module", "commonjs", "--types", "", "--outDir", str(folder / side),
              str(source)])  # fmt: skip
        compiled.append(str(folder / side / "errgen-runtime.js"))
    return _driver(["node", "--max-semi-space-size=64", str(DRIVERS / "runner.cjs"), *compiled], spec)


def _committed(revision: str, path: str) -> str:
    """A file of the napkin catalog's generated tree at `revision` ("" when it has none)."""
    done = subprocess.run(["git", "show", f"{revision}:{GENERATED}/{path}"], cwd=ROOT, capture_output=True, text=True,
                          check=False)  # fmt: skip
    return done.stdout if done.returncode == 0 else ""


def run_go(before: str, after: str, spec: dict[str, Any], baseline: str) -> dict[str, Any]:
    folder = OUT / "go"
    requires = [line for line in _committed(baseline, "go/go.mod").splitlines() if line.startswith("require ")]
    _write(folder / "go.mod", "module errgen.bench/sanitizer\n\ngo 1.25\n\n" + "".join(f"{r}\n" for r in requires))
    _write(folder / "go.sum", _committed(baseline, "go/go.sum"))
    _write(folder / "before" / "errgen_runtime.go", before)
    _write(folder / "after" / "errgen_runtime.go", after)
    _write(folder / "main.go", (DRIVERS / "main.go").read_text(encoding="utf-8"))
    binary = folder / "sanitizerab"
    _run(["go", "build", "-o", str(binary), "."], cwd=folder, env={"GOWORK": "off", "GOFLAGS": "-mod=mod"})
    return _driver([str(binary)], spec)


def run_rust(before: str, after: str, spec: dict[str, Any], baseline: str) -> dict[str, Any]:
    folder = OUT / "rust"
    _write(folder / "Cargo.toml", RUST_DRIVER)
    for side, revision in (("before", baseline), ("after", None)):  # each the napkin crate whole, renamed
        manifest = _generated(revision, "rust/Cargo.toml")
        manifest = re.sub(r'(?m)^name = ".*"$', f'name = "sanitizer-{side}"', manifest, count=1)
        _write(folder / side / "Cargo.toml", manifest)
        for source in ("lib.rs", "runtime.rs"):
            _write(folder / side / "src" / source, _generated(revision, f"rust/src/{source}"))
    _write(folder / "src" / "main.rs", (DRIVERS / "main.rs").read_text(encoding="utf-8"))
    _run(["cargo", "build", "--release", "--quiet"], cwd=folder,
         env={"CARGO_TARGET_DIR": str(folder / "target")})  # fmt: skip
    return _driver([str(folder / "target" / "release" / "sanitizer-ab")], spec)


def _generated(revision: str | None, path: str) -> str:
    """A file of the napkin catalog's generated tree at `revision`, or in this checkout."""
    if revision is None:
        return (ROOT / GENERATED / path).read_text(encoding="utf-8")
    return _committed(revision, path)


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


def _run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False,
                          env={**os.environ, **(env or {})})  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[:3])} … failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")


def _driver(command: list[str], spec: dict[str, Any]) -> dict[str, Any]:
    done = subprocess.run(command, input=json.dumps(spec), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)  # type: ignore[no-any-return]


RUNNERS = {"python": run_python, "node": run_node, "go": run_go, "rust": run_rust}


def summary(texts_: list[str], times: dict[str, Any]) -> dict[str, float]:
    """µs per KB before and after (sum of median times over total size), their ratio, the slowest text after."""
    kb = sum(len(text.encode()) for text in texts_) / 1000
    medians = {side: [statistics.median(runs) for runs in times[side]] for side in ("before", "after")}
    figures = {side: sum(values) * 1e6 / kb for side, values in medians.items()}
    worst = max(range(len(texts_)), key=lambda i: medians["after"][i] / len(texts_[i].encode()))
    worst_per_kb = {side: medians[side][worst] * 1e6 / (len(texts_[worst].encode()) / 1000) for side in medians}
    return {"before": figures["before"], "after": figures["after"], "ratio": figures["after"] / figures["before"],
            "worst_before": worst_per_kb["before"], "worst_after": worst_per_kb["after"]}  # fmt: skip


def measure(baseline: str, rounds: int, languages: list[str]) -> dict[str, Any]:
    """Every language's figures for both sets of texts."""
    sets = texts()
    out: dict[str, Any] = {}
    for language in languages:
        before, after = runtime_text(language, baseline), runtime_text(language, None)
        out[language] = {}
        for name, items in sets.items():
            spec = {"texts": items, "rounds": rounds if name == "corpus" else max(3, rounds // 2)}
            out[language][name] = summary(items, RUNNERS[language](before, after, spec, baseline))
        print(f"{language}: {json.dumps(out[language])}", file=sys.stderr)
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    command = f"python bench/sanitizer_ab.py --baseline {baseline} --rounds {rounds}"
    return {"baseline": baseline, "rounds": rounds, "languages": out, "date": date, "command": command}


def markdown(data: dict[str, Any]) -> str:
    """The before/after table."""
    label = {"python": "Python `re`", "node": "node (V8)", "go": "Go `regexp`", "rust": "Rust `regex`"}
    before_engine = {"python": "`re`", "node": "V8", "go": "regexp2", "rust": "fancy-regex"}
    rows = []
    for language, sets in data["languages"].items():
        c, a = sets["corpus"], sets["adversarial"]
        rows.append(
            f"| {label[language]} (before: {before_engine[language]}) | {c['before']:.1f} | {c['after']:.1f} | "
            f"{c['ratio']:.2f}× | {a['before']:.1f} | {a['after']:.1f} | {a['ratio']:.2f}× | "
            f"{a['worst_before']:.1f} → {a['worst_after']:.1f} |"
        )
    return "\n".join([
        "| language | corpus µs/KB before | after | after ÷ before | adversarial µs/KB before | after | "
        "after ÷ before | slowest adversarial input, µs/KB before → after |",
        "|---|---:|---:|---:|---:|---:|---:|---:|", *rows,
    ])  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=merge_base(), help="the revision whose committed runtimes are 'before'")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (the median is kept)")
    parser.add_argument("--languages", default="python,node,go,rust", help="comma-separated")
    args = parser.parse_args()
    data = measure(args.baseline, args.rounds, args.languages.split(","))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "results.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(markdown(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
