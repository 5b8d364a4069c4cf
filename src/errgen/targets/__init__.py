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
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from errgen.catalog.model import Catalog

TARGETS: dict[str, str] = {
    "catalog": "errgen.targets.catalog_json",
    "jsonschema": "errgen.targets.jsonschema",
    "openapi": "errgen.targets.openapi",
    "reasons": "errgen.targets.reasons",
    "markdown": "errgen.targets.markdown.target",
    "site": "errgen.targets.site.target",
    "python": "errgen.targets.python.target",
    "typescript": "errgen.targets.typescript.target",
    "go": "errgen.targets.go.target",
    "rust": "errgen.targets.rust.target",
    "packs": "errgen.targets.packs.target",
    "custom": "errgen.targets.custom",
}
OPT_IN = frozenset({"site"})
"""Targets a build runs only when asked (``-t site``, or ``targets`` in ``[tool.errgen]``): the HTML index adds
about a fifth to a cold build of every other target (docs/workflow.md, "HTML error index")."""
DEFAULT_TARGETS: tuple[str, ...] = tuple(t for t in TARGETS if t not in OPT_IN)
"""What ``errgen build`` generates when neither ``-t`` nor ``[tool.errgen] targets`` says."""


class TargetOptions(NamedTuple):
    """Per-target options from the command line and ``[tool.errgen]``.

    A NamedTuple, as are the settings records a warm build reads (`errgen.workflow.config.Config`,
    `errgen.workflow.project.Project`): a dataclass costs that path a quarter of its machine
    instructions (importing `dataclasses`, then generating each class's methods).
    """

    templates: str | None = None  # user template directory, searched before the built-ins
    python_module: str | None = None  # default: "<catalog>_errors"
    ts_import_extension: str = ".js"  # how generated TS files import each other ("" or ".js")
    black_cache: str | None = None  # directory of the black cache; None disables it


PARTS: dict[str, tuple[str, ...]] = {"typescript": ("core", "adapters")}
"""Targets generated in parts that a build may run in different processes (`errgen.workflow.workers`):
the module's ``generate_<part>`` functions, whose files together are what its ``generate`` gives."""

Generate = Callable[["Catalog", TargetOptions], dict[str, str]]


def generator(name: str) -> Generate:
    """The ``generate`` function of target `name`."""
    module = importlib.import_module(TARGETS[name])
    return module.generate  # type: ignore[no-any-return]


def part(name: str, piece: str | None) -> Generate:
    """The function generating `piece` of target `name` (one of `PARTS`), or the whole target (None)."""
    if piece is None:
        return generator(name)
    module = importlib.import_module(TARGETS[name])
    return getattr(module, f"generate_{piece}")  # type: ignore[no-any-return]


def generate(catalog: Catalog, targets: tuple[str, ...], options: TargetOptions) -> dict[str, str]:
    """Run the chosen targets on one catalog and merge their files."""
    files: dict[str, str] = {}
    for name in targets:
        files.update(generator(name)(catalog, options))
    return files
