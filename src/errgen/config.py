"""Settings from ``[tool.errgen]`` in pyproject.toml, overridden by the command line.

Keys (all optional)::

    [tool.errgen]
    catalogs = ["catalog/*.yaml"]   # files or globs, relative to pyproject.toml
    out = "generated"
    targets = ["catalog", "jsonschema", "markdown", "python", "typescript", "packs"]
    templates = "my-templates"      # searched before the built-in templates
    [tool.errgen.python]
    module = "errors"               # default: "<catalog>_errors"
    [tool.errgen.typescript]
    import_extension = ".js"        # or "" for bundlers
    [tool.errgen.lint]
    disable = ["missing-example"]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from errgen.targets import TARGETS


class ConfigError(ValueError):
    """A problem in ``[tool.errgen]``, already formatted as ``path: error: …``."""


@dataclass(frozen=True, kw_only=True)
class Config:
    """The ``[tool.errgen]`` table, validated; paths are absolute."""

    root: Path
    catalogs: tuple[str, ...] = ("catalog/*.yaml", "catalog/*.yml")
    out: str = "generated"
    targets: tuple[str, ...] = tuple(TARGETS)
    templates: str | None = None
    python_module: str | None = None
    ts_import_extension: str = ".js"
    lint_disable: tuple[str, ...] = ()
    source: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def find_root(start: Path) -> Path:
    """The nearest folder at or above `start` with a pyproject.toml, else `start`."""
    for folder in (start, *start.parents):
        if (folder / "pyproject.toml").is_file():
            return folder
    return start


_KEYS = {"catalogs", "out", "targets", "templates", "python", "typescript", "lint"}


def load_config(root: Path) -> Config:
    """Read ``[tool.errgen]`` from ``root/pyproject.toml`` (defaults when absent)."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return Config(root=root)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("errgen", {})
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: error: invalid TOML: {exc}") from None
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ConfigError(f"{path}: error: unknown key(s) in [tool.errgen]: {', '.join(unknown)}")
    targets = tuple(data.get("targets", TARGETS))
    bad = [t for t in targets if t not in TARGETS]
    if bad:
        raise ConfigError(f"{path}: error: unknown target(s) {bad}; choose from {', '.join(TARGETS)}")
    catalogs = data.get("catalogs", Config.catalogs)
    return Config(
        root=root,
        catalogs=tuple([catalogs] if isinstance(catalogs, str) else catalogs),
        out=str(data.get("out", "generated")),
        targets=targets,
        templates=data.get("templates"),
        python_module=data.get("python", {}).get("module"),
        ts_import_extension=str(data.get("typescript", {}).get("import_extension", ".js")),
        lint_disable=tuple(data.get("lint", {}).get("disable", ())),
        source=path,
    )


def expand_catalogs(root: Path, patterns: tuple[str, ...]) -> tuple[Path, ...]:
    """Files matching the patterns (relative to `root`), sorted, without duplicates."""
    found: dict[Path, None] = {}
    for pattern in patterns:
        if any(ch in pattern for ch in "*?["):
            for match in sorted(root.glob(pattern)):
                if match.is_file():
                    found.setdefault(match, None)
        else:
            found.setdefault(root / pattern, None)
    return tuple(found)
