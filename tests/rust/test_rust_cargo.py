"""The generated crates under the real toolchain: seed acceptance tests, clippy, rustfmt, deferred codes.

`harness.workspace()` builds every vector catalog's crate (and the hostile-names one) once per
session; these tests run cargo's own test runner on the seed 000/001 acceptance tests
(`seeds/tests/`), clippy with ``-D warnings`` and ``rustfmt --check`` on the generated code,
and compile small crates that must NOT compile (a deferred code built, a deprecated one used
under ``deny(deprecated)``).
"""

from __future__ import annotations

import re
import shutil

import pytest
from rust import harness

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built() -> harness.Workspace:
    return harness.built()


# The fuzz target and the deep-value tests run in test_rust_fuzz.py.
SEED_TESTS = ("seed000_workbook", "seed001_entelix", "seed003_tools", "hostile_names")


def test_seed_acceptance_tests_pass_under_cargo_test(built: harness.Workspace) -> None:
    targets = [arg for name in SEED_TESTS for arg in ("--test", name)]
    done = harness.locked([harness.cargo(), "test", "-p", "errgen-seeds", *targets, "--quiet"])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    tests = [harness.RUST_DIR / "seeds" / "tests" / f"{name}.rs" for name in SEED_TESTS]
    declared = sum(p.read_text(encoding="utf-8").count("#[test]") for p in tests)
    passed = sum(int(n) for n in re.findall(r"test result: ok\. (\d+) passed", done.stdout))
    assert declared >= 25 and passed == declared, (declared, passed)


def test_clippy_finds_nothing_in_the_generated_crates(built: harness.Workspace) -> None:
    clippy = [harness.cargo(), "clippy", "--workspace", "--all-targets", "--quiet", "--", "-D", "warnings"]
    done = harness.locked(clippy)
    assert done.returncode == 0, done.stderr[-6000:]


def test_clippy_pedantic_finds_nothing_in_the_generated_crates(built: harness.Workspace) -> None:
    """`-W clippy::pedantic` on every generated crate; each lint the crates allow says why in one line."""
    crates = [arg for name in built.catalogs for arg in ("-p", f"{name}-errors")]
    clippy = [harness.cargo(), "clippy", *crates, "--quiet", "--", "-D", "warnings", "-W", "clippy::pedantic"]
    done = harness.locked(clippy)
    assert done.returncode == 0, done.stderr[-6000:]
    for source in harness.GENERATED.glob("*/src/*.rs"):
        for line in source.read_text(encoding="utf-8").splitlines():
            if "allow(clippy::" in line:
                assert re.search(r"\)\] // \w", line), f"{source.name}: an allowed lint without its reason: {line}"


def test_the_example_server_passes_clippy_with_its_result_type(built: harness.Workspace) -> None:
    """A server returning `Result<_, ToolError>` inherits no lint (`result_large_err`: the variants are boxed)."""
    example = harness.ROOT / "examples" / "rust_workbook_server"
    done = harness.locked([harness.cargo(), "clippy", "--all-targets", "--quiet", "--", "-D", "warnings"], cwd=example)
    assert done.returncode == 0, done.stderr[-6000:]
    assert "Result<Json<Priced>, ToolError>" in (example / "src" / "main.rs").read_text(encoding="utf-8")


def test_generated_rust_is_rustfmt_clean(built: harness.Workspace) -> None:
    rustfmt = harness.tool("rustfmt")
    if rustfmt is None:
        pytest.fail("rustfmt is missing: install it with `rustup component add rustfmt`")
    sources = sorted(str(p) for p in harness.GENERATED.rglob("*.rs"))
    assert len(sources) == 3 * len(built.catalogs)  # lib.rs, runtime.rs and mcp.rs (the rmcp feature's)
    done = harness.run([rustfmt, "--edition", "2021", "--check", *sources])
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def _match(extra: str, multiple: str) -> str:
    """A match over `edit_file`'s errors: every code but multiple_matches, then `extra` and `multiple` arms."""
    arms = ["NotFound", "PermissionDenied", "OutsideWorkspace", "FileTooLarge", "StaleFile", "OldTextNotFound",
            "OverlappingEdits", "UnknownError", "Unknown"]  # fmt: skip
    listed = " ".join(f"E::{arm}(_) => 0," for arm in arms)
    extra = f"E::{extra}" if extra else ""
    multiple = f"E::{multiple}" if multiple else ""
    return (
        "use filetools_errors::EditFileToolError as E;\n"
        "    let error = E::from(filetools_errors::ToolError::from(filetools_errors::Timeout::new(5)));\n"
        f"    let _: u8 = match error {{ {listed} {multiple} {extra} }};"
    )


MISUSES = {
    "control": ("workbook", "let _ = workbook_errors::InvalidInput::new(\"unit\").with_allowed([\"kg\"]);", ""),
    "deferred_new": ("workbook", 'let _ = workbook_errors::StaleOracle::new("fx_rate");',
                     "no function or associated item named `new` found"),
    "deferred_literal": ("workbook", 'let _ = workbook_errors::StaleOracle { field: "fx_rate".to_owned() };',
                         "cannot create non-exhaustive struct"),
    "deprecated": ("tsopts", "let _ = tsopts_errors::OldCode::new();", "use of deprecated"),
    "runtime_is_private": ("workbook", "let _ = workbook_errors::runtime::scrub_text(\"x\");",
                           "module `runtime` is private"),
    # per-tool enums (catalog/filetools.yaml's tools): a match is exhaustive over exactly the tool's codes
    "tool_control": ("filetools", _match("", "MultipleMatches(_) => 1,"), ""),
    "tool_foreign_code": ("filetools", _match("BinaryFile(_) => 9,", "MultipleMatches(_) => 1,"),
                          "no variant or associated item named `BinaryFile`"),
    "tool_forgotten_code": ("filetools", _match("", ""), "`EditFileToolError::MultipleMatches(_)` not covered"),
}  # fmt: skip


def profiles() -> str:
    """The workspace's profiles (the same compiled dependencies serve both)."""
    text = (harness.RUST_DIR / "Cargo.toml").read_text(encoding="utf-8")
    return text[text.index("[profile.dev]") :]


@pytest.mark.parametrize("name", list(MISUSES))
def test_misuse_does_not_compile(built: harness.Workspace, name: str) -> None:
    """Deferred codes have no constructor and cannot be written as a literal; a deprecated one warns.

    Each crate has a folder of its own in the cache (cargo's freshness check follows the source
    paths it last compiled: a reused name in a new folder could look built).
    """
    catalog, body, error = MISUSES[name]
    folder = harness.cache_dir() / "misuse" / name
    harness.write_if_changed(folder / "src" / "main.rs", f"#![deny(deprecated)]\nfn main() {{\n    {body}\n}}\n")
    dependency = (harness.GENERATED / catalog).as_posix()
    manifest = (
        f'[package]\nname = "misuse-{name.replace("_", "-")}"\nversion = "0.0.0"\nedition = "2021"\n\n'
        f'[dependencies]\n{catalog}-errors = {{ path = "{dependency}" }}\n\n[workspace]\n\n{profiles()}'
    )
    harness.write_if_changed(folder / "Cargo.toml", manifest)
    if not (folder / "Cargo.lock").exists():
        shutil.copy(harness.RUST_DIR / "Cargo.lock", folder / "Cargo.lock")
    done = harness.locked([harness.cargo(), "check", "--quiet"], cwd=folder)
    if not error:
        assert done.returncode == 0, done.stderr[-4000:]
    else:
        assert done.returncode != 0 and error in done.stderr, done.stderr[-4000:]
