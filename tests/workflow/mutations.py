"""Mutations of a catalog: every option and every field changed, one at a time, the way a catalog owner edits.

`mutations(data)` lists them for a catalog's data (the YAML read as JSON values): each is a label,
the subjects it touches (``code:<id>``, ``field:<name>``, ``kind:<name>``, ``policy:<name>``, or
``*`` for the whole catalog) and an edit of a copy of the data. Per code: its kind, retriable,
recoverable, HTTP status, channel, deferred, deprecation, every text, the message (reworded,
placeholders dropped and added, message-only values), every field (added, removed, required or
optional, reordered, renamed), examples, witness, the id (renamed, removed, retired). Per field:
its type, description, name, declaration. The envelope's every option, kinds, default_kind,
policies, classification, mappings, retired ids, the catalog's name and texts, declared order.
Then pairs of mutations of one code, so interplay is covered too (`compounds`).
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

Data = dict[str, Any]
Edit = Callable[[Data], None]
STATUSES = (400, 401, 403, 404, 409, 410, 413, 418, 422, 429, 500, 502, 503, 504)
TYPES = ({"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}, {"type": "object"},
         {"type": "any"}, {"type": "range"}, {"type": "array", "items": "string"},
         {"type": "array", "items": "integer"})  # fmt: skip
SAMPLES = {"string": "s", "integer": 7, "number": 1.5, "boolean": True, "object": {"k": "v"}, "any": "a",
           "range": {"min": 0, "max": 1}}  # fmt: skip
META = ("retriable", "recoverable", "next_action", "ui_meaning", "kind", "title")
GLOBAL = frozenset({"*"})


@dataclass(frozen=True)
class Mutation:
    """A named edit of a catalog's data and the subjects it touches."""

    label: str
    touches: frozenset[str]
    edits: tuple[Edit, ...]

    def apply(self, data: Data) -> None:
        for edit in self.edits:
            edit(data)


def applied(data: Data, batch: list[Mutation]) -> Data:
    """A copy of `data` with every mutation of `batch` applied."""
    out = copy.deepcopy(data)
    for mutation in batch:
        mutation.apply(out)
    return out


def _codes(d: Data) -> dict[str, Any]:
    return d["codes"]  # type: ignore[no-any-return]


def _fields_of(spec: dict[str, Any]) -> dict[str, list[str]]:
    return spec.setdefault("fields", {})  # type: ignore[no-any-return]


def _carried(spec: dict[str, Any]) -> list[str]:
    fields = spec.get("fields") or {}
    return [*fields.get("required", []), *fields.get("optional", [])]


def _holes(message: str) -> list[str]:
    return re.findall(r"(?<!\{)\{([^{}]+)\}(?!\})", message)


def _users(data: Data, field: str) -> list[str]:
    return [cid for cid, spec in _codes(data).items()
            if field in _carried(spec) or field in (spec.get("fields") or {}).get("message_only", [])]  # fmt: skip


def _referenced(data: Data) -> set[str]:
    """Codes something points at: mappings, replacements (they can neither go nor be deferred)."""
    refs = set()
    maps = data.get("mappings") or {}
    refs |= {r["code"] for r in maps.get("http", [])} | {r["code"] for r in (maps.get("failures") or {}).values()}
    if maps.get("default"):
        refs.add(maps["default"])
    for spec in _codes(data).values():
        dep = spec.get("deprecated")
        if isinstance(dep, dict) and dep.get("replaced_by"):
            refs.add(dep["replaced_by"])
    for spec in (data.get("retired") or {}).values():
        if spec.get("replaced_by"):
            refs.add(spec["replaced_by"])
    return refs


def _set(path: tuple[str, ...], value: Any) -> Edit:
    def edit(d: Data) -> None:
        node = d
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = value

    return edit


def _drop(path: tuple[str, ...]) -> Edit:
    def edit(d: Data) -> None:
        node = d
        for part in path[:-1]:
            node = node.get(part, {})
        node.pop(path[-1], None)

    return edit


def _m(label: str, touches: set[str] | frozenset[str], *edits: Edit) -> Mutation:
    return Mutation(label, frozenset(touches), edits)


def mutations(data: Data) -> list[Mutation]:
    """Every single mutation of the catalog `data`, in a fixed order."""
    return [*_code_mutations(data), *_field_mutations(data), *_envelope_mutations(data), *_kind_mutations(data),
            *_policy_mutations(data), *_rule_mutations(data), *_catalog_mutations(data)]  # fmt: skip


