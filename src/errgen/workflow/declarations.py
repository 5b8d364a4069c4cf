"""The public declarations of a generated source file: name → signature, per language.

`errgen diff` compares what code written against the generated API depends on: each public
class, interface, struct, enum, type, function, method and constant, by name, with its
signature or its members (`surface` builds both versions and compares them). Python is read
with `ast`; TypeScript, Go and Rust are cut into top-level items by the layout their
generators print (an item starts at column 0; gofmt and rustfmt style), after comments are
removed by a lexer that knows each language's string literals. What is not API is left out:
comments and doc attributes, function bodies, the values of constants that are not types, and
catalog prose inside string literals (a title, a next action: `surface` passes them in), so a
reworded message is no source change while a renamed argument is.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Iterator

Declarations = dict[str, str]  # "interface FileTooLarge" → its normalized text
PROSE = '"<text>"'  # what a string literal holding catalog prose is replaced with

_SPACE = re.compile(r"\s+")
_TIGHT = re.compile(r"\s*([(){}\[\]<>,;:=|&?])\s*")
_TRAILING_COMMA = re.compile(r",([)\]}>])")


@functools.lru_cache(maxsize=1 << 14)  # the two versions of a file share most of their items
def normalized(text: str) -> str:
    """`text` with layout gone: no spaces around punctuation, no trailing commas, one space elsewhere."""
    tight = _TIGHT.sub(r"\1", _SPACE.sub(" ", text).strip())
    return _TRAILING_COMMA.sub(r"\1", tight)


# -- Python -------------------------------------------------------------------


def python(text: str, prose: frozenset[str] = frozenset()) -> Declarations:
    """Public classes (bases, annotated members, method signatures), functions, aliases and ``__all__``."""
    out: Declarations = {}
    try:
        for chunk in _chunks(text):
            out.update(_py_chunk(chunk))
    except SyntaxError:  # a statement this cut cannot see (a string spanning lines at column 0): the whole file
        out = {}
        for node in ast.parse(text).body:
            out.update(_py_node(node))
    return out


@functools.lru_cache(maxsize=1 << 13)
def _py_chunk(chunk: str) -> tuple[tuple[str, str], ...]:
    """The declarations of one top-level statement (remembered: both versions of a file share most of them)."""
    return tuple(item for node in _parsed(chunk) for item in _py_node(node).items())


def _py_node(node: ast.stmt) -> Declarations:
    """What a top-level statement declares (annotations, bases and signatures hold no catalog prose)."""
    out: Declarations = {}
    if isinstance(node, ast.ClassDef) and _public(node.name):
        out[f"class {node.name}"] = _py_class(node)
        for item in node.body:
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and _public(item.name, dunder=True):
                out[f"def {node.name}.{item.name}"] = _py_signature(item)
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _public(node.name):
        out[f"def {node.name}"] = _py_signature(node)
    elif isinstance(node, ast.Assign | ast.AnnAssign):
        _py_assignment(node, out)
    return out


_CONTINUES = ("else", "elif", "except", "finally", ")", "]", "}", "#")


def _chunks(text: str) -> list[str]:
    """The module's top-level statements as text: each starts at column 0 (decorators go with what follows)."""
    chunks: list[list[str]] = []
    decorated = False
    for line in text.split("\n"):
        starts = bool(line) and not line[0].isspace() and not line.startswith(_CONTINUES)
        if (starts and not decorated) or not chunks:
            chunks.append([])
        chunks[-1].append(line)
        if line.strip():
            decorated = starts and line.startswith("@")
    return ["\n".join(chunk).rstrip() for chunk in chunks]


_TABLE = re.compile(r"([A-Za-z_]\w*)(\s*:\s*[^=\n]+?)?\s*=\s*(?:[A-Za-z_][\w.]*\(|[\[{(])")


@functools.lru_cache(maxsize=1 << 13)
def _parsed(chunk: str) -> tuple[ast.stmt, ...]:
    """A top-level statement; a table (``NAME[: T] = {…}``, ``= Call(…)``) only as far as `python` reads it."""
    table = _TABLE.match(chunk)
    if table and not chunk.startswith(("class ", "def ", "@")):
        head = f"{table.group(1)}{table.group(2) or ''} = ..."  # its value is no API: never parse it
        return tuple(ast.parse(head).body)
    return tuple(ast.parse(chunk).body)


