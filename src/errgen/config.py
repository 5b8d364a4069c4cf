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
    [tool.errgen.docs]
    files = ["README.md"]           # what `errgen docs inject` updates when given no FILE
    [tool.errgen.lint]
    disable = ["missing-example"]   # lint rules off for every catalog
    severity = {missing-example = "error"}
    [tool.errgen.lint.filetools]    # rules off (or re-graded) for one catalog only
    disable = ["missing-ui-meaning"]

Every value is type-checked; unknown keys and lint rule ids are errors with a
did-you-mean, so a typo never silently does nothing.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from errgen.targets import TARGETS


class ConfigError(ValueError):
    """A problem in ``[tool.errgen]``, already formatted as ``path: error: …``."""


@dataclass(frozen=True, kw_only=True)
class LintSettings:
    """Which lint rules are off and how severe the others are, for one catalog or all."""

    disable: tuple[str, ...] = ()
    severity: dict[str, str] = field(default_factory=dict)


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
    lint_severity: dict[str, str] = field(default_factory=dict)
    lint_catalogs: dict[str, LintSettings] = field(default_factory=dict)
    docs_files: tuple[str, ...] = ()
    source: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def lint_for(self, catalog: str) -> LintSettings:
        """The lint settings of one catalog: its own table over the global one."""
        own = self.lint_catalogs.get(catalog, LintSettings())
        return LintSettings(
            disable=tuple(dict.fromkeys((*self.lint_disable, *own.disable))),
            severity={**self.lint_severity, **own.severity},
        )


def find_root(start: Path) -> Path:
    """The nearest folder at or above `start` with a pyproject.toml, else `start`."""
    for folder in (start, *start.parents):
        if (folder / "pyproject.toml").is_file():
            return folder
    return start


_KEYS = {"catalogs", "out", "targets", "templates", "python", "typescript", "lint", "docs"}
_SUBKEYS = {"python": {"module"}, "typescript": {"import_extension"}, "docs": {"files"}}
_IMPORT_EXTENSIONS = ("", ".js")
_SEVERITIES = ("error", "warning")


def load_config(root: Path) -> Config:
    """Read ``[tool.errgen]`` from ``root/pyproject.toml`` (defaults when absent)."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return Config(root=root)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("errgen", {})
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: error: invalid TOML: {exc}") from None
    return _Reader(path).read(data)


class _Reader:
    """Validate the raw table, raising ConfigError on the first problem."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, message: str) -> ConfigError:
        return ConfigError(f"{self.path}: error: {message}")

    def keys(self, table: dict[str, Any], allowed: set[str], where: str) -> None:
        for key in sorted(set(table) - allowed):
            hint = difflib.get_close_matches(key, sorted(allowed), n=1)
            tip = f"; did you mean {hint[0]!r}?" if hint else f"; expected one of: {', '.join(sorted(allowed))}"
            raise self.fail(f"unknown key {key!r} in [{where}]{tip}")

    def typed(self, value: Any, kind: type, where: str) -> Any:
        if not isinstance(value, kind):
            raise self.fail(f"{where} must be a {_TYPE_NAMES[kind]}, got {type(value).__name__} {value!r}")
        return value

    def strings(self, value: Any, where: str) -> tuple[str, ...]:
        if isinstance(value, str):
            return (value,)
        items = self.typed(value, list, where)
        for item in items:
            self.typed(item, str, f"each item of {where}")
        return tuple(items)

    def table(self, data: dict[str, Any], key: str) -> dict[str, Any]:
        value: dict[str, Any] = self.typed(data.get(key, {}), dict, f"[tool.errgen.{key}]")
        self.keys(value, _SUBKEYS[key], f"tool.errgen.{key}")
        return value

    def read(self, data: dict[str, Any]) -> Config:
        self.keys(data, _KEYS, "tool.errgen")
        targets = self.strings(data.get("targets", list(TARGETS)), "targets")
        bad = [t for t in targets if t not in TARGETS]
        if bad:
            raise self.fail(f"unknown target(s) {bad}; choose from {', '.join(TARGETS)}")
        python, typescript, docs = self.table(data, "python"), self.table(data, "typescript"), self.table(data, "docs")
        module = python.get("module")
        if module is not None and not (self.typed(module, str, "python.module").isidentifier()):
            raise self.fail(f"python.module {module!r} is not a valid Python module name")
        extension = self.typed(typescript.get("import_extension", ".js"), str, "typescript.import_extension")
        if extension not in _IMPORT_EXTENSIONS:
            raise self.fail(f"typescript.import_extension must be '.js' or '' (for bundlers), got {extension!r}")
        templates = data.get("templates")
        lint, per_catalog = self.lint(self.typed(data.get("lint", {}), dict, "[tool.errgen.lint]"))
        return Config(
            root=self.path.parent,
            catalogs=self.strings(data.get("catalogs", list(Config.catalogs)), "catalogs"),
            out=self.typed(data.get("out", "generated"), str, "out"),
            targets=targets,
            templates=None if templates is None else self.typed(templates, str, "templates"),
            python_module=module,
            ts_import_extension=extension,
            lint_disable=lint.disable,
            lint_severity=lint.severity,
            lint_catalogs=per_catalog,
            docs_files=self.strings(docs.get("files", []), "docs.files"),
            source=self.path,
        )

    def lint(self, table: dict[str, Any]) -> tuple[LintSettings, dict[str, LintSettings]]:
        per_catalog = {
            name: self.lint_settings(value, f"tool.errgen.lint.{name}")
            for name, value in table.items()
            if isinstance(value, dict) and name != "severity"
        }
        own = {k: v for k, v in table.items() if k not in per_catalog}
        return self.lint_settings(own, "tool.errgen.lint"), per_catalog

    def lint_settings(self, table: dict[str, Any], where: str) -> LintSettings:
        self.keys(table, {"disable", "severity"}, where)
        disable = self.strings(table.get("disable", []), f"{where}.disable")
        severity = self.typed(table.get("severity", {}), dict, f"{where}.severity")
        if disable or severity:  # the rule table is imported only when rules are named
            from errgen.lint import RULES
        for rule in (*disable, *severity):
            if rule not in RULES:
                hint = difflib.get_close_matches(rule, sorted(RULES), n=1)
                tip = f"; did you mean {hint[0]!r}?" if hint else f"; rules: {', '.join(RULES)}"
                raise self.fail(f"unknown lint rule {rule!r} in [{where}]{tip}")
        for rule, level in severity.items():
            if level not in _SEVERITIES:
                raise self.fail(f"{where}.severity.{rule} must be 'error' or 'warning', got {level!r}")
        return LintSettings(disable=disable, severity=dict(severity))


_TYPE_NAMES: dict[type, str] = {str: "string", list: "list", dict: "table", bool: "boolean"}


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
