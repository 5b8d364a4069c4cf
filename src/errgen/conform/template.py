"""`{{name}}` templating of a pack's raw text, done before YAML parsing (wallfacer `render_template`).

Every placeholder must name a declared parameter; overrides must target declared ones.
Values are inserted verbatim (a parameter default is stringified like serde_json). The
`Rendered` result maps offsets in the rendered text back to the source, so later YAML
errors point at the line the author wrote.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeGuard

from errgen.conform.jsonvalue import Json, format_float, to_text

_WS = "[\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"  # Rust's Unicode `\s`
PLACEHOLDER = re.compile(r"\{\{" + _WS + r"*([A-Za-z_][A-Za-z0-9_]*)" + _WS + r"*\}\}")
PARAM_TYPES = ("string", "integer", "number", "boolean")


@dataclass(frozen=True)
class Problem:
    """A templating error at character offset `index` of the source."""

    index: int
    message: str


@dataclass(frozen=True)
class Rendered:
    """Rendered text plus the replaced spans `(src_start, src_end, out_start, out_end)`."""

    text: str
    spans: tuple[tuple[int, int, int, int], ...] = ()

    def source_index(self, index: int) -> int:
        """Map an offset in the rendered text back to the source text."""
        shift = 0
        for src_start, src_end, out_start, out_end in self.spans:
            if index < out_start:
                break
            if index < out_end:
                return src_start
            shift = src_end - out_end
        return index + shift


def stringify_default(value: Json) -> str:
    """Stringify a parameter default like wallfacer (`null` → empty, others as JSON text)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return format_float(value) if isinstance(value, float) else to_text(value)


def declared_parameters(document: Json) -> dict[str, str]:
    """Return `metadata.parameters` name → stringified default, or {} if any entry is malformed."""
    metadata = document.get("metadata") if isinstance(document, dict) else None
    parameters = metadata.get("parameters") if isinstance(metadata, dict) else None
    if not isinstance(parameters, dict):
        return {}
    result: dict[str, str] = {}
    for name, spec in parameters.items():
        if not _well_formed(spec):
            return {}  # serde's `unwrap_or_default()`: one bad entry drops them all
        result[name] = stringify_default(spec["default"])
    return result


def _well_formed(spec: Json) -> TypeGuard[dict[str, Json]]:
    if not isinstance(spec, dict) or "default" not in spec:
        return False
    kind, description = spec.get("type", "string"), spec.get("description")
    return kind in PARAM_TYPES and (description is None or isinstance(description, str))


def substitutions(
    declared: Mapping[str, str], overrides: Mapping[str, str], *, keep_tool_name: bool, where: int
) -> tuple[dict[str, str], list[Problem]]:
    """Layer overrides on declared defaults; report overrides of undeclared names at `where`."""
    problems = [
        Problem(where, f"override key '{key}' is not declared in metadata.parameters")
        for key in sorted(overrides)
        if key not in declared
    ]
    values = {**declared, **{k: v for k, v in overrides.items() if k in declared}}
    if keep_tool_name:
        values.setdefault("tool_name", "{{tool_name}}")
    return values, problems


def render(source: str, values: Mapping[str, str]) -> tuple[Rendered, list[Problem]]:
    """Replace every placeholder; report each undeclared name once, at its first use."""
    pieces: list[str] = []
    spans: list[tuple[int, int, int, int]] = []
    problems: list[Problem] = []
    seen: set[str] = set()
    last, out_len = 0, 0
    for match in PLACEHOLDER.finditer(source):
        name = match.group(1)
        if name not in values and name not in seen:
            seen.add(name)
            problems.append(Problem(match.start(), f"undefined template parameter '{name}'"))
        replacement = values.get(name, match.group(0))
        pieces.append(source[last : match.start()])
        out_len += match.start() - last
        spans.append((match.start(), match.end(), out_len, out_len + len(replacement)))
        pieces.append(replacement)
        out_len += len(replacement)
        last = match.end()
    pieces.append(source[last:])
    return Rendered("".join(pieces), tuple(spans)), problems
