"""What a lint rule yields: a `Finding` (shared by `lint` and the rule modules it lists, such as `lint_tools`)."""

from __future__ import annotations

from typing import NamedTuple

from errgen.catalog.diagnostics import Loc


class Finding(NamedTuple):
    """What a rule found: where, what, and the code it concerns (None: the catalog as a whole)."""

    loc: Loc
    message: str
    code: str | None = None
