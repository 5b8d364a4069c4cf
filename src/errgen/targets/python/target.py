"""Target ``python``: an installable pydantic v2 package per catalog.

``python/`` holds ``pyproject.toml`` and the package ``<module>/`` (module =
``options.python_module`` or ``<catalog>_errors``): ``__init__.py``, the catalog's
content (its tables, one plainly declared model class per code, the union of them
and the catalog's functions, bound from the runtime), ``_runtime.py``, everything
that does not depend on the catalog (the same bytes for every catalog and build),
and ``py.typed``. Every name and literal is computed in Python (here, `python_classes`,
`python_tables`, `python_names`, laid out by `python_layout`); the templates only loop
and print. Python text is rendered black-clean and then passed through the cached
black of `errgen.targets.python.formatting`, which runs black only where catalog content
could change its decisions; the built-in ``_runtime.py`` has no catalog content (a test
keeps its rendering black-clean), so only a user's override of its template goes through it.
"""

from __future__ import annotations

from typing import Any

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.common import value_rules
from errgen.targets.common.channels import constants as channel_constants
from errgen.targets.common.header import line_comment
from errgen.targets.common.templating import render
from errgen.targets.python import locales as py_locales
from errgen.targets.python.classes import base_fields, py_code, qualified
from errgen.targets.python.formatting import format_python
from errgen.targets.python.layout import collection, literal, py_string, subscript, text_block
from errgen.targets.python.names import BOUND, exports, imports, package_version
from errgen.targets.python.tables import (
    channel_info,
    code_info,
    envelope_args,
    http_rules,
    policy_ctors,
    repair_field,
    sanitizer,
)
from errgen.targets.python.tools import py_tools, tools_table
from errgen.targets.sanitizer import patterns as rp

PYDANTIC_MIN = "2.11"  # by_name / by_alias at validation time (tests/python/test_py_package.py)
TYPING_EXTENSIONS_MIN = "4.12.2"  # what that pydantic requires; Never, Self and deprecated are older
RULES = "tuple[HttpRule, ...]"  # the annotation of the HTTP tables


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``python/pyproject.toml`` and the package ``python/<module>/``, formatted by (cached) black."""
    module = options.python_module or f"{catalog.names.snake}_errors"
    if not module.isidentifier():
        raise ValueError(f"python module name {module!r} is not a Python identifier")
    package = render_package(catalog, module, options.templates)
    runtime = render_runtime(options.templates)
    adapter = render_adapter(options.templates)
    if options.templates is not None:  # the built-in runtime and adapter: black-clean as rendered (test_formatting)
        runtime = format_python(runtime, options.black_cache)
        adapter = format_python(adapter, options.black_cache)
    return {
        "python/pyproject.toml": render(
            "python/pyproject.toml.jinja",
            options.templates,
            header=line_comment(catalog),
            module=module,
            distribution=module.replace("_", "-"),
            version=package_version(catalog.version),
            catalog=catalog,
            pydantic_min=PYDANTIC_MIN,
            typing_extensions_min=TYPING_EXTENSIONS_MIN,
        ),
        f"python/{module}/__init__.py": format_python(package, options.black_cache),
        f"python/{module}/_runtime.py": runtime,
        f"python/{module}/py.typed": line_comment(catalog),
        f"python/{module}/mcp_adapter.py": adapter,
    }


def render_package(catalog: Catalog, module: str, templates: str | None = None) -> str:
    """The catalog's ``__init__.py`` as rendered (before black)."""
    return render("python/__init__.py.jinja", templates, **context(catalog, module))


def render_adapter(templates: str | None = None) -> str:
    """``mcp_adapter.py`` as rendered (before black): the MCP SDK adapter, the same for every catalog."""
    return render("python/mcp_adapter.py.jinja", templates)


def render_runtime(templates: str | None = None) -> str:
    """``_runtime.py`` as rendered (before black): it depends on no catalog."""
    return render(
        "python/_runtime.py.jinja",
        templates,
        san=sanitizer(),
        max_blocks=rp.MAX_BLOCKS,
        values=value_rules.context(),
        channels=channel_constants(py_string),
    )


def context(catalog: Catalog, module: str) -> dict[str, Any]:
    """The template context of ``__init__.py``: the IR plus every name and literal it prints."""
    attrs = {name: f.names.py_attr for name, f in catalog.fields.items()}
    q = qualified(catalog, attrs)
    codes = [py_code(catalog, code, attrs, q) for code in catalog.codes.values()]
    tools = py_tools(catalog, {c.code.id: c.class_name for c in codes})
    return {
        "catalog": catalog,
        "env": catalog.envelope,
        "module": module,
        "header": line_comment(catalog),
        "imports": imports(catalog, q),
        "codes": codes,
        "first": next((c for c in codes if c.code.constructible), codes[0]),
        "q": q,
        "code_table": [
            text_block(4, f"{py_string(c.id)}: ", code_info(catalog, c), ",") for c in catalog.codes.values()
        ],
        "field_table": [
            text_block(4, f"{py_string(f.wire)}: ", repair_field(f, attrs), ",") for f in catalog.fields.values()
        ],
        "envelope": envelope_args(catalog),
        "channels": channel_info(catalog),
        "base_fields": base_fields(catalog),
        "policy_ctors": policy_ctors(catalog),
        "kinds": list(catalog.kinds.values()),
        "http_kinds": collection(0, f"HTTP_CLASSIFICATION: {RULES} = ", http_rules(catalog.classification_http)),
        "http_codes": collection(0, f"HTTP_MAPPING: {RULES} = ", http_rules(catalog.mapping_http)),
        "error_code": subscript("ErrorCode = Literal", [py_string(c) for c in catalog.codes]),
        "error_kind": subscript("ErrorKind = Literal", [*map(py_string, catalog.kinds)]) if catalog.kinds else "str",
        "known_union": subscript("KnownErrorUnion = Union", [c.class_name for c in codes], 0, "  # noqa: UP007"),
        "exports": exports([c.class_name for c in codes] + [n for t in tools for n in (t.union_name, t.contract_name)]),
        "tools": tools,
        "tools_table": tools_table(tools),
        "arguments": list(catalog.arguments.values()),
        "bound": BOUND,
        "lit": literal,
        "py": py_string,
        "text_block": text_block,
       
        "plural_functions": py_locales.plural_functions(catalog),
        "locale_rows": py_locales.locale_rows(catalog),
        "translation_rows": py_locales.translation_rows(catalog),
    }  # fmt: skip


__all__ = ["context", "generate", "render_package", "render_runtime"]
