"""Compile the ``tools`` section: which tool returns which codes, and each tool's schemas.

A tool's ``errors`` (and ``tools.every_tool``, the catalog-wide errors, and each of
``tools.groups``) is a list of entries: a code id, ``{kind: K}`` (the codes of kind K a
tool can return) or ``{group: G}``. Unknown and deferred codes, unknown kinds and groups,
an entry listed twice or already covered (by a kind or group of the same list, or by
``every_tool``) and empty lists are errors at the entry. ``output_schema`` and
``input_schema`` are JSON Schemas inline or in a file beside the catalog (`schema_files`),
each checked against the 2020-12 meta-schema.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errgen.catalog import naming
from errgen.catalog.checked import Reader, suggest
from errgen.catalog.model import Code, Kind, Names, OutputRoot, SchemaRef, Tool
from errgen.catalog.schema_files import read_schema
from errgen.catalog.yamlsrc import JsonPath

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SECTION: JsonPath = ("tools",)
EVERY_TOOL: JsonPath = ("tools", "every_tool")


@dataclass(frozen=True)
class _Known:
    """What entries may name: the codes, the kinds and the groups (None: a group with errors)."""

    codes: dict[str, Code]
    kinds: dict[str, Kind]
    groups: dict[str, tuple[str, ...] | None]


def tools(reader: Reader, codes: dict[str, Code], kinds: dict[str, Kind]) -> tuple[dict[str, Tool], tuple[str, ...]]:
    """The tools in declared order, and the codes every tool may return (catalog order)."""
    if reader.get(SECTION) is None:
        return {}, ()
    known = _Known(codes, kinds, {})
    for name, _ in reader.items(("tools", "groups")):
        known.groups[name] = None  # declared: a group that refers to itself or a later one is no unknown name
    for name, _ in reader.items(("tools", "groups")):
        known.groups[name] = _list(reader, ("tools", "groups", name), known, f"group {name!r}", groups=False)
    every = _list(reader, EVERY_TOOL, known, "tools.every_tool") or ()
    out: dict[str, Tool] = {}
    for name, spec in reader.items(("tools", "by_name")):
        out[name] = _tool(reader, name, spec, known, every)
    _check_names(reader, out, codes)
    _check_witnesses(reader, out, codes)
    return out, every


def _tool(reader: Reader, name: str, spec: dict[str, Any], known: _Known, every: tuple[str, ...]) -> Tool:
    path: JsonPath = ("tools", "by_name", name)
    get = reader.getter(path, spec) if reader.rejected else spec.get
    own = _list(reader, (*path, "errors"), known, f"tool {name!r}", every=every) or ()
    root = OutputRoot(get("output_root", "object"))
    output = _schema(reader, (*path, "output_schema"), name)
    input_ = _schema(reader, (*path, "input_schema"), name)
    root_given = not (reader.rejected and reader.spoiled((*path, "output_root")))
    if output is not None and root is OutputRoot.OBJECT and not output.object_root and root_given:
        reader.err(
            (*path, "output_schema"),
            f"the output_schema of tool {name!r} has no object root (type: object), which 2025-era clients need; "
            f"say 'output_root: any' to allow any root (MCP 2026-07-28)",
        )
    if get("output_root") is not None and "output_schema" not in spec:
        reader.err((*path, "output_root"), f"tool {name!r}: 'output_root' needs an 'output_schema'", key=True)
    order = {code: i for i, code in enumerate(known.codes)}
    return Tool(
        name=name,
        description=get("description", ""),
        own=own,
        codes=tuple(sorted({*own, *every}, key=order.__getitem__)),
        output_schema=output,
        input_schema=input_,
        output_root=root,
        names=naming.names(name),
        loc=reader.at(path),
    )


def _list(
    reader: Reader,
    path: JsonPath,
    known: _Known,
    what: str,
    *,
    every: tuple[str, ...] = (),
    groups: bool = True,
) -> tuple[str, ...] | None:
    """The codes a list of entries names, in catalog order; None when it is absent, rejected or in error."""
    entries = reader.get(path)
    if not isinstance(entries, list):
        return None
    if not entries:
        leave = "leave 'errors' out if it returns only tools.every_tool" if what.startswith("tool ") else "leave it out"
        reader.err(path, f"{what} lists no errors; {leave}")
        return None
    start = len(reader.diags.items)
    found: set[str] = set()
    by_sets: dict[str, tuple[str, str]] = {}  # code → the first kind or group entry that names it
    seen: dict[tuple[str, str], int] = {}  # ("code" | "kind" | "group", name) → entry index
    for i, entry in enumerate(entries):
        where = (*path, i)
        if reader.rejected and reader.spoiled(where):
            continue
        label, name = _entry(entry)
        if (label, name) in seen:
            reader.err(where, f"{label} {name!r} is listed twice in {what} (also entry {seen[label, name] + 1})")
            continue
        seen[label, name] = i
        codes = _expand(reader, where, label, name, known, groups=groups)
        found.update(codes)
        if label != "code":
            for code in codes:
                by_sets.setdefault(code, (label, name))
    _covered(reader, path, entries, by_sets, every, what)
    if any(d.level == "error" for d in reader.diags.items[start:]):
        return None
    order = {code: i for i, code in enumerate(known.codes)}
    return tuple(sorted(found, key=order.__getitem__))


def _entry(entry: Any) -> tuple[str, str]:
    """(label, name) of one entry: ("code", id), ("kind", K) or ("group", G)."""
    if isinstance(entry, dict):
        label = "kind" if "kind" in entry else "group"
        return label, str(entry[label])
    return "code", str(entry)


def _expand(
    reader: Reader, where: JsonPath, label: str, name: str, known: _Known, *, groups: bool
) -> tuple[str, ...]:
    """The codes one entry names (none, after an error)."""
    if label == "code":
        return (name,) if reader.code_ref(where, known.codes) else ()
    if label == "kind":
        if reader.kind_ref((*where, "kind"), known.kinds) is None:
            return ()
        found = tuple(c.id for c in known.codes.values() if c.kind == name and c.constructible)
        if not found and not reader.spoiled(("codes",)):  # a rejected code may have been of that kind
            reader.err((*where, "kind"), f"kind {name!r} has no code a tool can return (none, or only deferred ones)")
        return found
    if not groups:
        reader.err((*where, "group"), "a group cannot name another group; list its codes or kinds")
        return ()
    if name not in known.groups:
        if reader.spoiled(("tools", "groups", name)):  # a group the shape check rejected: no follow-up
            return ()
        declared = list(known.groups)
        hint = suggest(name, declared)
        listed = ", ".join(declared) or "none declared"
        reader.err((*where, "group"), f"unknown group {name!r}{hint} (tools.groups: {listed})")
        return ()
    return known.groups[name] or ()


def _covered(
    reader: Reader,
    path: JsonPath,
    entries: list[Any],
    by_sets: dict[str, tuple[str, str]],
    every: tuple[str, ...],
    what: str,
) -> None:
    """A code named on its own that a kind or group of the same list, or every_tool, already returns."""
    for i, entry in enumerate(entries):
        if not isinstance(entry, str) or (reader.rejected and reader.spoiled((*path, i))):
            continue
        if entry in every:
            reader.err((*path, i), f"code {entry!r} in {what} is already returned by every tool (tools.every_tool)")
        elif entry in by_sets:
            label, name = by_sets[entry]
            reader.err((*path, i), f"code {entry!r} in {what} is already named by its {label} {name!r}")


def _schema(reader: Reader, path: JsonPath, tool: str) -> SchemaRef | None:
    """The JSON Schema at `path` (inline, or the file it names); None when absent or in error."""
    value = reader.get(path)
    if value is None:
        return None
    at = reader.doc.loc(path)
    file: str | None = None
    if isinstance(value, str):
        file = value
        ok, value = read_schema(reader.doc.files, file, at, reader.diags)
        if not ok:
            return None
    problem = _meta_problem(value)
    if problem is not None:
        where, message = problem
        loc = at if file is not None else reader.doc.loc((*path, *where))
        reader.diags.error(loc, f"the {path[-1]} of tool {tool!r} is not a valid JSON Schema (2020-12): {message}")
        return None
    return SchemaRef(value, file, at)


def _meta_problem(schema: Any) -> tuple[tuple[str | int, ...], str] | None:
    """The first way `schema` breaks the 2020-12 meta-schema (path inside it, message), or None."""
    if not isinstance(schema, dict | bool):
        return (), f"expected an object or a boolean, got {type(schema).__name__}"
    if isinstance(schema, dict) and schema.get("$schema", DRAFT) != DRAFT:
        return ("$schema",), f"its $schema is {schema['$schema']!r}; errgen reads {DRAFT}"
    import jsonschema

    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(
        jsonschema.Draft202012Validator.META_SCHEMA).iter_errors(schema))  # fmt: skip
    if error is None:
        return None
    return tuple(error.absolute_path), error.message


def tool_identifiers(n: Names) -> dict[str, str]:
    """The identifiers one tool gets in the targets, by what they are."""
    return {
        "union type": f"{n.pascal}ToolError",
        "contract": f"{n.pascal}Tool",
        "TS contract": f"{n.camel}Tool",
        "constant": f"{n.constant}_TOOL",
        "parser": f"Parse{n.pascal}Result",
    }


def _code_identifiers(code: Code) -> set[str]:
    n = code.names
    return {n.pascal, n.py_class, n.camel, n.constant, f"{n.pascal}Error", f"{n.pascal}Args", f"New{n.pascal}Error"}


def _check_names(reader: Reader, tools: dict[str, Tool], codes: dict[str, Code]) -> None:
    """Two tools, or a tool and a code, that would get the same generated identifier."""
    owners: dict[str, str] = {}
    for code in codes.values():
        for ident in _code_identifiers(code):
            owners.setdefault(ident, f"code {code.id!r}")
    for tool in tools.values():
        for ident in tool_identifiers(tool.names).values():
            other = owners.setdefault(ident, f"tool {tool.name!r}")
            if other != f"tool {tool.name!r}":
                reader.err(
                    ("tools", "by_name", tool.name),
                    f"tool {tool.name!r} and {other} both become identifier {ident!r}; rename one",
                    key=True,
                )
                break


def _check_witnesses(reader: Reader, tools: dict[str, Tool], codes: dict[str, Code]) -> None:
    """A code whose witness tool is declared but does not return it."""
    for code in codes.values():
        tool = tools.get(code.witness.tool) if code.witness else None
        if tool is not None and code.id not in tool.codes:
            reader.err(
                ("codes", code.id, "witness", "tool"),
                f"the witness tool {tool.name!r} of code {code.id!r} does not return it (tools.by_name.{tool.name})",
            )


__all__ = ["tool_identifiers", "tools"]
