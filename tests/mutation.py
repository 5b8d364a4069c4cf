"""Mutation testing of errgen's core: ``python tests/mutation.py [MODULE...] [--jobs N]``.

Runs mutmut (configured in ``pyproject.toml`` under ``[tool.mutmut]``) on each core
module with the tests that cover it (`COVERING`), in a scratch copy of the work tree
(so ``mutants/`` never lands in the repository and a run may be interrupted safely),
and writes ``build/mutation/report.md``: per module the mutants, how many the tests
killed, the score, and every survivor with its diff. A survivor that no test can
kill is listed in ``tests/mutation_equivalents.toml`` with one line of why; the
report leaves those out of the score. Exit 1 when a module scores below `GOAL`.

Install the tool first: ``pip install -c tests/constraints.txt -e ".[test,mutation]"``.
Not part of the default test command (minutes per module). See CONTRIBUTING.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENTS = ROOT / "tests" / "mutation_equivalents.toml"
REPORT = ROOT / "build" / "mutation" / "report.md"
GOAL = 0.90

_GOLDEN = ["tests/test_golden.py", "tests/test_one_run.py"]
_COMPILER = [
    "tests/test_compiler.py",
    *_GOLDEN,
    "tests/test_retriable.py::test_python_runtime_gives_one_answer",
    "tests/test_retriable.py::test_markdown_and_catalog_json_give_the_same_answer",
]
# the diff rules and the version verdict: their case folders, shapes and the evolution of a platform catalog
# (the property test, minutes per mutant, is left out)
_DIFF = ["tests/workflow/test_wf_diff.py", "tests/workflow/test_wf_diff_shapes.py",
         "tests/workflow/test_wf_diff_evolution.py"]  # fmt: skip
# Core module (below src/errgen) → the tests that cover it. mutmut runs these once to learn which test
# reaches which function, then runs only those tests per mutant. Tests that reach the code only through
# a subprocess still run against the mutant (PYTHONPATH), but mutmut cannot attribute them: prefer
# in-process tests here.
COVERING: dict[str, list[str]] = {
    "catalog/load.py": ["tests/test_load.py", *_GOLDEN],
    "catalog/checked.py": ["tests/test_compiler.py", *_GOLDEN],
    # the compiler's driver and its sections: the golden suite (every case, and `errgen check` of the shipped
    # catalogs, in-process) without the node runs of test_retriable.py (1114 mutants in all, measured before
    # the split into these four modules: 10 to 35 minutes with --jobs 1)
    "catalog/compiler.py": _COMPILER,
    "catalog/compile_declarations.py": _COMPILER,
    "catalog/compile_codes.py": _COMPILER,
    "catalog/compile_rules.py": _COMPILER,
    "catalog/naming.py": ["tests/test_naming.py", "tests/hostile/test_hostile_names.py", "tests/test_golden.py"],
    "catalog/messages.py": ["tests/test_messages.py", "tests/test_golden.py", "tests/python/test_py_sanitize.py"],
    "targets/common/escape.py": [
        "tests/test_escape.py", "tests/hostile/test_hostile_text.py", "tests/test_markdown_payloads.py"
    ],
    "workflow/lint.py": ["tests/workflow/test_wf_lint.py", "tests/workflow/test_wf_lint_edges.py"],
    "workflow/diff.py": _DIFF,
    "workflow/diff_codes.py": _DIFF,
    "workflow/diff_catalog.py": _DIFF,
    "workflow/semver.py": _DIFF,
    # whole builds (tests/hostile/test_hostile_ownership.py, test_hostile_atomic.py) take minutes per mutant
    "output/writer.py": ["tests/test_writer.py"],
    "output/ownership.py": ["tests/test_writer.py"],
    "output/paths.py": ["tests/test_writer.py"],
    "conform/assertions.py": ["tests/conform"],
    "conform/fixtures.py": ["tests/conform"],
}


@dataclass
class Outcome:
    """One module's mutants by status, and the survivors' diffs."""

    module: str
    counts: dict[str, int] = field(default_factory=dict)
    survivors: list[tuple[str, str]] = field(default_factory=list)  # (mutant name, diff)
    failure: str = ""  # why mutmut could not run (e.g. the covering tests fail without any mutant)
    equivalent: list[tuple[str, str]] = field(default_factory=list)  # (mutant name, why)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        """Every mutant mutmut made."""
        return sum(self.counts.values())

    @property
    def killed(self) -> int:
        """Mutants a test failed on (a time-out counts: the tests noticed)."""
        return self.counts.get("killed", 0) + self.counts.get("timeout", 0) + self.counts.get("segfault", 0)

    @property
    def score(self) -> float:
        """Killed share of the mutants not listed as equivalent."""
        counted = self.total - len(self.equivalent)
        return 0.0 if self.failure else self.killed / counted if counted else 1.0


def main(argv: list[str] | None = None) -> int:
    """Run mutmut on the chosen core modules and write the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help=f"core modules (default: all): {', '.join(COVERING)}")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants run at once")
    parser.add_argument("--report", type=Path, default=REPORT, help="where to write the Markdown report")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copies (their mutants/ folders)")
    args = parser.parse_args(argv)
    modules = [_module(m) for m in args.modules] or list(COVERING)
    equivalents = read_equivalents(EQUIVALENTS)
    scratch = Path(tempfile.mkdtemp(prefix="errgen-mutation-"))
    outcomes: list[Outcome] = []
    try:
        snapshot = scratch / "snapshot"
        _copy_tree(snapshot)  # the work tree as it is now: edits made during the run do not leak into it
        for module in modules:
            print(f"mutating src/errgen/{module} ...", file=sys.stderr, flush=True)
            outcome = run_module(module, snapshot, scratch / module.replace("/", "-"), args.jobs, equivalents)
            print(f"  {summary_line(outcome)}", file=sys.stderr, flush=True)
            outcomes.append(outcome)
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(report(outcomes), encoding="utf-8")
    print(f"report: {args.report}", file=sys.stderr)
    return 0 if all(o.score >= GOAL for o in outcomes) else 1


