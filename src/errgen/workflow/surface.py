"""What a user of a catalog depends on, built from the generated files of both versions, and how it changed.

`errgen diff` builds each version of the catalog in every target that has a public surface —
the Python package, the TypeScript and zod files, the Go module, the Rust crate, the JSON
Schemas and ``catalog.json`` — in memory, and compares:

* **source** (`Entry.category` ``source``): every public declaration by name, with its signature
  or members (`declarations`), and each package's name;
* **wire**: every example of either version as each version's runtimes send it (the tool result,
  or the JSON-RPC error, with its payload), plus one example carrying every argument; every JSON
  Schema definition (annotations such as ``description`` left out); the semantic keys of
  ``catalog.json`` (kinds, retriability, statuses, mappings, the envelope);
* **docs**: the prose keys of ``catalog.json`` (titles, messages' wording aside, next actions, …).

A file whose text is the same in both versions (every runtime file) is not read. Each
`Difference` names the subjects it concerns (``code:<id>``, ``field:<name>``, ``kind:<name>``,
``policy:<name>``, ``catalog``), found from the names each target gives them in the entry's key
and in the tokens that changed; `diff` then asks whether a rule's finding explains it.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from errgen.catalog.model import Catalog, Code, FieldType
from errgen.targets import TargetOptions, generator
from errgen.workflow import declarations
from errgen.workflow.declarations import Declarations

WIRE, SOURCE, DOCS = "wire", "source", "docs"
SOURCE_TARGETS = ("python", "typescript", "go", "rust")
_ANNOTATIONS = frozenset({"description", "title", "$comment", "examples", "deprecated", "default", "$id"})
_DOC_KEYS = frozenset({"title", "when", "next_action", "ui_meaning", "docs", "since", "deprecated", "examples",
                       "witness", "description", "docs_url", "prefix", "reason", "replaced_by"})  # fmt: skip
_TOKEN = re.compile(r"[A-Za-z_$][\w$]*|\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'")
_SAMPLE: dict[str, Any] = {"string": "s", "integer": 1, "number": 1.5, "boolean": True, "object": {"k": "v"},
                           "range": {"min": 0, "max": 1}, "any": "a"}  # fmt: skip


@dataclass(frozen=True)
class Entry:
    """One thing a user depends on: where (`area`), which (`key`), what it is now (`value`)."""

    area: str  # python, typescript, go, rust, package, wire, schema, snapshot
    key: str
    value: str
    category: str


@dataclass(frozen=True)
class Difference:
    """An entry that one version has and the other has not, or has with another value."""

    area: str
    key: str
    category: str
    subjects: frozenset[str]
    before: str | None
    after: str | None

    def describe(self) -> str:
        """``python class X: (…) → (…)``, shortened for a finding's message."""
        return f"{self.area} {self.key}: {_short(self.before)} → {_short(self.after)}"


def _short(value: str | None, width: int = 90) -> str:
    if value is None:
        return "(none)"
    return value if len(value) <= width else value[: width - 1] + "…"


def differences(old: Catalog | Side, new: Catalog | Side, options: TargetOptions | None = None) -> list[Difference]:
    """Every entry of the two versions' surfaces that differs, with the subjects it concerns.

    A `Side` may be given for a version compared more than once (it keeps what it read).
    """
    a = old if isinstance(old, Side) else Side(old, options)
    b = new if isinstance(new, Side) else Side(new, options)
    if id(a) in b.compared:
        return b.compared[id(a)][1]
    before = {**a.sources(b), **a.wire(b), **a.snapshot()}
    after = {**b.sources(a), **b.wire(a), **b.snapshot()}
    found = []
    for ident in sorted(set(before) | set(after)):
        x, y = before.get(ident), after.get(ident)
        if x is not None and y is not None and x.value == y.value:
            continue
        entry = x or y
        assert entry is not None
        subjects = _subjects(a.index, b.index, entry, x.value if x else "", y.value if y else "")
        found.append(Difference(entry.area, entry.key, entry.category, subjects, x.value if x else None,
                                y.value if y else None))  # fmt: skip
    b.compared[id(a)] = (a, found)  # `a` kept alive: its id stays its own
    return found


