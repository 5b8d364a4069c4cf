"""The performance gate: issue 28's ratios, measured in about a minute, judged without a person.

    python bench/gate.py               # measure and judge; exit 1 when a ratio is past its limit
    python bench/gate.py --only validation,imports      # a part (validation, imports, build)
    python bench/gate.py --refresh-peers                # rewrite bench/gate/peer_*.py (needs the bench's peers)

`.ci/run` (the README's test command) runs it after the test suite. It measures only what holds
still on a busy machine:

* validation: machine instructions per payload (cachegrind, `instr.validation`) of errgen's
  ``parse_error`` and ``validate_error`` beside datamodel-codegen's models under a
  ``TypeAdapter``, on the payloads of `synth.py`'s catalog of `SMALL` codes; limit
  ``targets.VALIDATE_RATIO``.
* imports: instructions of importing errgen's package and the peer's module + ``TypeAdapter``
  (pydantic loaded) at `SMALL` and `MIDDLE` codes; each grows by about a fixed amount per code,
  so the two sizes estimate the ratio at 1,000 codes, where ``targets.IMPORT_RATIO`` is stated.
  The peer's grows a little faster than that (2 % by 1,000 codes), so the estimate is scaled by
  what the last full bench run found at 1,000 codes, measured ÷ estimated (`bench/gate.json`);
  limit ``targets.IMPORT_RATIO``, or that run's ratio × ``INSTR_NOISE`` where it is higher.
* build: CPU time of a cold ``errgen build`` (all targets, and ``-t typescript``) of `BIG` codes
  divided by the CPU time of a fixed reference workload (black formatting `REFERENCE`, a
  committed file), measured round by round in the same run, median of `ROUNDS`. The peers are
  not run here (minutes, and a network install); `bench/gate.json` holds what the last full bench
  run measured (``python bench/run.py`` writes it): the same CPU ratio, and errgen's wall time
  beside its peer's. The limit is that CPU ratio stretched by the wall target's headroom then:
  ``ratio × target ÷ measured``. A build whose CPU grows by more than the room the target left
  fails. Where that room is less than the noise of CPU time (``CPU_NOISE``, 75 %) — the bench run
  met the target narrowly or missed it — the limit is the run's ratio × ``CPU_NOISE``: the build
  may not get slower than it was, and the report says the target was missed. A build ratio past
  its limit is measured once more with twice the rounds (the reference workload's CPU time moves
  between runs on a shared machine) and fails only if it is past the limit again.

The peers' modules for the small sizes are committed (`bench/gate/peer_<n>.py`, written by the
bench's pinned datamodel-codegen), so the gate needs only the test environment and valgrind.
``ERRGEN_BENCH_SLOWDOWN=build:K,validate:K`` (read by the bench only, never by errgen) runs every
target K times, or parses every payload K times: the gate then fails (tests/test_bench_gate.py).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import instr  # noqa: E402
import measure  # noqa: E402
import synth  # noqa: E402
import targets  # noqa: E402
from instr_probe import slowdown  # noqa: E402

SMALL, MIDDLE, BIG = 20, 120, targets.AT
ROUNDS = 3
PEERS = BENCH / "gate"
REFERENCE = PEERS / f"peer_{MIDDLE}.py"  # the reference workload formats it with black
CALIBRATION = BENCH / "gate.json"
PARTS = ("validation", "imports", "build")
# What a ratio moves between runs of the same code: instruction counts by well under 1 %; CPU time against the
# reference workload by up to ~45 %, even on a quiet machine (a build in two processes the most). Around one
# commit on one machine the all-targets ratio measured 1.50 in a full bench run, 1.81 to 2.03 in the gate on the
# idle machine afterwards, and 2.05 to 2.13 in CI. A limit is never closer than this above the last full bench
# run's figure, so a run that met a target narrowly (or missed it) holds its figure; a build generating every
# target three times is still far past it (tests/test_bench_gate.py).
CPU_NOISE = 1.75
INSTR_NOISE = 1.02


def errgen_command(*args: str) -> list[str]:
    """``errgen ARGS`` in this interpreter, through this file (so ``ERRGEN_BENCH_SLOWDOWN=build`` can slow it)."""
    return [sys.executable, str(Path(__file__).resolve()), "--errgen", *args]


def run_errgen(args: list[str]) -> None:
    """The errgen command line; with ``build:K`` each target is generated K times (the bench's slowdown)."""
    factor = slowdown("build")
    if factor > 1:
        from errgen import targets as errgen_targets

        real = errgen_targets.generator

        def generator(name: str) -> Any:
            generate = real(name)

            def slowed(*a: Any, **k: Any) -> Any:
                for _ in range(factor - 1):
                    generate(*a, **k)
                return generate(*a, **k)

            return slowed

        errgen_targets.generator = generator  # type: ignore[assignment]
    sys.argv = ["errgen", *args]
    from errgen.cli.launcher import main

    main()


def _compile_errgen() -> None:
    """Byte-compile errgen's modules, as installing the wheel does (pip compiles them).

    Run from a checkout, errgen's imports would otherwise compile every module from source on every
    build wherever no ``__pycache__`` was written yet (a fresh clone, ``PYTHONDONTWRITEBYTECODE``): a
    tenth of a cold build's CPU time that no user pays, and that the full bench run does not measure.
    """
    import compileall

    import errgen

    compileall.compile_dir(Path(errgen.__file__).parent, quiet=1)


def reference() -> None:
    """The fixed reference workload: black formatting `REFERENCE` (pure Python, as errgen's work is)."""
    import black

    mode = black.Mode(target_versions={black.TargetVersion.PY311}, line_length=88)
    black.format_str(REFERENCE.read_text(encoding="utf-8"), mode=mode)


class Gate:
    """Everything one gate run measures, in a scratch folder."""

    def __init__(self, work: Path) -> None:
        self.work = work
        os.environ["ERRGEN_CACHE_DIR"] = ".errgen-cache"  # each project's own: cold builds are cold
        _compile_errgen()
        self.catalogs = {n: synth.write(n, work / f"input-{n}")[0] for n in (SMALL, MIDDLE, BIG)}

    def package(self, n: int) -> tuple[Path, Path, Path]:
        """errgen's package, the peer's module and the catalog.json of `n` codes."""
        folder = synth.project(self.work / f"package-{n}", self.catalogs[n])
        subprocess.run(errgen_command("build", "-t", "python", "-t", "catalog"), cwd=folder, check=True,
                       capture_output=True)  # fmt: skip
        generated = folder / "generated" / synth.NAME
        peer = self.work / f"peer-{n}" / "synth_peer.py"
        peer.parent.mkdir(exist_ok=True)
        shutil.copy(PEERS / f"peer_{n}.py", peer)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(generated / "python"), str(peer)], check=True)
        return generated / "python" / f"{synth.NAME}_errors", peer, generated / "catalog.json"

    def validation(self) -> dict[str, Any]:
        from probe_python import payloads

        package, peer, catalog_json = self.package(SMALL)
        counted = instr.validation(package, peer, payloads(catalog_json))
        base = counted["instr_peer"]
        return {fn: {"value": counted[f"instr_{fn}"] / base, "limit": targets.VALIDATE_RATIO,
                     "shown": f"{counted[f'instr_{fn}']:,} ÷ {base:,} instructions per payload ({SMALL} codes)"}
                for fn in ("parse_error", "validate_error")}  # fmt: skip

    def imports(self) -> dict[str, Any]:
        at: dict[int, dict[str, int]] = {}
        for n in (SMALL, MIDDLE):
            package, peer, _ = self.package(n)
            at[n] = instr.imports(package, peer)
        span = MIDDLE - SMALL

        def estimate(key: str) -> float:
            per_code = (at[MIDDLE][key] - at[SMALL][key]) / span
            return at[SMALL][key] + per_code * (BIG - SMALL)

        estimated = estimate("import_errgen") / estimate("import_peer")
        measured = at[MIDDLE]["import_errgen"] / at[MIDDLE]["import_peer"]
        known = json.loads(CALIBRATION.read_text(encoding="utf-8")).get("imports") if CALIBRATION.is_file() else None
        scale = known["measured"] / known["estimated"] if known else 1.0
        shown = (f"{estimate('import_errgen') / 1e6:,.0f} M ÷ {estimate('import_peer') / 1e6:,.0f} M instructions at "
                 f"{BIG:,} codes, estimated from {SMALL} and {MIDDLE} (measured at {MIDDLE}: {measured:.3f} ×), "
                 f"× {scale:.3f}")  # fmt: skip
        limit = max(targets.IMPORT_RATIO, known["measured"] * INSTR_NOISE if known else 0.0)
        return {"import": {"value": estimated * scale, "limit": limit, "shown": shown,
                           "estimated": estimated}}  # fmt: skip

    def build(self, rounds: int = ROUNDS) -> dict[str, Any]:
        calibration = json.loads(CALIBRATION.read_text(encoding="utf-8"))
        cold = {"all": [], "typescript": ["-t", "typescript"]}

        def once(args: list[str]) -> Any:
            def run(i: int) -> measure.Run:
                folder = synth.project(self.work / "cold", self.catalogs[BIG])
                cmd = errgen_command("build", *args)
                return measure.checked(measure.run(cmd, cwd=folder), cmd)

            return run

        ref = [sys.executable, str(Path(__file__).resolve()), "--reference"]
        jobs = {name: once(args) for name, args in cold.items()}
        jobs["reference"] = lambda i: measure.checked(measure.run(ref, cwd=self.work), ref)
        series = measure.interleaved(jobs, rounds)
        out: dict[str, Any] = {}
        for name, target in (("all", targets.BUILD_RATIO), ("typescript", targets.TS_RATIO)):
            ratios = [b / r for b, r in zip(series[name].cpus, series["reference"].cpus, strict=True)]
            ratio = statistics.median(ratios)
            known = calibration[f"build_{name}"]
            room = target / known["wall_vs_peer"]  # how much slower the build may get and still meet the target
            limit = known["cpu_per_reference"] * max(room, CPU_NOISE)
            cpu, ref_cpu = statistics.median(series[name].cpus), statistics.median(series["reference"].cpus)
            if room >= CPU_NOISE:
                basis = f"{known['cpu_per_reference']:.3f} × {target} ÷ {known['wall_vs_peer']:.3f} ({known['date']})"
            else:  # the last bench run missed the target or met it narrowly: it holds that run's figure
                met = "met" if room >= 1 else "MISSED"
                basis = (f"{known['cpu_per_reference']:.3f} × {CPU_NOISE} ({known['date']}: {target} × {met} at "
                         f"{known['wall_vs_peer']:.3f} ×)")  # fmt: skip
            shown = f"CPU {cpu:.3f} s ÷ reference {ref_cpu:.3f} s ({BIG:,} codes); limit = {basis}"
            out[f"build {name}"] = {"value": ratio, "limit": limit, "shown": shown}
        return out