def _module(name: str) -> str:
    """``lint``, ``lint.py``, ``src/errgen/workflow/lint.py`` or ``conform/assertions`` → the `COVERING` key."""
    key = name.removeprefix("src/").removeprefix("errgen/").removesuffix(".py") + ".py"
    key = next((k for k in COVERING if k == key or k.endswith("/" + key)), key)
    if key not in COVERING:
        raise SystemExit(f"unknown core module {name!r}; choose from: {', '.join(COVERING)}")
    return key


def run_module(
    module: str, snapshot: Path, where: Path, jobs: int, equivalents: dict[str, list[dict[str, str]]]
) -> Outcome:
    """Copy `snapshot` to `where`, run mutmut on `module` there, and read its results."""
    copy = where / ROOT.name
    shutil.copytree(snapshot, copy, symlinks=True)
    if (ROOT.parent / "shared").is_dir():  # tests read ../shared beside the repository: beside the copy, and
        (where / "shared").symlink_to(ROOT.parent / "shared")  # beside mutants/, where mutmut runs the tests
        (copy / "shared").symlink_to(ROOT.parent / "shared")
    tests = [t for t in COVERING[module] if (copy / t.partition("::")[0]).exists()]  # a file, folder or test id
    _configure(copy / "pyproject.toml", only_mutate=[f"src/errgen/{module}"], tests=tests)
    (copy / "mutants" / "src").mkdir(parents=True)  # on PYTHONPATH: must exist when the interpreter starts
    env = {
        **os.environ,
        "PYTHONPATH": str(copy / "mutants" / "src"),  # `python -m errgen` subprocesses run the mutant too
        "ERRGEN_CACHE_DIR": "",  # no build cache: it is keyed on source files, which hold every mutant
        "CI": "true",  # the deterministic hypothesis profile, and no skipped test
    }
    mutmut = Path(sys.executable).with_name("mutmut")
    log = where / "mutmut.log"
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run([str(mutmut), "run", "--max-children", str(jobs)], cwd=copy, env=env, stdout=out,
                              stderr=subprocess.STDOUT, check=False)  # fmt: skip
    meta = copy / "mutants" / "src" / "errgen" / f"{module}.meta"
    outcome = Outcome(module, seconds=time.monotonic() - started)
    if done.returncode != 0 or not meta.is_file():
        outcome.failure = (
            f"mutmut exit {done.returncode}:\n" + log.read_text(encoding="utf-8", errors="replace")[-3000:]
        )
        return outcome
    from mutmut.stats import status_by_exit_code

    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    statuses = {name: status_by_exit_code[code] for name, code in codes.items()}
    for status in statuses.values():
        outcome.counts[status] = outcome.counts.get(status, 0) + 1
    alive = [n for n, s in statuses.items() if s not in ("killed", "timeout", "segfault")]
    for name, diff in _diffs(copy, module, alive, env).items():
        why = match_equivalent(name, diff, equivalents)
        if why is not None:
            outcome.equivalent.append((name, why))
        else:
            outcome.survivors.append((name, f"({statuses[name]})\n{diff.rstrip()}"))
    return outcome


_DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
print(json.dumps({name: get_diff_for_mutant(name, path=sys.argv[1]) for name in sys.argv[2:]}))
"""


def _diffs(copy: Path, module: str, names: list[str], env: dict[str, str]) -> dict[str, str]:
    """What `mutmut show` prints for each mutant (one process for all of them)."""
    if not names:
        return {}
    done = subprocess.run([sys.executable, "-c", _DIFFS, f"src/errgen/{module}", *names], cwd=copy, env=env,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return dict(json.loads(done.stdout))


def _copy_tree(copy: Path) -> None:
    """The work tree's tracked and new (not ignored) files, as they are now."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")  # fmt: skip
    for rel in filter(None, listed):
        source = ROOT / rel
        if source.is_file():
            (copy / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / rel)