def compounds(data: Data, singles: list[Mutation], wanted: int, seed: int = 29) -> list[Mutation]:
    """`wanted` pairs of mutations of one code (drawn with a fixed seed), so rules meet each other."""
    rng = random.Random(seed)
    by_code: dict[str, list[Mutation]] = {}
    for m in singles:
        if len(m.touches) == 1 and next(iter(m.touches)).startswith("code:"):
            by_code.setdefault(next(iter(m.touches)), []).append(m)
    pools = [p for p in by_code.values() if len(p) > 1]
    out: list[Mutation] = []
    seen: set[tuple[str, str]] = set()
    while len(out) < wanted and pools:
        pool = rng.choice(pools)
        a, b = rng.sample(pool, 2)
        if (a.label, b.label) in seen or _conflict(a, b):
            continue
        seen.add((a.label, b.label))
        out.append(Mutation(f"{a.label} + {b.label}", a.touches | b.touches, a.edits + b.edits))
    return out


def _conflict(a: Mutation, b: Mutation) -> bool:
    """Two edits of the same key, or an edit of a code the other renames or removes."""
    key = lambda m: m.label.split(":", 1)[1].split(" ")[0] if ":" in m.label else m.label  # noqa: E731
    gone = ("renamed", "removed", "retired")
    return key(a) == key(b) or any(g in m.label for m in (a, b) for g in gone)


# -- codes --------------------------------------------------------------------------------


def _code_mutations(data: Data) -> Iterator[Mutation]:
    refs = _referenced(data)
    kinds = list(data.get("kinds") or {})
    declared = data.get("fields") or {}
    ids = list(_codes(data))
    for cid, spec in _codes(data).items():
        t = {f"code:{cid}"}
        p = ("codes", cid)
        yield from _semantics(cid, spec, t, p, kinds, cid in refs)
        yield from _texts(cid, spec, t, p)
        yield from _message(cid, spec, t, p, declared)
        yield from _fields(cid, spec, t, p, declared)
        yield from _lifecycle(cid, spec, t, p, ids, cid in refs)


def _semantics(cid: str, spec: dict[str, Any], t: set[str], p: tuple[str, ...], kinds: list[str],
               referenced: bool) -> Iterator[Mutation]:  # fmt: skip
    for kind in kinds:
        if spec.get("kind") != kind:
            yield _m(f"{cid}:kind {kind}", t | {f"kind:{kind}"}, _set((*p, "kind"), kind))
    if "kind" in spec:
        yield _m(f"{cid}:kind dropped", t | {f"kind:{spec['kind']}"}, _drop((*p, "kind")))
    yield _m(f"{cid}:kind new", t | {"kind:Novel"}, _set(("kinds", "Novel"), {"retryable": True}),
             _set((*p, "kind"), "Novel"))  # fmt: skip
    for key, values in (("retriable", ("yes", "no", "conditional")), ("recoverable", ("yes", "no", "sometimes"))):
        for value in values:
            if spec.get(key) != value:
                yield _m(f"{cid}:{key} {value}", t, _set((*p, key), value))
        if key in spec:
            yield _m(f"{cid}:{key} dropped", t, _drop((*p, key)))
    for status in STATUSES:
        if spec.get("http_status") != status:
            yield _m(f"{cid}:http_status {status}", t, _set((*p, "http_status"), status))
    if "http_status" in spec:
        yield _m(f"{cid}:http_status dropped", t, _drop((*p, "http_status")))
    if spec.get("channel") == "protocol":
        yield _m(f"{cid}:jsonrpc_code other", t, _set((*p, "jsonrpc_code"), -32099))
        yield _m(f"{cid}:channel tool", t, _drop((*p, "channel")), _drop((*p, "jsonrpc_code")))
    elif not referenced:
        yield _m(f"{cid}:channel protocol", t, _set((*p, "channel"), "protocol"), _set((*p, "jsonrpc_code"), -32001))
    if not referenced:
        flipped = not spec.get("deferred", False)
        yield _m(f"{cid}:deferred {flipped}", t, _set((*p, "deferred"), flipped))


