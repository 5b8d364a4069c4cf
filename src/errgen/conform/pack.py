"""Load one pack file: raw text → `{{name}}` templating → YAML 1.2 → validated `model.Pack`.

Follows wallfacer's `parse_with_overrides`: a tolerant first parse finds the declared
parameters and whether `for_each_tool` is non-empty (then `{{tool_name}}` survives),
overrides of undeclared names and undeclared placeholders are errors, and the rendered
text is parsed strictly (even after template errors, so that every problem is reported).
Each problem is returned as a `PackError` located in the source as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from errgen.conform import build, located, template
from errgen.conform.diagnostics import PackError, line_col
from errgen.conform.jsonvalue import Json
from errgen.conform.model import Pack
from errgen.conform.reader import Reader


@dataclass(frozen=True)
class Loaded:
    """A pack (None if any error was found), every error and every warning, in source order."""

    pack: Pack | None
    errors: tuple[PackError, ...] = ()
    warnings: tuple[PackError, ...] = ()


def load_pack(path: Path, params: Mapping[str, str]) -> Loaded:
    """Read and load the pack at `path` with `--param` overrides."""
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Loaded(None, (PackError(path, 1, 1, f"cannot read pack: {exc}"),))
    return parse_pack(source, path, params)


def parse_pack(source: str, file: Path, params: Mapping[str, str]) -> Loaded:
    """Template, parse and validate pack `source` (reported as `file`)."""
    first, problems = located.load(source)
    if any(p.syntax for p in problems):
        return _failed(file, source, [(p.index, p.message) for p in problems if p.syntax])
    values, template_problems = template.substitutions(
        template.declared_parameters(first.value),
        params,
        keep_tool_name=_has_for_each_tool(first.value),
        where=first.keys.get(("metadata", "parameters"), first.keys.get(("metadata",), 0)),
    )
    rendered, undefined = template.render(source, values)
    document, yaml_problems = located.load(rendered.text)
    reader = Reader(file, document, lambda index: line_col(source, rendered.source_index(index)))
    for issue in (*template_problems, *undefined):
        reader.errors.append(PackError(file, *line_col(source, issue.index), issue.message))
    for problem in yaml_problems:
        reader.errors.append(_yaml_error(reader, problem))
    pack = None if any(p.syntax for p in yaml_problems) else build.pack(reader)
    errors = tuple(sorted(reader.errors, key=lambda e: (e.line, e.col)))
    warnings = tuple(sorted(reader.warnings, key=lambda e: (e.line, e.col)))
    return Loaded(None if errors else pack, errors, warnings)


def _has_for_each_tool(document: Json) -> bool:
    blocks = document.get("for_each_tool") if isinstance(document, dict) else None
    return isinstance(blocks, list) and bool(blocks)


def _yaml_error(reader: Reader, problem: located.YamlProblem) -> PackError:
    line, col = reader.locate(problem.index)
    message = problem.message
    if problem.first_index is not None:
        first_line, first_col = reader.locate(problem.first_index)
        message += f" (first defined at {first_line}:{first_col})"
    return PackError(reader.file, line, col, message)


def _failed(file: Path, source: str, problems: list[tuple[int, str]]) -> Loaded:
    errors = [PackError(file, *line_col(source, index), message) for index, message in problems]
    return Loaded(None, tuple(sorted(errors, key=lambda e: (e.line, e.col))))
