"""Follow a pack's `metadata.extends` as wallfacer's live runs do (`wallfacer-core` 0.8.1, `run/pack.rs`).

Each name in `extends` is a pack found as `<workspace>/packs/<name>.yaml` (then `.yml`), else among
wallfacer's embedded packs (vendored in `wallfacer_packs/`). The workspace is the folder of the nearest
`wallfacer.toml` (the current folder, then its parents up to the first one holding `.git`), else the
current folder, unless the caller names one. An extended pack is read with the same `--param`
overrides as the pack that names it (one it does not declare is an error there too), its own
`extends` are followed first (at most `MAX_DEPTH` levels, a name already on the path is a cycle), and
its invariants and `for_each_tool` blocks run before the extending pack's; its sequences and
metadata are not inherited. A live run then runs each invariant, block and sequence name once,
the first one met (wallfacer's `compose_invariants`).

`wallfacer pack test` does not follow `extends`, and `errgen conform --fixtures` does not either.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from errgen.conform import model as m
from errgen.conform.diagnostics import PackError
from errgen.conform.pack import load_pack

MAX_DEPTH = 4  # wallfacer's MAX_EXTENDS_DEPTH: the pack itself is depth 0
EMBEDDED = Path(__file__).resolve().parent / "wallfacer_packs"


@dataclass(frozen=True)
class Composed:
    """A pack and every pack it extends, in wallfacer's order: extended packs (depth first), the pack last."""

    packs: tuple[m.Pack, ...]

    @property
    def pack(self) -> m.Pack:
        """The pack that was asked for."""
        return self.packs[-1]


@dataclass(frozen=True)
class Resolution:
    """The composed pack (None when anything failed) and every error found on the way."""

    composed: Composed | None
    errors: tuple[PackError, ...] = ()
    warnings: tuple[PackError, ...] = ()


def find_workspace(start: Path) -> Path:
    """The folder of the nearest `wallfacer.toml` from `start` up to a folder holding `.git`, else `start`."""
    current = start.resolve()
    while True:
        if (current / "wallfacer.toml").is_file():
            return current
        if (current / ".git").is_dir() or current.parent == current:
            return start
        current = current.parent


def locate(name: str, workspace: Path) -> Path | str:
    """The file of pack `name`: the workspace's `packs/` first, then the embedded packs; else why not."""
    if "/" in name or "\\" in name:
        return f"pack name must not contain path separators (got `{name}`)"
    for folder in (workspace / "packs", EMBEDDED):
        for suffix in (".yaml", ".yml"):
            candidate = folder / f"{name}{suffix}"
            if candidate.is_file():
                return candidate
    return f"pack `{name}` not found in {workspace / 'packs'} nor among wallfacer's embedded packs"


def embedded_names() -> list[str]:
    """Names of the embedded packs (wallfacer 0.8.1's `EMBEDDED_PACKS`)."""
    return sorted(path.stem for path in EMBEDDED.glob("*.yaml"))


def compose(pack: m.Pack, params: Mapping[str, str], workspace: Path) -> Resolution:
    """Resolve `pack`'s `extends` chain; `params` are the overrides `pack` was loaded with."""
    errors: list[PackError] = []
    warnings: list[PackError] = []
    ordered: list[m.Pack] = []
    _follow(pack, params, workspace, (), errors, warnings, ordered)
    ordered.append(pack)
    return Resolution(None if errors else Composed(tuple(ordered)), tuple(errors), tuple(warnings))


def _follow(
    pack: m.Pack, params: Mapping[str, str], workspace: Path, path: tuple[str, ...],
    errors: list[PackError], warnings: list[PackError], ordered: list[m.Pack],
) -> None:  # fmt: skip
    """Append every pack `pack` extends (depth first) to `ordered`; `path` holds the names being resolved."""
    meta = pack.metadata
    for index, name in enumerate(meta.extends if meta else ()):
        line, col = meta.extends_at[index] if meta and index < len(meta.extends_at) else (1, 1)
        where = f"metadata.extends[{index}]"
        if name in path:
            chain = " -> ".join((*path, name))
            errors.append(PackError(pack.file, line, col, f"{where}: cyclic `extends` chain: {chain}"))
            continue
        found = locate(name, workspace)
        if isinstance(found, str):
            errors.append(PackError(pack.file, line, col, f"{where}: {found}"))
            continue
        if len(path) + 1 > MAX_DEPTH:
            message = f"{where}: `extends` chain exceeded depth {MAX_DEPTH} (at `{name}`)"
            errors.append(PackError(pack.file, line, col, message))
            continue
        loaded = load_pack(found, params)
        if loaded.pack is None:
            errors.append(PackError(pack.file, line, col, f"{where}: pack `{name}` ({found}) is invalid:"))
            errors.extend(loaded.errors)
            continue
        warnings.extend(loaded.warnings)
        _follow(loaded.pack, params, workspace, (*path, name), errors, warnings, ordered)
        ordered.append(loaded.pack)
