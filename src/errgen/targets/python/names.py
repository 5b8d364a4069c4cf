"""Names the Python target prints besides the per-code ones: exports, imports, package version."""

from __future__ import annotations

import re
from typing import Any

from errgen.catalog.model import Catalog

# What every catalog package exports besides its classes (``__all__``).
API = (
    "ARGUMENTS", "CATALOG", "CATALOG_INFO", "CODES", "DEFAULT_CODE", "DEFAULT_KIND", "DESCRIPTION",
    "FAILURE_CLASSIFICATION", "FAILURE_MAPPING", "FIELDS", "FINGERPRINT", "HTTP_CLASSIFICATION", "HTTP_MAPPING",
    "KINDS", "LOCALES", "POLICIES", "PROVENANCE", "REDACTED", "TITLE", "TOOLS", "TRANSLATIONS", "VERSION",
    "CatalogInfo", "ChannelInfo", "CodeInfo", "Deprecation", "Envelope", "ErrorBase", "ErrorCode", "ErrorKind",
    "ErrorPolicy", "ErrorUnion", "HttpRule", "KindInfo", "KnownErrorUnion", "LocaleInfo", "LocaleTexts", "Localized",
    "Provenance", "Range", "RangeDict", "RepairField", "Tool", "ToolContract", "ToolResult", "UnknownCode",
    "build_error", "classify", "classify_exception", "classify_failure", "classify_http", "describe_field",
    "failure_class", "format_message", "has_retry_after", "is_retryable", "is_terminal", "kind_of", "locale_chain",
    "localize", "localized_message", "map_exception", "map_http", "model_for", "parse_error", "parse_problem",
    "parse_result", "parse_status", "payload_schema", "sanitize", "scrub_text", "to_json", "tool_failure",
    "validate_error", "widen_output_schema",
)  # fmt: skip
# The catalog functions: ErrorCatalog's methods, bound to the catalog (``name = _catalog.name``).
BOUND = (
    "build_error", "classify", "classify_exception", "classify_failure", "classify_http", "describe_field",
    "is_retryable", "is_terminal", "kind_of", "locale_chain", "localize", "localized_message", "map_exception",
    "map_http", "model_for", "parse_error", "parse_problem", "parse_result", "parse_status", "payload_schema",
    "validate_error", "widen_output_schema",
)  # fmt: skip
# What ``__init__.py`` takes from ``_runtime.py`` (re-exported where `API` lists it).
RUNTIME = (
    "REDACTED", "CatalogInfo", "ChannelInfo", "CodeInfo", "DataT", "Deprecation", "Envelope", "ErrorCatalog",
    "ErrorModel", "HttpRule", "KindInfo", "LocaleInfo", "LocaleTexts", "Localized", "Provenance", "Range",
    "RangeDict", "RepairField", "TerminatePolicy", "ToolContract", "ToolResultModel", "ToolT", "UnknownCodeModel",
    "failure_class", "format_message", "has_retry_after", "sanitize", "scrub_text", "to_json", "tool_failure",
)  # fmt: skip


def exports(class_names: list[str]) -> list[str]:
    """``__all__``: the fixed API and one class per code, in ruff's order (RUF022)."""
    return sorted([*API, *class_names], key=isort_key)


def isort_key(name: str) -> tuple[int, list[Any]]:
    """Ruff's ``__all__`` and import order: CONSTANTS, then Classes, then the rest; natural sort."""
    group = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return group, [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def imports(catalog: Catalog, q: dict[str, str]) -> dict[str, list[str]]:
    """Module → the names ``__init__.py`` imports from it (those it uses), in ruff's order.

    ``builtins`` maps to ``["builtins"]`` when a field shadows a builtin a class body uses.
    """
    codes = list(catalog.codes.values())
    used = [catalog.fields[name] for code in codes for name in code.fields]
    optional = [catalog.fields[name] for code in codes for name in code.optional]
    env = catalog.envelope
    renamed = env.discriminator != "code" or (env.retriable is not None and env.retriable.key != "retriable")
    aliased = any(f.names.py_attr != f.wire for f in used) or renamed or bool(env.texts)
    chosen: dict[str, dict[str, bool]] = {
        "builtins": {"builtins": any(v.startswith("_builtins.") for v in q.values())},
        "typing": {"Annotated": True, "Any": True, "Generic": True,
                   "Literal": True, "Union": True},
        "pydantic": {"Field": env.mirror_is_error or aliased},
        "typing_extensions": {"Never": any(c.deferred or c.channel.value == "protocol" for c in codes),
                              "Self": True,
                              "deprecated" + (" as _deprecated" if q["deprecated"] != "deprecated" else ""):
                                  any(c.deprecated for c in codes)},
        "._runtime": {**dict.fromkeys(RUNTIME, True), "IsErrorFlag": env.mirror_is_error,
                      "Number": any(f.type.name == "number" or f.type.items == "number" for f in used),
                      "Integer": any(f.type.name == "integer" or f.type.items == "integer" for f in used),
                      "JsonValue": any(f.type.name == "any" for f in used),
                      "JsonObject": any(f.type.name == "object" for f in used),
                      "JsonList": any(f.type.name == "array" and f.type.items in ("object", "any") for f in used),
                      "Omittable": any(f.type.name != "any" for f in optional)
                                   or env.provenance_mode.value == "optional",
                      "StampedProvenance": env.provenance_mode.value != "none",
                      "WireMetadata": bool(env.texts)},
    }  # fmt: skip
    return {module: sorted((n for n, on in names.items() if on), key=isort_key) for module, names in chosen.items()}


def package_version(version: str) -> str:
    """The catalog's semver as a PEP 440 version: ``1.4.0``; ``1.0.0-rc.1+b.5`` → ``1.0.0+rc.1.b.5``.

    A pre-release or build becomes a local version label, which every semver fits.
    """
    core = re.match(r"[0-9]+(?:\.[0-9]+)*", version)
    head = core.group() if core else "0"
    label = ".".join(part for part in re.split(r"[^A-Za-z0-9]+", version[len(head) :]) if part)
    return f"{head}+{label}" if label else head
