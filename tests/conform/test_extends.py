"""`metadata.extends` is followed as wallfacer's live runs follow it (`wallfacer-core` `run/pack.rs::resolve`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from errgen.cli.main import main
from errgen.conform.destructive import destructive_reason
from errgen.conform.extends import EMBEDDED, MAX_DEPTH, Resolution, compose, embedded_names, find_workspace
from errgen.conform.pack import load_pack


def pack(folder: Path, name: str, extends: tuple[str, ...] = (), params: str = "", fixtures: str = "") -> Path:
    """Write `packs/<name>.yaml` under `folder`: one invariant `<name>.check` (with `fixtures`), extending `extends`."""
    meta = f"  extends: [{', '.join(extends)}]\n" if extends else ""
    path = folder / "packs" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = f"version: 3\nmetadata:\n  name: {name}\n{meta}{params}invariants:\n"
    text += f"  - {{name: {name}.check, tool: t, fixed: {{}}, assert: []{fixtures}}}\n"
    path.write_text(text, encoding="utf-8")
    return path


def resolve(path: Path, workspace: Path, **params: str) -> Resolution:
    loaded = load_pack(path, params)
    assert loaded.pack is not None, [str(e) for e in loaded.errors]
    return compose(loaded.pack, params, workspace)


def names(resolution: Resolution) -> list[str]:
    assert resolution.composed is not None, [str(e) for e in resolution.errors]
    return [inv.name for part in resolution.composed.packs for inv in part.invariants]


def test_extended_invariants_come_first_depth_first(tmp_path: Path) -> None:
    pack(tmp_path, "c")
    pack(tmp_path, "a", ("c",))
    pack(tmp_path, "b")
    top = pack(tmp_path, "top", ("a", "b"))
    assert names(resolve(top, tmp_path)) == ["c.check", "a.check", "b.check", "top.check"]


def test_the_workspace_shadows_the_embedded_packs(tmp_path: Path) -> None:
    top = pack(tmp_path, "top", ("idempotency",))
    embedded = resolve(top, tmp_path)
    assert embedded.composed is not None
    assert [p.file for p in embedded.composed.packs] == [EMBEDDED / "idempotency.yaml", top]
    assert [b.name for b in embedded.composed.packs[0].for_each_tool] == [
        "idempotency.envelope_is_stable.{{tool_name}}",
        "idempotency.structured_content_is_object.{{tool_name}}",
    ]
    pack(tmp_path, "idempotency")
    assert names(resolve(top, tmp_path)) == ["idempotency.check", "top.check"]


def test_wallfacers_mcp_spec_conformance_extends_idempotency() -> None:
    resolution = resolve(EMBEDDED / "mcp-spec-conformance.yaml", EMBEDDED.parent)
    assert resolution.composed is not None
    blocks = [b.name.split(".")[0] for part in resolution.composed.packs for b in part.for_each_tool]
    assert blocks == ["idempotency"] * 2 + ["mcp-spec"] * 4


def test_a_missing_pack_is_an_error_at_its_entry(tmp_path: Path) -> None:
    top = pack(tmp_path, "top", ("nope",))
    resolution = resolve(top, tmp_path)
    assert resolution.composed is None
    assert [str(e).replace(str(tmp_path), "WS") for e in resolution.errors] == [
        "WS/packs/top.yaml:4:13: error: metadata.extends[0]: pack `nope` not found in WS/packs "
        "nor among wallfacer's embedded packs"
    ]


def test_a_cycle_is_an_error(tmp_path: Path) -> None:
    pack(tmp_path, "a", ("b",))
    pack(tmp_path, "b", ("a",))
    top = pack(tmp_path, "top", ("a",))
    messages = [e.message for e in resolve(top, tmp_path).errors]
    assert messages == ["metadata.extends[0]: cyclic `extends` chain: a -> b -> a"]


def test_a_pack_extending_itself_is_a_cycle_one_level_down(tmp_path: Path) -> None:
    """As in wallfacer, the pack asked for is not on the path: its namesake in the workspace is loaded once."""
    me = pack(tmp_path, "me", ("me",))
    messages = [e.message for e in resolve(me, tmp_path).errors]
    assert messages == ["metadata.extends[0]: cyclic `extends` chain: me -> me"]


def test_chains_deeper_than_wallfacers_limit_are_errors(tmp_path: Path) -> None:
    assert MAX_DEPTH == 4
    pack(tmp_path, "p5")
    for level in range(4, 0, -1):
        pack(tmp_path, f"p{level}", (f"p{level + 1}",))
    deep = pack(tmp_path, "top", ("p1",))
    assert [e.message for e in resolve(deep, tmp_path).errors] == [
        "metadata.extends[0]: `extends` chain exceeded depth 4 (at `p5`)"
    ]
    ok = pack(tmp_path, "top2", ("p2",))
    assert names(resolve(ok, tmp_path)) == ["p5.check", "p4.check", "p3.check", "p2.check", "top2.check"]


def test_names_with_path_separators_are_refused(tmp_path: Path) -> None:
    top = pack(tmp_path, "top", ("../evil",))
    assert [e.message for e in resolve(top, tmp_path).errors] == [
        "metadata.extends[0]: pack name must not contain path separators (got `../evil`)"
    ]


def test_overrides_apply_to_the_whole_chain_as_in_wallfacer(tmp_path: Path) -> None:
    declared = "  parameters:\n    witness: {default: t}\n"
    pack(tmp_path, "base")
    top = pack(tmp_path, "top", ("base",), params=declared)
    resolution = resolve(top, tmp_path, witness="other")
    assert [e.message for e in resolution.errors][-1] == (
        "override key 'witness' is not declared in metadata.parameters"
    )
    assert resolution.errors[0].message == (
        f"metadata.extends[0]: pack `base` ({tmp_path / 'packs' / 'base.yaml'}) is invalid:"
    )


def test_the_workspace_is_the_folder_of_the_nearest_wallfacer_toml(tmp_path: Path) -> None:
    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    assert find_workspace(inner) == inner
    (tmp_path / "wallfacer.toml").write_text("", encoding="utf-8")
    assert find_workspace(inner) == tmp_path.resolve()
    (tmp_path / "a" / ".git").mkdir()
    assert find_workspace(inner) == inner  # the search stops at a repository's root, as wallfacer's does


def test_embedded_packs_are_wallfacers_twenty() -> None:
    assert len(embedded_names()) == 20 and {"idempotency", "error-shape", "mcp-spec-conformance"} <= set(
        embedded_names()
    )


def test_fixtures_mode_notes_extends_and_warns_of_what_a_live_run_would_miss(tmp_path: Path) -> None:
    top = pack(tmp_path, "top", ("nope",), fixtures=", test_fixtures: [{name: f, response: {}, expect: pass}]")
    result = CliRunner().invoke(main, ["conform", "--fixtures", str(top), "--workspace", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "1 passed, 0 failed\n"
    assert result.stderr.splitlines()[0] == (
        f"note: {top} extends nope: their fixtures are not evaluated here (as `wallfacer pack test`); "
        "live runs include their invariants"
    )
    assert "warning: metadata.extends[0]: pack `nope` not found" in result.stderr


def test_a_live_run_with_a_broken_extends_runs_nothing(tmp_path: Path) -> None:
    top = pack(tmp_path, "top", ("nope",))
    result = CliRunner().invoke(
        main, ["conform", str(top), "--server", "false", "--workspace", str(tmp_path)]
    )
    if "pip install" in result.stderr:
        pytest.skip("no MCP SDK")
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[-1] == "errgen conform: 1 pack error(s); nothing was run"


@pytest.mark.parametrize(
    ("tool", "reason"),
    [
        ({"name": "read_file"}, None),
        ({"name": "delete_file"}, "its name or description has a word starting with `delete`"),
        ({"name": "logs_Purge_old"}, "its name or description has a word starting with `purge`"),
        ({"name": "resetter"}, "its name or description has a word starting with `reset`"),
        ({"name": "undelete"}, None),  # a word must start with the keyword
        ({"name": "notes", "description": "Drops it."}, "its name or description has a word starting with `drop`"),
        ({"name": "delete_file", "annotations": {"readOnlyHint": True}}, None),
        ({"name": "save", "annotations": {"destructiveHint": True}}, "annotated destructiveHint: true"),
        ({"name": "save", "annotations": {"destructiveHint": True, "readOnlyHint": True}}, None),
    ],
)
def test_destructive_tools_as_wallfacer_classifies_them(tool: dict[str, object], reason: str | None) -> None:
    assert destructive_reason(tool) == reason  # type: ignore[arg-type]