def _texts(cid: str, spec: dict[str, Any], t: set[str], p: tuple[str, ...]) -> Iterator[Mutation]:
    for key in ("title", "when", "next_action", "ui_meaning", "docs"):
        yield _m(f"{cid}:{key} reworded", t, _set((*p, key), f"{spec.get(key) or key} (reworded)"))
        if key in spec:
            yield _m(f"{cid}:{key} dropped", t, _drop((*p, key)))
    for since in ("0.9.0", "1.1.0"):
        yield _m(f"{cid}:since {since}", t, _set((*p, "since"), since))
    yield _m(f"{cid}:deprecated true", t, _set((*p, "deprecated"), True))
    yield _m(f"{cid}:deprecated reason", t, _set((*p, "deprecated"), {"since": "1.0.0", "reason": "old"}))
    if "deprecated" in spec:
        yield _m(f"{cid}:deprecated dropped", t, _drop((*p, "deprecated")))
    yield _m(f"{cid}:examples dropped", t, _drop((*p, "examples")))
    yield _m(f"{cid}:examples doubled", t, _set((*p, "examples"), [*(spec.get("examples") or [{}])] * 2))
    yield _m(f"{cid}:witness", t, _set((*p, "witness"), {"tool": "probe", "input": {"n": 1}}))
    if "witness" in spec:
        yield _m(f"{cid}:witness dropped", t, _drop((*p, "witness")))
    yield _m(f"{cid}:lint allow", t, _set((*p, "lint"), {"allow": {"missing-example": "a mutation"}}))


def _message(cid: str, spec: dict[str, Any], t: set[str], p: tuple[str, ...], declared: dict[str, Any]) -> Iterator[
        Mutation]:  # fmt: skip
    message: str = spec["message"]
    holes = _holes(message)
    carried = _carried(spec)
    shown = (spec.get("fields") or {}).get("message_only", [])
    yield _m(f"{cid}:message reworded", t, _set((*p, "message"), message + " (reworded)"))
    literal = re.sub(r"(?<!\{)\{([^{}]+)\}(?!\})", r"\1", message)
    if holes:
        def dropped(d: Data) -> None:
            d["codes"][cid]["message"] = literal
            fields = d["codes"][cid].get("fields") or {}
            fields.pop("message_only", None)

        yield _m(f"{cid}:message placeholders dropped", t | {f"field:{h}" for h in shown}, dropped)
    for name in carried:
        if name not in holes:
            yield _m(f"{cid}:message adds {{{name}}}", t, _set((*p, "message"), message + f" ({{{name}}})"))
    for name in declared:
        if name not in carried and name not in holes:
            def shown_only(d: Data, name: str = name) -> None:
                d["codes"][cid]["message"] = message + f" ({{{name}}})"
                _fields_of(d["codes"][cid]).setdefault("message_only", []).append(name)

            yield _m(f"{cid}:message-only {name}", t | {f"field:{name}"}, shown_only)


def _fields(cid: str, spec: dict[str, Any], t: set[str], p: tuple[str, ...], declared: dict[str, Any]) -> Iterator[
        Mutation]:  # fmt: skip
    fields = spec.get("fields") or {}
    required, optional = list(fields.get("required", [])), list(fields.get("optional", []))

    def put(req: list[str], opt: list[str]) -> Edit:
        def edit(d: Data) -> None:
            code = d["codes"][cid]
            carried = {*req, *opt}
            shown = [h for h in _holes(code["message"]) if h not in carried]
            code["fields"] = {"required": req, "optional": opt} | ({"message_only": shown} if shown else {})
            for example in code.get("examples") or []:
                for key in [k for k in example if k not in carried and k not in shown]:
                    del example[key]
                for key in req:
                    example.setdefault(key, _sample(d["fields"][key]))

        return edit

    for name in declared:
        f = {f"field:{name}"}
        if name in required:
            yield _m(f"{cid}:field {name} optional", t | f, put([x for x in required if x != name], [*optional, name]))
            yield _m(f"{cid}:field {name} removed", t | f, put([x for x in required if x != name], optional))
        elif name in optional:
            yield _m(f"{cid}:field {name} required", t | f, put([*required, name], [x for x in optional if x != name]))
            yield _m(f"{cid}:field {name} removed", t | f, put(required, [x for x in optional if x != name]))
        else:
            yield _m(f"{cid}:field {name} added optional", t | f, put(required, [*optional, name]))
            yield _m(f"{cid}:field {name} added required", t | f, put([*required, name], optional))
    if len(required) > 1:
        yield _m(f"{cid}:fields reordered", t, put(list(reversed(required)), optional))