class Side:
    """One version's generated files and what is read from them (kept: a side may be compared many times)."""

    def __init__(self, catalog: Catalog, options: TargetOptions | None = None) -> None:
        self.catalog = catalog
        self.files: dict[str, str] = {}
        for target in (*SOURCE_TARGETS, "jsonschema", "catalog"):
            self.files.update(generator(target)(catalog, options or TargetOptions()))
        stamps = [catalog.fingerprint, catalog.fingerprint.removeprefix("sha256:")]
        self.masked = {rel: _masked(text, stamps, catalog.version) for rel, text in self.files.items()}
        self.prose = _prose(catalog)
        self.index = _Index(catalog)
        self._read: dict[str, Declarations] = {}
        self._sent: dict[tuple[str, str], str] = {}
        self.compared: dict[int, tuple[Side, list[Difference]]] = {}  # by id() of the old side
        self._snapshot: dict[tuple[str, str], Entry] | None = None

    def sources(self, other: Side) -> dict[tuple[str, str], Entry]:
        """The declarations of each source file whose text differs from the other version's."""
        out: dict[tuple[str, str], Entry] = {}
        for rel, text in self.masked.items():
            area = _area(rel)
            if area is None or other.masked.get(_counterpart(rel, other.masked)) == text:
                continue
            found = self._read.get(rel)
            if found is None:
                if area == "package":
                    found = {"name": _package_name(rel, text)}
                else:
                    found = declarations.EXTRACTORS[rel[rel.rindex(".") :]](text, self.prose)
                self._read[rel] = found
            language = _language(rel)
            for key, value in found.items():
                ident = f"{language} {key}"
                out[(area, ident)] = Entry(area, ident, value, SOURCE)
        return out

    def wire(self, other: Side) -> dict[tuple[str, str], Entry]:
        """Every example of both versions, and one with every argument, as this version sends it."""
        out: dict[tuple[str, str], Entry] = {}
        for cid, code in self.catalog.codes.items():
            peer = other.catalog.codes.get(cid)
            for label, values in _examples(self.catalog, code, peer, other.catalog):
                ident = f"example {json.dumps(cid, ensure_ascii=False)} {label}"
                key = (cid, json.dumps(values, sort_keys=True, default=str))
                if key not in self._sent:
                    self._sent[key] = _sent(self.catalog, code, values)
                out[("wire", ident)] = Entry("wire", ident, self._sent[key], WIRE)
        return out

    def snapshot(self) -> dict[tuple[str, str], Entry]:
        """The JSON Schemas and ``catalog.json`` as entries (`_snapshot`)."""
        if self._snapshot is None:
            self._snapshot = _snapshot(self.files)
        return self._snapshot


def _masked(text: str, stamps: list[str], version: str) -> str:
    """`text` with its own version and fingerprint out of the way (a version bump alone is no change)."""
    for stamp in stamps:
        if stamp:
            text = text.replace(stamp, "<stamp>")
    for quote in "\"'":
        text = text.replace(f"{quote}{version}{quote}", f"{quote}<version>{quote}")
    return text


def _area(rel: str) -> str | None:
    if rel.endswith(("pyproject.toml", "Cargo.toml", "go.mod")):
        return "package"
    if rel.endswith((".py", ".ts", ".go", ".rs")):
        return _language(rel)
    return None


def _language(rel: str) -> str:
    top = rel.split("/", 1)[0]
    return {"ts": "typescript"}.get(top, top) + (" zod" if rel.endswith(".zod.ts") else "")


def _counterpart(rel: str, other: dict[str, str]) -> str:
    """The other version's name of the file `rel` (a renamed catalog renames its files): the one in the same place."""
    if rel in other:
        return rel
    shape = re.sub(r"[^/]+", "*", rel)
    same = [o for o in other if re.sub(r"[^/]+", "*", o) == shape and o.rsplit(".", 1)[-1] == rel.rsplit(".", 1)[-1]]
    return same[0] if len(same) == 1 else rel


def _package_name(rel: str, text: str) -> str:
    pattern = r"^module (\S+)" if rel.endswith("go.mod") else r"^name = \"([^\"]*)\""
    match = re.search(pattern, text, re.MULTILINE)
    return match.group(1) if match else ""


# -- the wire -------------------------------------------------------------------


def _examples(catalog: Catalog, code: Code, peer: Code | None, other: Catalog) -> Iterator[tuple[str, dict[str, Any]]]:
    seen: list[dict[str, Any]] = []
    for example in (*code.examples, *(peer.examples if peer else ())):
        if example.values not in seen:
            seen.append(example.values)
    for i, values in enumerate(sorted(seen, key=lambda v: json.dumps(v, sort_keys=True, default=str))):
        yield f"#{i + 1}", values
    params = dict.fromkeys((*code.params, *(peer.params if peer else ())))
    types = {**{n: f.type for n, f in other.fields.items()}, **{n: f.type for n, f in catalog.fields.items()}}
    yield "with every argument", {name: _sample(types[name]) for name in params if name in types}


def _sample(ftype: FieldType) -> Any:
    return [_SAMPLE[ftype.items or "string"]] if ftype.name == "array" else _SAMPLE[ftype.name]


