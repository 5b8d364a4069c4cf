"""The Rust blocks of the project's Markdown compile and run against the generated crates.

Each ```` ```rust ```` block not marked illustrative (tests/test_docs_blocks.py finds them) becomes
the body of a function of one program that depends on the workspace's generated crates; the
program runs every block, so the assertions a block makes hold. Items a block declares (`fn`,
`use`) are local to its function.
"""

from __future__ import annotations

import shutil

import pytest
from rust import harness
from test_docs_blocks import of

pytestmark = pytest.mark.slow


def program(blocks: list[str]) -> str:
    """`main` calling one function per block."""
    result = "Result<(), Box<dyn std::error::Error>>"
    bodies = [f"#[allow(unused)]\nfn block{i}() -> {result} {{\n{text}\nOk(())\n}}\n" for i, text in enumerate(blocks)]
    calls = "".join(f"    block{i}()?;\n" for i in range(len(blocks)))
    return "".join(bodies) + f"fn main() -> Result<(), Box<dyn std::error::Error>> {{\n{calls}    Ok(())\n}}\n"


def test_rust_blocks_compile_and_run(tmp_path_factory: pytest.TempPathFactory) -> None:
    blocks = of("rust")
    assert len(blocks) >= 2, "no Rust block"
    harness.built()
    folder = harness.cache_dir() / "docs-blocks"
    harness.write_if_changed(folder / "src" / "main.rs", program([b.text for b in blocks]))
    crates = "".join(f'{name}-errors = {{ path = "{(harness.GENERATED / name).as_posix()}" }}\n'
                     for name in ("napkin", "workbook"))  # fmt: skip
    manifest = (
        '[package]\nname = "docs-blocks"\nversion = "0.0.0"\nedition = "2021"\n\n'
        f'[dependencies]\nserde_json = "1.0.120"\n{crates}\n[workspace]\n\n[profile.dev]\ndebug = 0\n'
    )
    harness.write_if_changed(folder / "Cargo.toml", manifest)
    if not (folder / "Cargo.lock").exists():
        shutil.copy(harness.RUST_DIR / "Cargo.lock", folder / "Cargo.lock")
    done = harness.locked([harness.cargo(), "run", "--quiet"], cwd=folder)
    where = ", ".join(str(b) for b in blocks)
    assert done.returncode == 0, f"{where}\n{done.stderr[-6000:]}"