def _sample(field: dict[str, Any]) -> Any:
    return [SAMPLES[field["items"]]] if field["type"] == "array" else SAMPLES[field["type"]]


def _lifecycle(cid: str, spec: dict[str, Any], t: set[str], p: tuple[str, ...], ids: list[str],
               referenced: bool) -> Iterator[Mutation]:  # fmt: skip
    new = f"{cid}_v2"
    yield _m(f"{cid}:renamed", t | {f"code:{new}"}, _rename_code(cid, new))
    yield _m(f"{cid}:renamed and retired", t | {f"code:{new}"}, _rename_code(cid, new),
             _set(("retired", cid), {"since": "2.0.0", "replaced_by": new}))  # fmt: skip
    if not referenced:
        yield _m(f"{cid}:removed", t, _drop(p))
        yield _m(f"{cid}:retired", t, _drop(p), _set(("retired", cid), {"since": "2.0.0", "reason": "gone"}))
    yield _m(f"{cid}:sibling added", {f"code:{cid}_sibling"}, _add_after(cid, f"{cid}_sibling", {"message": "new one"}))


def _rename_code(old: str, new: str) -> Edit:
    def edit(d: Data) -> None:
        d["codes"] = {(new if k == old else k): v for k, v in d["codes"].items()}
        maps = d.get("mappings") or {}
        for rule in maps.get("http", []):
            rule["code"] = new if rule["code"] == old else rule["code"]
        for rule in (maps.get("failures") or {}).values():
            rule["code"] = new if rule["code"] == old else rule["code"]
        if maps.get("default") == old:
            maps["default"] = new
        for spec in [*d["codes"].values(), *(d.get("retired") or {}).values()]:
            dep = spec.get("deprecated") if "deprecated" in spec else spec
            if isinstance(dep, dict) and dep.get("replaced_by") == old:
                dep["replaced_by"] = new

    return edit


def _add_after(after: str, cid: str, spec: dict[str, Any]) -> Edit:
    def edit(d: Data) -> None:
        out: dict[str, Any] = {}
        for key, value in d["codes"].items():
            out[key] = value
            if key == after:
                out[cid] = copy.deepcopy(spec)
        d["codes"] = out

    return edit


# -- fields ---------------------------------------------------------------------------------


def _field_mutations(data: Data) -> Iterator[Mutation]:
    for name, spec in (data.get("fields") or {}).items():
        users = _users(data, name)
        t = {f"field:{name}", *(f"code:{u}" for u in users)}
        for ftype in TYPES:
            if {k: spec.get(k) for k in ftype} != ftype or ("items" in spec and "items" not in ftype):
                yield _m(f"field {name}:type {ftype['type']}{ftype.get('items', '')}", t, _retype(name, ftype))
        yield _m(f"field {name}:description reworded", {f"field:{name}"},
                 _set(("fields", name, "description"), f"{spec.get('description', name)} (reworded)"))  # fmt: skip
        yield _m(f"field {name}:renamed", t | {f"field:{name}_v2"}, _rename_field(name, f"{name}_v2"))
        if not users:
            yield _m(f"field {name}:undeclared", t, _drop(("fields", name)))
    yield _m("field fresh:declared", {"field:fresh"}, _set(("fields", "fresh"), {"type": "string"}))


def _retype(name: str, ftype: dict[str, Any]) -> Edit:
    def edit(d: Data) -> None:
        d["fields"][name] = {**{k: v for k, v in d["fields"][name].items() if k == "description"}, **ftype}
        for code in d["codes"].values():
            for example in code.get("examples") or []:
                if name in example:
                    example[name] = _sample(d["fields"][name])

    return edit


def _rename_field(old: str, new: str) -> Edit:
    def edit(d: Data) -> None:
        d["fields"] = {(new if k == old else k): v for k, v in d["fields"].items()}
        for code in d["codes"].values():
            fields = code.get("fields") or {}
            for which in ("required", "optional", "message_only"):
                if which in fields:
                    fields[which] = [new if f == old else f for f in fields[which]]
            code["message"] = code["message"].replace("{" + old + "}", "{" + new + "}")
            for example in code.get("examples") or []:
                if old in example:
                    example[new] = example.pop(old)

    return edit


# -- the envelope -------------------------------------------------------------------------------


