"""Helpers for the hostile-input tests: the in-process pipeline and a real Markdown renderer.

Markdown is rendered by GitHub's own engine (cmark-gfm, through ``cmarkgfm``) and
the HTML is read back with the standard library parser, so a table that gained a
column, a heading swallowed by a code fence or an injected HTML tag is seen as a
reader of the rendered page would see it.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics
from errgen.catalog.load import load_catalog_text
from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions, generate
from errgen.targets.sanitizer.scrub import scrub_text

try:
    import cmarkgfm
    from cmarkgfm.cmark import Options as CmarkOptions
except ImportError as exc:  # a missing test dependency must fail loudly, never skip
    raise ImportError("the hostile-input tests need cmarkgfm (pip install -e '.[test]')") from exc


def compile_text(text: str, display: str = "hostile.yaml") -> tuple[Catalog | None, list[str]]:
    """Load and compile catalog text in memory; returns the IR (or None) and the formatted diagnostics."""
    diags = Diagnostics()
    doc = load_catalog_text(text, display, diags)
    catalog = compile_catalog(doc, diags) if doc is not None else None
    return catalog, [d.format() for d in diags.sorted()]


def must_compile(text: str) -> Catalog:
    """Compile text that must be a valid catalog."""
    catalog, problems = compile_text(text)
    assert catalog is not None, "\n".join(problems)
    return catalog


def render(catalog: Catalog, *targets: str) -> dict[str, str]:
    """The generated files of the given targets."""
    return generate(catalog, targets, TargetOptions())


def compiled(data: dict[str, Any]) -> Catalog:
    """Write `data` as YAML, compile it, and check errgen read back exactly what was written."""
    from .hostile_strategies import to_yaml

    catalog = must_compile(to_yaml(data))
    assert_ir_is_source(data, catalog)
    return catalog


def assert_ir_is_source(data: dict[str, Any], catalog: Catalog) -> None:
    """Every string of the source reaches the IR unchanged."""
    meta = data["catalog"]
    assert (catalog.title, catalog.description) == (meta.get("title", meta["name"]), meta.get("description", ""))
    for name, spec in data.get("fields", {}).items():
        assert catalog.fields[name].description == spec.get("description", "")
    for name, spec in data.get("kinds", {}).items():
        assert catalog.kinds[name].description == spec.get("description", "")
    for name, spec in data.get("policies", {}).items():
        assert catalog.policies[name].description == spec.get("description", "")
    for rid, spec in data.get("retired", {}).items():
        assert catalog.retired[rid].reason == spec.get("reason", "")
    assert list(catalog.codes) == list(data["codes"])
    for cid, spec in data["codes"].items():
        code = catalog.codes[cid]
        assert code.id == cid and code.message == spec["message"]
        texts = (code.when, code.next_action, code.ui_meaning, code.docs)
        assert texts == tuple(spec.get(k, "") for k in ("when", "next_action", "ui_meaning", "docs"))
        if spec.get("title"):
            assert code.title == spec["title"]
        assert [e.values for e in code.examples] == spec.get("examples", [])
        if "deprecated" in spec:
            assert code.deprecated is not None and code.deprecated.reason == spec["deprecated"]["reason"]
        if "witness" in spec:
            assert code.witness is not None
            assert (code.witness.tool, code.witness.input) == (spec["witness"]["tool"], spec["witness"]["input"])


# -- Markdown ---------------------------------------------------------------------------

# Tags that Markdown syntax can produce; anything else in the HTML came from raw HTML.
MARKDOWN_TAGS = frozenset(
    "p h1 h2 h3 h4 h5 h6 hr pre code blockquote ol ul li table thead tbody tr th td em strong del a img br input"
    .split()
)  # fmt: skip


@dataclass
class Node:
    """An HTML element with its children (elements and text)."""

    tag: str
    attrs: dict[str, str | None] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        """Text content, with ``<br>`` as a newline."""
        out = []
        for child in self.children:
            if isinstance(child, str):
                out.append(child)
            elif child.tag == "br":
                out.append("\n")
            else:
                out.append(child.text())
        return "".join(out)

    def find_all(self, tag: str) -> list[Node]:
        """Descendant elements named `tag`, in document order."""
        found: list[Node] = []
        for child in self.children:
            if isinstance(child, Node):
                if child.tag == tag:
                    found.append(child)
                found.extend(child.find_all(tag))
        return found

    def elements(self) -> list[Node]:
        """Every descendant element."""
        out: list[Node] = []
        for child in self.children:
            if isinstance(child, Node):
                out.append(child)
                out.extend(child.elements())
        return out


_VOID = frozenset({"br", "hr", "img", "input"})


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root")
        self.stack = [self.root]
        self.comments: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)


@dataclass
class Rendered:
    """A Markdown document as GitHub renders it."""

    html: str
    root: Node
    comments: list[str]

    def tables(self) -> list[tuple[list[str], list[list[str]]]]:
        """Each table as (header cell texts, rows of cell texts)."""
        out = []
        for table in self.root.find_all("table"):
            header = [th.text() for th in table.find_all("th")]
            rows = [[td.text() for td in tr.find_all("td")] for tr in table.find_all("tr") if tr.find_all("td")]
            out.append((header, rows))
        return out

    def table(self, header: tuple[str, ...]) -> list[list[str]]:
        """Rows of the first table with exactly this header."""
        for head, rows in self.tables():
            if tuple(head) == header:
                return rows
        raise AssertionError(f"no table with header {header}")


def render_markdown(text: str) -> Rendered:
    """Render GitHub-flavoured Markdown (raw HTML kept, so injections show) and parse the HTML."""
    html = cmarkgfm.github_flavored_markdown_to_html(text, options=CmarkOptions.CMARK_OPT_UNSAFE)
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return Rendered(html, builder.root, builder.comments)


def shown(text: str) -> str:
    """What a reader sees of catalog text put through ``md_text``: one paragraph, lines trimmed (all blank: nothing)."""
    lines = [line.strip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    return "\n".join(lines).replace("\x00", "\ufffd") if any(lines) else ""


def shown_cell(text: str) -> str:
    """What a reader sees in a table cell holding ``md_cell(text)``."""
    return shown(text).strip(" \t")


# -- JSON payloads -----------------------------------------------------------------------


def example_payloads(catalog: Catalog) -> list[tuple[str, dict[str, Any]]]:
    """(code id, payload) for every example, shaped as `docs/runtime-contract.md` §1 says."""
    out = []
    for code in catalog.codes.values():
        for example in code.examples:
            payload: dict[str, Any] = {"code": code.id, "message": scrub_text(example.message) or code.id}
            if catalog.envelope.retriable_field:
                payload["retriable"] = code.retriable_default
            payload.update({k: example.values[k] for k in code.fields if k in example.values})
            if catalog.envelope.provenance:
                payload["provenance"] = catalog.provenance.as_dict()
            if catalog.envelope.mirror_is_error:
                payload["isError"] = True
            out.append((code.id, payload))
    return out


def doubles(value: Any) -> Any:
    """JSON data with every number as a double: JSON text does not keep ``1e16`` and ``10000000000000000`` apart."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, list):
        return [doubles(v) for v in value]
    return {k: doubles(v) for k, v in value.items()}


def loads_strict(text: str) -> Any:
    """json.loads that rejects NaN/Infinity and duplicate keys."""

    def no_dupes(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        assert len(keys) == len(set(keys)), f"duplicate keys {keys}"
        return dict(pairs)

    def no_constant(name: str) -> Any:
        raise AssertionError(f"non-JSON constant {name}")

    return json.loads(text, object_pairs_hook=no_dupes, parse_constant=no_constant)


def is_nfkc_identifier(ident: str) -> bool:
    """Whether `ident` is a Python identifier that NFKC leaves unchanged."""
    return ident.isidentifier() and unicodedata.normalize("NFKC", ident) == ident