def _sent(catalog: Catalog, code: Code, values: dict[str, Any]) -> str:
    """What a server of `catalog` sends for `values`: the tool result or the JSON-RPC error, with the payload."""
    from errgen.targets.packs.fixtures import envelope

    stamp = {"catalog": catalog.name, "version": "<stamp>", "fingerprint": "<stamp>"}
    result, data = envelope(catalog, code, dict(values), stamp)
    sent: dict[str, Any] = {"payload": dict(data)}
    if code.jsonrpc_code is not None:
        sent["jsonrpc error"] = {"code": code.jsonrpc_code, "message": f"{code.id}: {data['message']}"}
    else:
        sent["result"] = {**result, "payload in": "structuredContent" if catalog.envelope.structured_content else
                          "a JSON text block"}  # fmt: skip
    sent["constructible"] = code.constructible
    return json.dumps(sent, ensure_ascii=False, sort_keys=True, default=str)


def _snapshot(files: dict[str, str]) -> dict[tuple[str, str], Entry]:
    """The JSON Schemas (validation keywords) and ``catalog.json`` (semantic keys: wire; prose keys: docs)."""
    out: dict[tuple[str, str], Entry] = {}
    for rel, text in files.items():
        if rel.startswith("schema/"):
            schema = _bare(json.loads(text))
            which = "fragment" if "output-fragment" in rel else "schema"
            for name, sub in schema.pop("$defs", {}).items():
                out[("schema", f"{which} $defs/{name}")] = Entry("schema", f"{which} $defs/{name}", _json(sub), WIRE)
            out[("schema", which)] = Entry("schema", which, _json(schema), WIRE)
        elif rel == "catalog.json":
            for key, value, category in _snapshot_keys(json.loads(text)):
                out[("snapshot", key)] = Entry("snapshot", key, _json(value), category)
    return out


_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})
_UNORDERED = frozenset({"required", "enum", "oneOf", "anyOf", "allOf"})  # their order means nothing to a validator