def _envelope_mutations(data: Data) -> Iterator[Mutation]:
    env = data.get("envelope") or {}
    for key, values in (("discriminator", ("code", "kind", "type")), ("casing", ("as_written", "camel")),
                        ("provenance", ("required", "optional", "none")), ("mirror_is_error", (True, False)),
                        ("structured_content", (True, False)), ("structured_is_error", (True, False)),
                        ("tool_failure_meta", (True, False))):  # fmt: skip
        for value in values:
            if env.get(key) != value:
                yield _m(f"envelope:{key} {value}", GLOBAL, _set(("envelope", key), value))
    metadata = env.get("metadata") or {}
    for name in META:
        path = ("envelope", "metadata", name)
        if name in metadata:
            yield _m(f"envelope:metadata {name} dropped", GLOBAL, _drop(path))
            yield _m(f"envelope:metadata {name} key", GLOBAL, _set(path, {"key": f"x{name.title().replace('_', '')}"}))
        else:
            yield _m(f"envelope:metadata {name}", GLOBAL, _set(path, True))
            yield _m(f"envelope:metadata {name} when recoverable", GLOBAL, _set(path, {"when": "recoverable"}))
    if "retriable" not in metadata:
        yield _m(f"envelope:retriable_field {not env.get('retriable_field')}", GLOBAL,
                 _set(("envelope", "retriable_field"), not env.get("retriable_field")))  # fmt: skip


# -- kinds and policies -------------------------------------------------------------------------


def _kind_mutations(data: Data) -> Iterator[Mutation]:
    kinds = data.get("kinds") or {}
    for name, spec in kinds.items():
        users = {f"code:{c}" for c, s in _codes(data).items() if s.get("kind") == name}
        policies = {f"policy:{p}" for p, s in (data.get("policies") or {}).items() if name in s["terminate_on"]}
        t = {f"kind:{name}", *users, *policies}
        p = ("kinds", name)
        yield _m(f"kind {name}:retryable {not spec['retryable']}", t, _set((*p, "retryable"), not spec["retryable"]))
        for key, value in (("max_attempts", 9), ("initial_backoff_ms", 50)):
            yield _m(f"kind {name}:{key} {value}", t, _set((*p, key), value))
            if key in spec:
                yield _m(f"kind {name}:{key} dropped", t, _drop((*p, key)))
        yield _m(f"kind {name}:description", {f"kind:{name}"}, _set((*p, "description"), "reworded"))
        if not users and not policies and not _kind_used(data, name):
            yield _m(f"kind {name}:removed", t, _drop(p))
    yield _m("kind Extra:added", {"kind:Extra"}, _set(("kinds", "Extra"), {"retryable": False}))
    if kinds:
        for name in kinds:
            if data.get("default_kind") != name:
                yield _m(f"default_kind {name}", GLOBAL, _set(("default_kind",), name))
        if "default_kind" in data:
            yield _m("default_kind dropped", GLOBAL, _drop(("default_kind",)))


def _kind_used(data: Data, name: str) -> bool:
    rules = data.get("classification") or {}
    return (data.get("default_kind") == name or any(r["kind"] == name for r in rules.get("http", []))
            or name in (rules.get("failures") or {}).values())  # fmt: skip


def _policy_mutations(data: Data) -> Iterator[Mutation]:
    kinds = list(data.get("kinds") or {})
    for name, spec in (data.get("policies") or {}).items():
        t = {f"policy:{name}", *(f"kind:{k}" for k in spec["terminate_on"])}
        for kind in kinds:
            members = [k for k in spec["terminate_on"] if k != kind] if kind in spec["terminate_on"] else [
                *spec["terminate_on"], kind]  # fmt: skip
            yield _m(f"policy {name}:toggles {kind}", t | {f"kind:{kind}"}, _set(("policies", name, "terminate_on"),
                                                                                  members))  # fmt: skip
        yield _m(f"policy {name}:description", {f"policy:{name}"}, _set(("policies", name, "description"), "new"))
        yield _m(f"policy {name}:removed", t, _drop(("policies", name)))
    if kinds:
        yield _m("policy fresh:added", {"policy:fresh"}, _set(("policies", "fresh"), {"terminate_on": kinds[:1]}))


# -- classification, mappings, retired, the catalog ---------------------------------------------------


def _mappable(data: Data) -> list[str]:
    return [c for c, s in _codes(data).items()
            if not s.get("deferred") and not (s.get("fields") or {}).get("required")
            and s.get("channel") != "protocol"]  # fmt: skip


