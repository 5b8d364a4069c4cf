"""Generators: each turns a `Catalog` into ``{relative path: text}``.

A target module exposes ``generate(catalog: Catalog, options: TargetOptions) ->
dict[str, str]``; paths are relative to the catalog's output folder
(``generated/<catalog>/``). Targets are imported lazily so that ``errgen --help``
stays fast.

Also owns what the targets share: Jinja template loading (``templating``), string escaping
(``escape``), Python source formatting (``formatting``), example payloads (``payload``) and
the secret scrubber the generated runtimes embed (``scrub``, ``runtime_patterns``,
``sanitizer_parts``, ``secret_names``). May import `errgen.catalog` only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from errgen.catalog.model import Catalog

TARGETS: dict[str, str] = {
    "catalog": "errgen.targets.catalog_json",
    "jsonschema": "errgen.targets.jsonschema",
    "openapi": "errgen.targets.openapi",
    "reasons": "errgen.targets.reasons",
    "markdown": "errgen.targets.markdown.target",
    "python": "errgen.targets.python.target",
    "typescript": "errgen.targets.typescript.target",
    "go": "errgen.targets.go.target",
    "rust": "errgen.targets.rust.target",
    "packs": "errgen.targets.packs.target",
    "custom": "errgen.targets.custom",
}


@dataclass(frozen=True, kw_only=True)
class TargetOptions:
    """Per-target options from the command line and ``[tool.errgen]``."""

    templates: str | None = None  # user template directory, searched before the built-ins
    python_module: str | None = None  # default: "<catalog>_errors"
    ts_import_extension: str = ".js"  # how generated TS files import each other ("" or ".js")
    black_cache: str | None = None  # directory of the black cache; None disables it


def generator(name: str) -> Callable[[Catalog, TargetOptions], dict[str, str]]:
    """The ``generate`` function of target `name`."""
    module = importlib.import_module(TARGETS[name])
    return module.generate  # type: ignore[no-any-return]


def generate(catalog: Catalog, targets: tuple[str, ...], options: TargetOptions) -> dict[str, str]:
    """Run the chosen targets on one catalog and merge their files."""
    files: dict[str, str] = {}
    for name in targets:
        files.update(generator(name)(catalog, options))
    return files