def refresh_peers() -> None:
    """Rewrite the committed peer modules with the bench's pinned datamodel-codegen."""
    import peers

    peers.ensure_all()
    done = subprocess.run([peers.datamodel_codegen(), "--version"], capture_output=True, text=True, check=True)
    version = done.stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        for n in (SMALL, MIDDLE):
            _, schema = synth.write(n, Path(tmp) / str(n))
            out = PEERS / f"peer_{n}.py"
            subprocess.run([peers.datamodel_codegen(), "--input", schema, "--input-file-type", "jsonschema",
                            "--output-model-type", "pydantic_v2.BaseModel", "--output", out], check=True)  # fmt: skip
            lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
            stamp = f"#   {version}, on bench/synth.py's catalog of {n} codes (bench/gate.py --refresh-peers)\n"
            out.write_text("".join(stamp if line.startswith("#   timestamp:") else line for line in lines), "utf-8")


def main() -> int:
    if sys.argv[1:2] == ["--errgen"]:
        run_errgen(sys.argv[2:])
        return 0
    if sys.argv[1:] == ["--reference"]:
        reference()
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(PARTS), help=f"parts to run, of {', '.join(PARTS)}")
    parser.add_argument("--refresh-peers", action="store_true", help="rewrite bench/gate/peer_*.py")
    args = parser.parse_args()
    if args.refresh_peers:
        refresh_peers()
        return 0
    parts = [p for p in args.only.split(",") if p]
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown part(s): {', '.join(sorted(unknown))}")
    if {"validation", "imports"} & set(parts) and not instr.available():
        print("gate: valgrind is not installed (it counts the instructions)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="errgen-gate-") as tmp:
        gate = Gate(Path(tmp))
        verdicts: dict[str, Any] = {}
        for part in PARTS:
            if part in parts:
                verdicts.update(getattr(gate, part)())
        failed = [name for name, v in verdicts.items() if v["value"] > v["limit"]]
        if any(name.startswith("build ") for name in failed):
            # CPU time against the reference moves more than instructions do: a build ratio past its limit is
            # measured once more, with twice the rounds, and fails only if it is past its limit again.
            print(f"gate: {', '.join(failed)} past the limit; the builds measured again, {2 * ROUNDS} rounds")
            again = gate.build(2 * ROUNDS)
            verdicts.update({name: again[name] for name in failed if name in again})
    failed = [name for name, v in verdicts.items() if v["value"] > v["limit"]]
    for name, v in verdicts.items():
        mark = "FAIL" if name in failed else "PASS"
        print(f"gate: {mark} {name}: {v['value']:.3f} × (limit {v['limit']:.3f}); {v['shown']}")
    load = os.getloadavg()
    print(f"gate: {len(verdicts) - len(failed)} of {len(verdicts)} ratios within their limits "
          f"(load average {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f})")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