def _public(name: str, *, dunder: bool = False) -> bool:
    return not name.startswith("_") or (dunder and name.startswith("__") and name.endswith("__")) or name == "__all__"


def _py_class(node: ast.ClassDef) -> str:
    bases = [_py_text(b) for b in (*node.bases, *node.keywords)]
    members = [
        f"{_py_text(item.target)}: {_py_text(item.annotation)}" + (" = …" if item.value else "")
        for item in node.body
        if isinstance(item, ast.AnnAssign) and _public(_py_text(item.target))
    ]
    return f"({', '.join(bases)}) {{{'; '.join(members)}}}"


def _py_signature(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    decorators = "".join(f"@{_py_text(d)} " for d in node.decorator_list)
    returns = f" -> {_py_text(node.returns)}" if node.returns else ""
    return f"{decorators}({_py_text(node.args)}){returns}"


def _py_assignment(node: ast.Assign | ast.AnnAssign, out: Declarations) -> None:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    for target in targets:
        name = _py_text(target)
        if not _public(name) or not isinstance(target, ast.Name):
            continue
        if name == "__all__" and node.value is not None:
            out[name] = ", ".join(sorted(re.findall(r"'([^']*)'", _py_text(node.value))))
            continue
        annotation = _py_text(node.annotation) if isinstance(node, ast.AnnAssign) else ""
        typed = isinstance(node.value, ast.Subscript | ast.Name | ast.Attribute | ast.BinOp)
        value = _py_text(node.value) if typed and node.value is not None else "…"  # a table's values: no API
        out[name] = f"{annotation} = {value}" if annotation else f"= {value}"


def _py_text(node: ast.AST | None) -> str:
    """The source of `node` (annotations, bases and signatures hold no catalog prose: values are left out)."""
    return "" if node is None else ast.unparse(node)


# -- TypeScript, Go, Rust: a lexer, items at column 0 ----------------------------


_COMMENTS = r"//[^\n]*|/\*[\s\S]*?\*/"
_DOUBLE = r'"(?:[^"\\\n]|\\.)*"'
_TOKENS = {
    "typescript": re.compile(
        rf"(?P<c>{_COMMENTS})|(?P<s>{_DOUBLE}|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|[^/\"'`]+|.", re.S
    ),
    "go": re.compile(rf"(?P<c>{_COMMENTS})|(?P<s>{_DOUBLE}|`[^`]*`|'(?:[^'\\\n]|\\.)*')|[^/\"'`]+|.", re.S),
    "rust": re.compile(
        rf"(?P<c>{_COMMENTS})|(?P<s>(?<![\w\"])r(?P<h>#*)\"[\s\S]*?\"(?P=h)|\"(?:[^\"\\]|\\.)*\""
        r"|'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])')|[^/\"'r]+|.",
        re.S,
    ),
}


def stripped(text: str, language: str, prose: frozenset[str] = frozenset()) -> str:
    """`text` without comments (newlines kept), its prose string literals replaced by `PROSE`."""
    out: list[str] = []
    for match in _TOKENS[language].finditer(text):
        if match.group("c") is not None:
            out.append("\n" * match.group("c").count("\n"))
        elif (literal := match.group("s")) is not None:
            out.append(PROSE if prose and _value(literal) in prose else literal)
        else:
            out.append(match.group())
    return "".join(out)


def _value(literal: str) -> str:
    """The text a string literal holds (its escapes undone; raw and backquoted literals as written)."""
    if literal.startswith("r"):
        return literal.lstrip("r#")[1:].rstrip("#")[:-1]
    body = literal[1:-1]
    return body if literal[0] == "`" or "\\" not in body else _decoded(body)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}