def _configure(pyproject: Path, *, only_mutate: list[str], tests: list[str]) -> None:
    """Rewrite the copy's ``[tool.mutmut]`` table: the committed settings plus this run's module and tests."""
    text = pyproject.read_text(encoding="utf-8")
    settings = tomllib.loads(text)["tool"]["mutmut"]
    settings.update(only_mutate=only_mutate, pytest_add_cli_args_test_selection=tests)
    table = "[tool.mutmut]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in settings.items())
    start = text.index("[tool.mutmut]\n")
    end = re.compile(r"^\[", re.M).search(text, start + 1)
    pyproject.write_text(text[:start] + table + (text[end.start() :] if end else ""), encoding="utf-8")


# -- equivalent mutants ---------------------------------------------------------------------------


def read_equivalents(path: Path) -> dict[str, list[dict[str, str]]]:
    """``tests/mutation_equivalents.toml``: function (``module:name``) → its entries (``line``, ``why``)."""
    entries = tomllib.loads(path.read_text(encoding="utf-8")).get("equivalent", []) if path.is_file() else []
    found: dict[str, list[dict[str, str]]] = {}
    for entry in entries:
        found.setdefault(entry["function"], []).append(entry)
    return found


def function_of(mutant: str) -> str:
    """``errgen.workflow.lint.x_lint__mutmut_6`` → ``errgen.workflow.lint:lint``; methods keep their class."""
    module, _, mangled = mutant.rpartition(".")
    name = re.sub(r"__mutmut_\d+$", "", mangled)
    name = name[1:].replace("ǁ", ".").strip(".") if name.startswith("xǁ") else name.removeprefix("x_")
    return f"{module}:{name}"


def changed_lines(diff: str) -> str:
    """The mutant's own lines of a ``mutmut show`` diff, stripped and joined with `` / ``."""
    added = [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    return " / ".join(added)


def match_equivalent(mutant: str, diff: str, equivalents: dict[str, list[dict[str, str]]]) -> str | None:
    """The listed reason when `mutant` is a known equivalent (same function, same changed line); else None."""
    changed = changed_lines(diff)
    for entry in equivalents.get(function_of(mutant), []):
        if entry.get("line", changed) == changed:
            return entry["why"]
    return None


# -- report ---------------------------------------------------------------------------------------


def summary_line(outcome: Outcome) -> str:
    """``lint.py: 272 mutants, 270 killed, 2 equivalent, 0 survived: 100.0%``."""
    if outcome.failure:
        return f"{outcome.module}: mutmut failed ({outcome.failure.splitlines()[0]}); see the report"
    return (
        f"{outcome.module}: {outcome.total} mutants, {outcome.killed} killed, {len(outcome.equivalent)} equivalent, "
        f"{len(outcome.survivors)} survived: {outcome.score:.1%} ({outcome.seconds:.0f} s)"
    )


def report(outcomes: list[Outcome]) -> str:
    """The Markdown report: one table row per module, then every survivor with its diff."""
    lines = [
        "# Mutation testing report",
        "",
        f"mutmut on errgen's core (`python tests/mutation.py`); goal: {GOAL:.0%} of non-equivalent mutants killed.",
        "",
        "| module | mutants | killed | equivalent | survived | score | time |",
        "|---|---|---|---|---|---|---|",
    ]
    for o in outcomes:
        lines.append(
            f"| {o.module} | {o.total} | {o.killed} | {len(o.equivalent)} | {len(o.survivors)} | {o.score:.1%} "
            f"| {o.seconds:.0f} s |"
        )
    for o in outcomes:
        if o.failure:
            lines += ["", f"## {o.module}: mutmut failed", "", "```text", o.failure.rstrip(), "```"]
        if o.survivors:
            lines += ["", f"## Survivors in {o.module}", ""]
            for name, diff in o.survivors:
                lines += [f"### {name}", "", "```diff", diff, "```", ""]
                lines += ["If no test can kill it, list it in tests/mutation_equivalents.toml:", ""]
                lines += ["```toml", _entry(name, diff), "```", ""]
    return "\n".join(lines) + "\n"


def _entry(name: str, diff: str) -> str:
    """A ready-to-edit equivalents entry for one survivor."""
    return (
        f"[[equivalent]]\nfunction = {json.dumps(function_of(name))}\nline = {json.dumps(changed_lines(diff))}\n"
        'why = "…"'
    )


if __name__ == "__main__":
    sys.exit(main())