def _bare(schema: Any) -> Any:
    """A JSON Schema without its annotations (what validation ignores); property names are kept whatever they are."""
    if isinstance(schema, list):
        return [_bare(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _bare(sub) for name, sub in value.items()}
        elif key in _UNORDERED and isinstance(value, list):
            out[key] = sorted((_bare(v) for v in value), key=_json)
        elif key not in _ANNOTATIONS:
            out[key] = value if key == "const" else _bare(value)
    return out


def _snapshot_keys(data: dict[str, Any]) -> Iterator[tuple[str, Any, str]]:
    for key, value in data.get("catalog", {}).items():
        if key != "version":
            yield f"catalog.{key}", value, DOCS if key in _DOC_KEYS else WIRE
    yield "envelope", data.get("envelope"), WIRE
    for section, name_key in (("fields", "name"), ("kinds", "name"), ("policies", "name"), ("codes", "id"),
                              ("retired", "id")):  # fmt: skip
        for item in data.get(section, []):
            name = json.dumps(item[name_key], ensure_ascii=False)
            for key, value in item.items():
                if key != name_key:
                    category = DOCS if key in _DOC_KEYS or section == "retired" else WIRE
                    yield f"{section} {name} {key}", value, category
    for section, name_key in (("codes", "id"), ("fields", "name"), ("kinds", "name"), ("policies", "name")):
        yield f"{section} (order)", [item[name_key] for item in data.get(section, [])], DOCS
    for key in ("default_kind", "classification", "mappings"):
        yield key, data.get(key), WIRE


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


# -- subjects ---------------------------------------------------------------------


def _prose(catalog: Catalog) -> frozenset[str]:
    """The catalog's free text: string literals holding it are no API (`declarations`)."""
    texts = {catalog.title, catalog.description}
    for code in catalog.codes.values():
        texts |= {code.title, code.when, code.next_action, code.ui_meaning, code.docs}
        if code.deprecated:
            texts |= {code.deprecated.reason}
    texts |= {f.description for f in catalog.fields.values()}
    texts |= {k.description for k in catalog.kinds.values()} | {p.description for p in catalog.policies.values()}
    texts |= {r.reason for r in catalog.retired.values()}
    return frozenset(t for t in texts if t)


class _Index:
    """Which subject each name of either version stands for, in every target."""

    def __init__(self, *catalogs: Catalog) -> None:
        self.names: dict[str, set[str]] = {}
        for catalog in catalogs:
            self._catalog(catalog)

    def add(self, subject: str, *names: str) -> None:
        for name in names:
            if name:
                self.names.setdefault(name, set()).add(subject)

    def _catalog(self, catalog: Catalog) -> None:
        from errgen.targets.go.names import go_names
        from errgen.targets.rust import names as rust_names
        from errgen.targets.typescript.codes import code_views
        from errgen.targets.typescript.names import policy_ctors

        go, rust = go_names(catalog), rust_names.names(catalog)
        self.add("catalog", catalog.name, catalog.names.snake, go.package, rust.crate, rust.package)
        for view in code_views(catalog):
            self.add(f"code:{view.code.id}", view.iface, view.ctor or "", view.guard, view.schema)
        for cid, code in catalog.codes.items():
            n, g = code.names, go.codes[cid]
            self.add(f"code:{cid}", cid, n.pascal, n.snake, n.constant, n.camel, n.py_class, rust.codes[cid],
                     g.type, g.const, g.ctor, g.args, g.sentinel)  # fmt: skip
            for wire, member in rust.members[cid].items():
                self.add(f"field:{self._field(catalog, wire)}", member)
            for wire, setter in rust.setters[cid].items():
                self.add(f"field:{self._field(catalog, wire)}", setter)
        for rid in catalog.retired:
            self.add(f"code:{rid}", rid)
        for name, f in catalog.fields.items():
            self.add(f"field:{name}", name, f.wire, f.names.py_attr, go.fields[name])
        for name, kind in catalog.kinds.items():
            self.add(f"kind:{name}", name, kind.names.pascal, kind.names.constant, go.kinds[name], rust.kinds[name])
        for name, policy in catalog.policies.items():
            self.add(f"policy:{name}", name, policy.names.snake, policy.names.camel, go.policies[name],
                     rust.policies[name])  # fmt: skip
        for name, (ctor, _, _) in zip(catalog.policies, policy_ctors(catalog), strict=True):
            self.add(f"policy:{name}", ctor)
        for tag in catalog.translations:
            self.add(f"locale:{tag}", tag)
        for name, tool in catalog.tools.items():
            n = tool.names
            self.add(f"tool:{name}", name, n.pascal, n.snake, n.constant, n.camel, f"{n.pascal}ToolError",
                     f"{n.constant}_TOOL", f"{n.camel}Tool", f"{n.pascal}ToolErrorSchema", *go.tools[name],
                     *rust.tools[name])  # fmt: skip

    @staticmethod
    def _field(catalog: Catalog, wire: str) -> str:
        return next((n for n, f in catalog.fields.items() if f.wire == wire), wire)

    def of(self, tokens: list[str]) -> set[str]:
        """The subjects `tokens` name."""
        return {s for t in tokens for s in self.names.get(t, ())}


def _subjects(a: _Index, b: _Index, entry: Entry, before: str, after: str) -> frozenset[str]:
    """The subjects named by the entry's key and by what changed in it (names of either version).

    In source text, what changed is the tokens `before` and `after` do not share; in JSON, each
    changed node, or where it names nothing, the nearest enclosing node that does.
    """

    def of(tokens: list[str]) -> set[str]:
        return a.of(tokens) | b.of(tokens)

    found = of(_tokens(entry.key))
    if entry.category == DOCS and not entry.key.endswith("(order)"):
        return frozenset(found)  # free text: its words name nothing
    if entry.area in ("wire", "schema", "snapshot") and before and after:
        for chain in _json_changes(json.loads(before), json.loads(after), []):
            found |= next((s for node in reversed(chain) if (s := of(_tokens(_json(node))))), set())
        return frozenset(found)
    changed = Counter(_tokens(before))
    changed.subtract(_tokens(after))
    return frozenset(found | of([t for t, n in changed.items() if n]))


def _json_changes(a: Any, b: Any, trail: list[Any]) -> Iterator[list[Any]]:
    """For each place two JSON values differ: the nodes from the top down to it (both sides' where they differ)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in dict.fromkeys((*a, *b)):
            if a.get(key) != b.get(key):
                yield from _json_changes(a.get(key), b.get(key), [*trail, a, b, key])
    elif isinstance(a, list) and isinstance(b, list):
        texts = ([_json(x) for x in a], [_json(x) for x in b])
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, *texts, autojunk=False).get_opcodes():
            if tag == "replace" and i2 - i1 == j2 - j1:
                for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                    yield from _json_changes(a[i], b[j], [*trail, a, b])
            elif tag != "equal":
                yield [*trail, a, b, a[i1:i2], b[j1:j2]]
    else:
        yield [*trail, a, b]


def _tokens(text: str) -> list[str]:
    out = []
    for token in _TOKEN.findall(text):
        if token[0] in "\"'":
            body = token[1:-1]
            out.append(body)
            out.extend(re.findall(r"[A-Za-z_$][\w$]*", body))
        else:
            out.append(token)
    return out