_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|U[0-9a-fA-F]{8}|.)", re.S)
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def _decoded(body: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code[0] in "uxU" and len(code) > 1:
            value = int(code[1:].strip("{}"), 16)
            return chr(value) if value < 0x110000 else match.group(0)
        return _ESCAPES.get(code, code)

    text = _ESCAPE.sub(one, body)
    return _PAIR.sub(lambda m: m.group().encode("utf-16", "surrogatepass").decode("utf-16"), text)


def items(text: str) -> Iterator[str]:
    """Top-level items: each starts at column 0 (attribute lines ``#[…]`` belong to the next one)."""
    lines: list[str] = []
    attached = False
    for line in text.split("\n"):
        if not line.strip():
            continue
        starts = not line[0].isspace() and line[0] not in ")]}"
        if starts and lines and not attached:
            yield "\n".join(lines)
            lines = []
        lines.append(line)
        attached = starts and line.startswith("#[")
    if lines:
        yield "\n".join(lines)


def typescript(text: str, prose: frozenset[str] = frozenset()) -> Declarations:
    """Every ``export``: interfaces and types whole, functions by signature, constants by type (or value)."""
    return {k: v for item in items(stripped(text, "typescript", prose)) for k, v in _ts_item(item)}


@functools.lru_cache(maxsize=1 << 13)
def _ts_item(item: str) -> tuple[tuple[str, str], ...]:
    """What one top-level TypeScript item exports (remembered: both versions of a file share most items)."""
    out: Declarations = {}
    if item.startswith("export "):
        head = item.split("\n", 1)[0]
        _ts_export(item, head, out)
    return tuple(out.items())


def _ts_export(item: str, head: str, out: Declarations) -> None:
    if match := re.match(r"export (?:declare )?(interface|type|class|enum) ([\w$]+)", head):
        out[f"{match.group(1)} {match.group(2)}"] = normalized(item)
    elif match := re.match(r"export (?:async )?function\*? ?([\w$]+)", head):
        out[f"function {match.group(1)}"] = normalized(_signature(item))
    elif match := re.match(r"export (?:const|let|var) \{", item):
        names, _, source = item.partition("} =")
        for name in re.findall(r"[\w$]+", names.partition("{")[2]):
            out[f"const {name}"] = normalized(source)
    elif match := re.match(r"export (?:const|let|var) ([\w$]+)\s*(:?)", item):
        name, typed = match.group(1), match.group(2)
        rest = item[match.end() :]
        out[f"const {name}"] = normalized(rest.split(" = ", 1)[0] if typed else item)
    elif match := re.match(r"export (type )?\{[^}]*\}\s*from\s*(\S+)", normalized(item).replace("{", " {", 1)):
        out[f"export {match.group(1) or ''}from {match.group(2).rstrip(';')}"] = normalized(item)  # re-exports
    else:
        out[normalized(head)] = normalized(item)


def _signature(item: str) -> str:
    """A function item up to its body: through the first line ending in ``{`` (all of it when none does)."""
    lines = item.split("\n")
    for i, line in enumerate(lines):
        if line.rstrip().endswith("{"):
            return "\n".join(lines[: i + 1]).rstrip().removesuffix("{")
    return item


_GO_FUNC = re.compile(r"func (?:\(\s*\w+\s+\*?([\w]+)(?:\[[^\]]*\])?\s*\)\s*)?([\w]+)")


def go(text: str, prose: frozenset[str] = frozenset()) -> Declarations:
    """Exported types (whole), functions and methods (signatures), constants and variables (whole)."""
    return {k: v for item in items(stripped(text, "go", prose)) for k, v in _go_item(item)}


@functools.lru_cache(maxsize=1 << 13)
def _go_item(item: str) -> tuple[tuple[str, str], ...]:
    """What one top-level Go declaration exports."""
    out: Declarations = {}
    word = item.split(None, 1)[0]
    if word == "package":
        out["package"] = normalized(item)
    elif word == "func":
        match = _GO_FUNC.match(item)
        if match and match.group(2)[0].isupper() and (match.group(1) is None or match.group(1)[0].isupper()):
            name = f"{match.group(1)}.{match.group(2)}" if match.group(1) else match.group(2)
            out[f"func {name}"] = normalized(_go_signature(item))
    elif word in ("type", "const", "var"):
        for name, spec in _go_specs(item, word):
            if name[0].isupper():
                out[f"{word} {name}"] = normalized(spec)
    return tuple(out.items())


def _go_signature(item: str) -> str:
    first = item.split("\n", 1)[0]
    if first.rstrip().endswith("{"):
        return first.rstrip().removesuffix("{")
    return first.split(" { ", 1)[0] if " { " in first else item  # a one-line body


def _go_specs(item: str, word: str) -> Iterator[tuple[str, str]]:
    """``(name, spec)`` of a declaration, one per spec of a parenthesized group."""
    body = item[len(word) :].strip()
    if not body.startswith("("):
        yield body.split(None, 1)[0], body
        return
    spec: list[str] = []
    for line in body.strip("()").split("\n"):
        if re.match(r"\t[\w]", line) and spec:
            yield spec[0].split(None, 1)[0], "\n".join(spec)
            spec = []
        if line.strip():
            spec.append(line.strip())
    if spec:
        yield spec[0].split(None, 1)[0], "\n".join(spec)


_RUST_ITEM = re.compile(r"pub (?:\(crate\) )?(struct|enum|trait|type|const|static|fn|mod|use) ?([\w]*)")


def rust(text: str, prose: frozenset[str] = frozenset()) -> Declarations:
    """``pub`` items (structs and enums whole, functions by signature), ``impl`` blocks' ``pub fn`` signatures."""
    return {k: v for item in items(stripped(text, "rust", prose)) for k, v in _rust_item(item)}


@functools.lru_cache(maxsize=1 << 13)
def _rust_item(item: str) -> tuple[tuple[str, str], ...]:
    """What one top-level Rust item declares publicly."""
    out: Declarations = {}
    lines = item.split("\n")
    attrs = _rust_attrs([line for line in lines if line.startswith("#[")])
    code = "\n".join(line for line in lines if not line.startswith("#")).strip()
    if code.startswith("impl"):
        head = code.split("{", 1)[0].strip()
        target = head.removeprefix("impl").strip()
        if " for " in target:
            out[f"impl {target}"] = ""
        for name, signature in _rust_methods(code):
            out[f"fn {target}::{name}"] = normalized(signature)
    elif match := _RUST_ITEM.match(code):
        kind, name = match.groups()
        key = f"{kind} {name}" if name else normalized(code)
        if kind == "fn":
            text_of = _signature(code)
        elif kind in ("const", "static"):
            text_of = code.split("=", 1)[0]  # its type; the value is a table of catalog data
        else:
            text_of = _rust_members(code)
        out[key] = normalized(f"{attrs} {text_of}")
    return tuple(out.items())


def _rust_attrs(lines: list[str]) -> str:
    """An item's attributes that are API: ``derive`` lists whole, the others by name (``#[deprecated]``)."""
    kept = []
    for line in lines:
        name = re.match(r"#\[([\w:]+)", line)
        if name is None or name.group(1) == "doc":
            continue
        kept.append(line if name.group(1) == "derive" else f"#[{name.group(1)}]")
    return " ".join(kept)


def _rust_members(code: str) -> str:
    """A struct or enum with its members' doc and serde attributes left out (the wire shows what serde does)."""
    return "\n".join(line for line in code.split("\n") if not line.strip().startswith("#["))


def _rust_methods(code: str) -> Iterator[tuple[str, str]]:
    lines = code.split("\n")
    for i, line in enumerate(lines):
        match = re.match(r"\s+pub (?:const )?(?:unsafe )?fn (\w+)", line)
        if match is None:
            continue
        signature = []
        for part in lines[i:]:
            signature.append(part)
            if part.rstrip().endswith("{") or part.rstrip().endswith(";"):
                break
        yield match.group(1), "\n".join(signature).rstrip().removesuffix("{")


EXTRACTORS: dict[str, Callable[[str, frozenset[str]], Declarations]] = {
    ".py": python,
    ".ts": typescript,
    ".go": go,
    ".rs": rust,
}
"""The extractor of each source file type, by suffix."""