def _rule_mutations(data: Data) -> Iterator[Mutation]:
    kinds = list(data.get("kinds") or {})
    classification = data.get("classification") or {}
    for i, _ in enumerate(classification.get("http", [])):
        yield _m(f"classification:http rule {i} removed", GLOBAL, _pop(("classification", "http"), i))
    if kinds:
        rule = {"status": 418, "kind": kinds[0]}
        yield _m("classification:http 418", GLOBAL, _append(("classification", "http"), rule))
        yield _m("classification:failure decode", GLOBAL, _set(("classification", "failures", "decode"), kinds[-1]))
    if len(classification.get("http", [])) > 1:
        yield _m("classification:http reordered", GLOBAL, _reverse(("classification", "http")))
    mappings = data.get("mappings") or {}
    codes = _mappable(data)
    for i, rule in enumerate(mappings.get("http", [])):
        yield _m(f"mappings:http rule {i} removed", GLOBAL, _pop(("mappings", "http"), i))
        yield _m(f"mappings:http rule {i} retriable", GLOBAL, _set_in(("mappings", "http"), i, "retriable",
                                                                       not rule.get("retriable")))  # fmt: skip
    if codes:
        yield _m("mappings:http 418", GLOBAL, _append(("mappings", "http"), {"status": 418, "code": codes[0]}))
        yield _m("mappings:default", GLOBAL, _set(("mappings", "default"), codes[-1]))
        yield _m("mappings:failure tls", GLOBAL, _set(("mappings", "failures", "tls"), {"code": codes[0]}))
    if mappings.get("default"):
        yield _m("mappings:default dropped", GLOBAL, _drop(("mappings", "default")))
    for rid in data.get("retired") or {}:
        yield _m(f"retired {rid}:removed", {f"code:{rid}"}, _drop(("retired", rid)))
        yield _m(f"retired {rid}:reason", {f"code:{rid}"}, _set(("retired", rid, "reason"), "another reason"))
    yield _m("retired ghost:added", {"code:ghost"}, _set(("retired", "ghost"), {"reason": "never shipped"}))


def _catalog_mutations(data: Data) -> Iterator[Mutation]:
    name = data["catalog"]["name"]
    yield _m("catalog:renamed", GLOBAL, _set(("catalog", "name"), f"{name}-two"))
    for key, value in (("title", "Another title"), ("description", "Another description"),
                       ("docs_url", "https://example.com/errors"), ("prefix", "XY")):  # fmt: skip
        yield _m(f"catalog:{key}", GLOBAL, _set(("catalog", key), value))
    yield _m("catalog:version", GLOBAL, _set(("catalog", "version"), "7.7.7"))
    ids = list(_codes(data))
    if len(ids) > 1:
        yield _m("order:codes swapped", GLOBAL, _swap_codes(ids[0], ids[-1]))
    fields = list(data.get("fields") or {})
    if len(fields) > 1:
        yield _m("order:fields swapped", GLOBAL, _swap_fields(fields[0], fields[-1]))
    kinds = list(data.get("kinds") or {})
    if len(kinds) > 1:
        yield _m("order:kinds swapped", GLOBAL, _swap_in(("kinds",), kinds[0], kinds[-1]))


def _pop(path: tuple[str, ...], i: int) -> Edit:
    return lambda d: d[path[0]][path[1]].pop(i)


def _append(path: tuple[str, ...], value: Any) -> Edit:
    return lambda d: d.setdefault(path[0], {}).setdefault(path[1], []).append(value)


def _reverse(path: tuple[str, ...]) -> Edit:
    return lambda d: d[path[0]][path[1]].reverse()


def _set_in(path: tuple[str, ...], i: int, key: str, value: Any) -> Edit:
    return lambda d: d[path[0]][path[1]][i].__setitem__(key, value)


def _swap_in(path: tuple[str, ...], a: str, b: str) -> Edit:
    def edit(d: Data) -> None:
        table = d[path[0]]
        keys = list(table)
        i, j = keys.index(a), keys.index(b)
        keys[i], keys[j] = keys[j], keys[i]
        d[path[0]] = {k: table[k] for k in keys}

    return edit


def _swap_codes(a: str, b: str) -> Edit:
    return _swap_in(("codes",), a, b)


def _swap_fields(a: str, b: str) -> Edit:
    return _swap_in(("fields",), a, b)
