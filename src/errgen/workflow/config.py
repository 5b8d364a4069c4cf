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
did-you-mean, so a typo never silently does nothing. All mistakes are reported in
one run, each as ``pyproject.toml:line:col: error: …`` (positions from `tomlpos`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from errgen.targets import DEFAULT_TARGETS, TARGETS

if TYPE_CHECKING:  # imported where a problem is reported: a warm build reads settings without them
    from errgen.catalog.diagnostics import Diagnostic, Loc

T = TypeVar("T")
D = TypeVar("D")
TomlPath = tuple[str | int, ...]
DISPLAY = "pyproject.toml"  # diagnostics name the file as the catalogs' are named: relative to the project root


class ConfigError(ValueError):
    """Every problem in ``[tool.errgen]``; its text is one ``pyproject.toml:line:col: error: …`` line each."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("\n".join(d.format() for d in diagnostics))
        self.diagnostics = diagnostics


_EMPTY: Mapping[str, Any] = MappingProxyType({})  # the default of a mapping setting: read-only, so shared


class LintSettings(NamedTuple):
    """Which lint rules are off and how severe the others are, for one catalog or all (never changed)."""

    disable: tuple[str, ...] = ()
    severity: Mapping[str, str] = _EMPTY


DEFAULT_CATALOGS = ("catalog/*.yaml", "catalog/*.yml")


class Config(NamedTuple):
    """The ``[tool.errgen]`` table, validated; paths are absolute (a NamedTuple: see `errgen.targets.TargetOptions`)."""

    root: Path
    catalogs: tuple[str, ...] = DEFAULT_CATALOGS
    out: str = "generated"
    targets: tuple[str, ...] = DEFAULT_TARGETS
    templates: str | None = None
    python_module: str | None = None
    ts_import_extension: str = ".js"
    lint_disable: tuple[str, ...] = ()
    lint_severity: Mapping[str, str] = _EMPTY
    lint_catalogs: Mapping[str, LintSettings] = _EMPTY
    docs_files: tuple[str, ...] = ()
    source: Path | None = None

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
    """Read ``[tool.errgen]`` from ``root/pyproject.toml`` (defaults when absent).

    Raises ConfigError listing every mistake in it, each with its line and column.
    """
    path = root / "pyproject.toml"
    if not path.is_file():
        return Config(root=root)
    from errgen.catalog.textfile import text_or_problem

    text = text_or_problem(path, DISPLAY)
    if not isinstance(text, str):
        raise ConfigError([text])
    try:
        tool = tomllib.loads(text).get("tool", {})
        data = tool.get("errgen", {}) if isinstance(tool, dict) else {}
    except tomllib.TOMLDecodeError as exc:
        from errgen.catalog.diagnostics import Diagnostic

        raise ConfigError([Diagnostic(_decode_loc(exc, text), f"invalid TOML: {_decode_message(exc)}")]) from None
    reader = _Reader(path)
    config = reader.read(data) if isinstance(data, dict) else Config(root=root)
    if not isinstance(data, dict):
        reader.fail((), f"[tool.errgen] must be a table, got {type(data).__name__} {data!r}")
    if reader.problems:
        raise ConfigError(reader.located(text))
    return config


_AT = re.compile(r" \(at (?:line (\d+), column (\d+)|end of document)\)$")


def _decode_loc(exc: tomllib.TOMLDecodeError, text: str) -> Loc:
    from errgen.catalog.diagnostics import Loc

    found = _AT.search(str(exc))
    if found and found.group(1):
        return Loc(DISPLAY, int(found.group(1)), int(found.group(2)))
    lines = text.split("\n")
    return Loc(DISPLAY, len(lines), len(lines[-1]) + 1)


def _decode_message(exc: tomllib.TOMLDecodeError) -> str:
    return _AT.sub("", str(exc))


class _Reader:
    """Validate the raw table, recording every problem with the key path it concerns."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[tuple[TomlPath, bool, str]] = []  # (path, at the key?, message)

    def fail(self, path: TomlPath, message: str, *, key: bool = False) -> None:
        """Record a problem at the value (or, with `key`, the key) at ``tool.errgen`` + `path`."""
        self.problems.append((("tool", "errgen", *path), key, message))

    def located(self, text: str) -> list[Diagnostic]:
        """The recorded problems as positioned diagnostics, in file order."""
        from errgen.catalog.diagnostics import Diagnostics
        from errgen.workflow.tomlpos import TomlPositions

        where = TomlPositions(text, DISPLAY)
        diags = Diagnostics()
        for path, key, message in self.problems:
            diags.error(where.key(path) if key else where.value(path), message)
        return diags.sorted()

    def keys(self, table: dict[str, Any], allowed: set[str], where: str, path: TomlPath) -> None:
        for key in sorted(set(table) - allowed):
            hint = _close_matches(key, sorted(allowed), n=1)
            tip = f"; did you mean {hint[0]!r}?" if hint else f"; expected one of: {', '.join(sorted(allowed))}"
            self.fail((*path, key), f"unknown key {key!r} in [{where}]{tip}", key=True)

    def typed(self, value: Any, kind: type[T], where: str, path: TomlPath, default: D) -> T | D:
        """`value` if it is a `kind`, else `default` (and a problem recorded)."""
        if isinstance(value, kind):
            return value
        self.fail(path, f"{where} must be a {_TYPE_NAMES[kind]}, got {type(value).__name__} {value!r}")
        return default

    def optional(self, value: Any, where: str, path: TomlPath) -> str | None:
        """An optional string setting: `value`, or None when absent or not a string."""
        return None if value is None else self.typed(value, str, where, path, None)

    def strings(self, value: Any, where: str, path: TomlPath) -> tuple[str, ...]:
        if isinstance(value, str):
            return (value,)
        items = self.typed(value, list, where, path, [])
        for i, item in enumerate(items):
            self.typed(item, str, f"each item of {where}", (*path, i), "")
        return tuple(item for item in items if isinstance(item, str))

    def table(self, data: dict[str, Any], key: str) -> dict[str, Any]:
        value: dict[str, Any] = self.typed(data.get(key, {}), dict, f"[tool.errgen.{key}]", (key,), {})
        self.keys(value, _SUBKEYS[key], f"tool.errgen.{key}", (key,))
        return value

    def read(self, data: dict[str, Any]) -> Config:
        self.keys(data, _KEYS, "tool.errgen", ())
        targets = self.strings(data.get("targets", list(DEFAULT_TARGETS)), "targets", ("targets",))
        for i, target in enumerate(targets):
            if target not in TARGETS:
                hint = _close_matches(target, TARGETS, n=1)
                tip = f"did you mean {hint[0]!r}? " if hint else ""
                self.fail(("targets", i), f"unknown target {target!r}; {tip}choose from {', '.join(TARGETS)}")
        python, typescript, docs = self.table(data, "python"), self.table(data, "typescript"), self.table(data, "docs")
        module = self.optional(python.get("module"), "python.module", ("python", "module"))
        if module is not None and not module.isidentifier():
            self.fail(("python", "module"), f"python.module {module!r} is not a valid Python module name")
        where = ("typescript", "import_extension")
        extension = self.typed(typescript.get("import_extension", ".js"), str, "typescript.import_extension", where, "")
        if extension not in _IMPORT_EXTENSIONS:
            self.fail(where, f"typescript.import_extension must be '.js' or '' (for bundlers), got {extension!r}")
        templates = self.optional(data.get("templates"), "templates", ("templates",))
        lint, per_catalog = self.lint(self.typed(data.get("lint", {}), dict, "[tool.errgen.lint]", ("lint",), {}))
        return Config(
            root=self.path.parent,
            catalogs=self.strings(data.get("catalogs", list(DEFAULT_CATALOGS)), "catalogs", ("catalogs",)),
            out=self.typed(data.get("out", "generated"), str, "out", ("out",), "generated"),
            targets=tuple(t for t in targets if t in TARGETS),
            templates=templates,
            python_module=module,
            ts_import_extension=extension,
            lint_disable=lint.disable,
            lint_severity=lint.severity,
            lint_catalogs=per_catalog,
            docs_files=self.strings(docs.get("files", []), "docs.files", ("docs", "files")),
            source=self.path,
        )

    def lint(self, table: dict[str, Any]) -> tuple[LintSettings, dict[str, LintSettings]]:
        per_catalog = {
            name: self.lint_settings(value, f"tool.errgen.lint.{name}", ("lint", name))
            for name, value in table.items()
            if isinstance(value, dict) and name != "severity"
        }
        own = {k: v for k, v in table.items() if k not in per_catalog}
        return self.lint_settings(own, "tool.errgen.lint", ("lint",)), per_catalog

    def lint_settings(self, table: dict[str, Any], where: str, path: TomlPath) -> LintSettings:
        self.keys(table, {"disable", "severity"}, where, path)
        disable = self.strings(table.get("disable", []), f"{where}.disable", (*path, "disable"))
        severity: dict[str, Any] = self.typed(
            table.get("severity", {}), dict, f"{where}.severity", (*path, "severity"), {}
        )
        if disable or severity:  # the rule table is imported only when rules are named
            from errgen.workflow.lint import RULES
        for i, rule in enumerate(disable):
            self.rule(rule, RULES, where, (*path, "disable", i))
        for rule, level in severity.items():
            self.rule(rule, RULES, where, (*path, "severity", rule), key=True)
            if level not in _SEVERITIES:
                self.fail(
                    (*path, "severity", rule), f"{where}.severity.{rule} must be 'error' or 'warning', got {level!r}"
                )
        return LintSettings(disable=disable, severity={k: v for k, v in severity.items() if v in _SEVERITIES})

    def rule(self, rule: str, rules: dict[str, Any], where: str, path: TomlPath, *, key: bool = False) -> None:
        if rule not in rules:
            hint = _close_matches(rule, sorted(rules), n=1)
            tip = f"; did you mean {hint[0]!r}?" if hint else f"; rules: {', '.join(rules)}"
            self.fail(path, f"unknown lint rule {rule!r} in [{where}]{tip}", key=key)


_TYPE_NAMES: dict[type, str] = {str: "string", list: "list", dict: "table", bool: "boolean"}


def expand_catalogs(root: Path, patterns: tuple[str, ...]) -> tuple[Path, ...]:
    """Files matching the patterns (relative to `root`), sorted, without duplicates.

    A pattern's matches leave out translation files (``x.de.yaml`` beside ``x.yaml``): they belong to their catalog.
    """
    from errgen.catalog.textfile import is_translation

    found: dict[Path, None] = {}
    for pattern in patterns:
        if any(ch in pattern for ch in "*?["):
            for match in sorted(root.glob(pattern)):
                if match.is_file() and not is_translation(match):
                    found.setdefault(match, None)
        else:
            found.setdefault(root / pattern, None)
    return tuple(found)


def _close_matches(word: str, choices: Iterable[str], n: int) -> list[str]:
    """difflib's did-you-mean (imported only when a setting is wrong)."""
    import difflib

    return difflib.get_close_matches(word, list(choices), n=n)
