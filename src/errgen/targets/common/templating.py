"""The one Jinja environment every template-driven target renders with.

Templates live in the repository's ``templates/`` (shipped inside the wheel as
``errgen/templates``), one per output file, named after it. A user directory given
with ``--templates`` is searched first, so it can override any built-in template
or add new ones. Templates see only the IR and the filters below; names and
escaping are computed in Python.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

CACHE_ENV = "ERRGEN_CACHE_DIR"


def caching_off() -> bool:
    """Whether ``ERRGEN_CACHE_DIR=""`` turns the build cache and the compiled-template cache off."""
    return os.environ.get(CACHE_ENV) == ""


def builtin_templates() -> Path:
    """The built-in templates: packaged copy if installed, else the repository's."""
    packaged = Path(__file__).parents[2] / "templates"  # errgen/templates in a wheel
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[4] / "templates"  # the repository's


def filters() -> dict[str, Any]:
    """The filters every template may use (imported here, not at start-up: a warm build renders nothing)."""
    from errgen.targets.common import escape

    return {
        "py_str": escape.py_str,
        "ts_str": escape.ts_str,
        "json_str": escape.json_string,
        "comment": escape.comment_text,
        "md_text": escape.md_text,
        "md_cell": escape.md_cell,
        "md_code": escape.md_code,
        "md_block": escape.md_block,
        "anchor": escape.anchor,
    }


@lru_cache(maxsize=8)
def environment(user_dir: str | None = None) -> Any:
    """A cached Jinja environment searching `user_dir` first, then the built-ins."""
    import jinja2

    search = [user_dir] if user_dir else []
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*search, str(builtin_templates())]),
        bytecode_cache=_bytecode_cache(),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters.update(filters())
    return env


def _bytecode_cache() -> Any:
    """Jinja's per-user cache of compiled templates (keyed on their source, like ``.pyc``).

    Templates are errgen's code, not its input: caching their compiled form keeps
    nothing of a catalog. ``ERRGEN_CACHE_DIR=""`` turns it off with the build cache.
    """
    if caching_off():
        return None
    import jinja2

    try:
        return jinja2.FileSystemBytecodeCache()  # a private per-user folder under the temp dir
    except (OSError, RuntimeError):
        return None


def render(template: str, user_dir: str | None = None, **context: Any) -> str:
    """Render one template by name with the given context."""
    return str(environment(user_dir).get_template(template).render(**context))
