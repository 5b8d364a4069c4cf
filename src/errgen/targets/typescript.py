"""Target ``typescript`` (not implemented yet)."""

from __future__ import annotations

from errgen.model import Catalog
from errgen.targets import TargetOptions


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """No files yet."""
    return {}
