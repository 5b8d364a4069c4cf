"""Catalog sources for the workflow commands (lint, diff, explain, docs).

A source is a catalog file, the same file at a git revision (``REV:path``), or a
published ``catalog.json`` snapshot. Each compiles to the IR together with its
positioned YAML document, so findings can point at the exact key they concern
(``codes/x/http_status``), not only at the code.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path, PurePosixPath
from typing import Any

from errgen.catalog.diagnostics import CatalogInvalid, Diagnostics, Loc
from errgen.catalog.located import Located
from errgen.catalog.schema_files import FolderFiles
from errgen.catalog.yamlsrc import Document, Files, decode, read_text
from errgen.workflow.project import Project


class SourceError(Exception):
    """A source that cannot be read at all (bad git revision, not a repository)."""


def compile_text(
    text: str,
    display: str,
    diags: Diagnostics,
    files: Files | None = None,
    translations: list[tuple[str, Document]] | None = None,
) -> Located | None:
    """Compile catalog YAML or a ``catalog.json`` snapshot held in memory; None on errors.

    `files` reads the schema files the catalog refers to; `translations` are the catalog's translation
    files, as `translations.load_files` reads them (a snapshot holds its schemas and translations itself).
    """
    from errgen.catalog.compiler import compile_catalog
    from errgen.catalog.load import check_shape, load_catalog_text

    snapshot = _snapshot(text)
    if snapshot is not None:
        doc: Document | None = check_shape(Document(display, from_snapshot(snapshot), None), diags)
        translations = _snapshot_translations(snapshot, display, diags)
    else:
        doc = load_catalog_text(text, display, diags)
        if doc is not None:
            doc.files = files
    if doc is not None:
        doc.translations = translations or []  # in memory: only the translations given
    catalog = compile_catalog(doc, diags) if doc is not None else None
    if catalog is None or doc is None:
        return None
    if snapshot is not None and snapshot.get("fingerprint") not in (None, catalog.fingerprint):
        diags.warning(Loc(display), "the snapshot's fingerprint does not match its content (edited by hand?)")
    return Located(catalog, doc)


def compile_path(path: Path, display: str, diags: Diagnostics) -> Located | None:
    """Compile one catalog or snapshot file (and the catalog's translation files beside it)."""
    from errgen.catalog.translations import load_files

    text = read_text(path, display, diags)
    if text is None:
        return None
    files = FolderFiles(path.parent, folder_of(display))
    return compile_text(text, display, diags, files, load_files(path, display, diags))


def folder_of(display: str) -> str:
    """The folder of a catalog as it is shown ("" for the current one)."""
    shown = PurePosixPath(display).parent.as_posix()
    return "" if shown == "." else shown


def compile_project(project: Project, diags: Diagnostics) -> list[Located]:
    """Compile every catalog of `project`; raise CatalogInvalid listing all errors if any."""
    found = [compile_path(p, project.display(p), diags) for p in project.catalogs]
    if diags.has_errors:
        raise CatalogInvalid(diags.sorted())
    return [s for s in found if s is not None]


def compile_spec(spec: str, diags: Diagnostics, cwd: Path) -> Located | None:
    """Compile a command-line source: a file path, or ``REV:path`` for a file at a git revision."""
    path = cwd / spec
    if path.exists() or ":" not in spec or _is_drive(spec):
        return compile_path(path, spec, diags)
    rev, _, rel = spec.partition(":")
    text = git_show(rev, cwd / rel, diags, display=spec)
    if text is None:
        if not diags.has_errors:
            diags.error(Loc(spec), f"{rel} does not exist at revision {rev}")
        return None
    files = GitFiles(rev, (cwd / rel).parent, folder_of(rel))
    return compile_text(text, spec, diags, files, translations_at(rev, cwd / rel, spec, diags))


class GitFiles:
    """The files beside a catalog at a git revision (``REV:path``)."""

    def __init__(self, rev: str, folder: Path, shown_folder: str) -> None:
        self.rev, self.folder, self.shown_folder = rev, folder, shown_folder

    def read(self, rel: str) -> bytes | None:
        """The bytes of `rel` at the revision; None when it does not exist there."""
        path = (self.folder / rel).absolute()
        base = next(p for p in path.parents if p.is_dir())
        shown = _git(base, "show", f"{self.rev}:./{path.relative_to(base).as_posix()}")
        return shown.stdout if shown.returncode == 0 else None

    def shown(self, rel: str) -> str:
        """``REV:folder/rel``, as the catalog is shown."""
        return f"{self.rev}:{self.shown_folder}/{rel}" if self.shown_folder else f"{self.rev}:{rel}"



def translations_at(rev: str, catalog: Path, display: str, diags: Diagnostics) -> list[tuple[str, Document]]:
    """The catalog's translation files as they were at revision `rev`."""
    from errgen.catalog import plurals
    from errgen.catalog.translations import check_shape, folder_of
    from errgen.catalog.yamlsrc import parse_yaml

    folder = folder_of(catalog)
    out = []
    for name in sorted(git_files(rev, folder)):
        stem, dot, suffix = name.rpartition(".")
        if "/" in name or not dot or suffix not in ("yaml", "yml") or plurals.canonical(stem) is None:
            continue
        shown = f"{display.rpartition('/')[0] or rev + ':'}/{folder.name}/{name}".replace(":/", ":", 1)
        text = git_show(rev, folder / name, diags, display=shown)
        doc = parse_yaml(text, shown, diags) if text is not None else None
        if doc is not None and check_shape(doc, diags):
            out.append((stem, doc))
    return out


def _snapshot_translations(snap: dict[str, Any], display: str, diags: Diagnostics) -> list[tuple[str, Document]]:
    """A snapshot's translations (its ``translations`` list) as translation documents."""
    from errgen.catalog.translations import check_shape

    out = []
    for item in snap.get("translations", []):
        fields = {name: {"description": text} for name, text in item.get("fields", {}).items()}
        data = {"errgen": 1, "locale": item.get("locale"), "codes": item.get("codes", {}), "fields": fields}
        doc = Document(f"{display}#{item.get('locale')}", data, None)
        if check_shape(doc, diags):
            out.append((str(item.get("locale")), doc))
    return out


def _is_drive(spec: str) -> bool:
    return len(spec) > 2 and spec[1] == ":" and spec[0].isalpha() and spec[2] in "\\/"


def git_show(rev: str, path: Path, diags: Diagnostics, *, display: str) -> str | None:
    """The text of `path` at revision `rev`; None when the file does not exist there.

    Raises SourceError when `rev` is not a commit or `path` is not in a git work tree.
    """
    path = path.absolute()
    folder = next(p for p in path.parents if p.is_dir())  # the file's folder may exist only at `rev`
    verify = _git(folder, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if verify.returncode != 0:
        inside = _git(folder, "rev-parse", "--is-inside-work-tree")
        if inside.returncode != 0:
            raise SourceError(f"{folder} is not inside a git repository")
        raise SourceError(f"unknown git revision {rev!r}")
    shown = _git(folder, "show", f"{rev}:./{path.relative_to(folder).as_posix()}")
    if shown.returncode != 0:
        return None
    return decode(shown.stdout, display, diags)


def git_files(rev: str, folder: Path) -> list[str]:
    """Paths (relative to `folder`, ``/``-separated) of the files under `folder` at revision `rev`.

    Empty when `folder` did not exist there; `rev` is known to be a commit (see `git_show`).
    """
    folder = folder.resolve()
    base = next(p for p in (folder, *folder.parents) if p.is_dir())  # `folder` may exist only at `rev`
    top = _git(base, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise SourceError(f"{base} is not inside a git repository")
    root = Path(top.stdout.decode("utf-8", "surrogateescape").strip()).resolve()
    if not folder.is_relative_to(root):  # outside the repository: nothing committed
        return []
    prefix = folder.relative_to(root).as_posix()
    listed = _git(root, "ls-tree", "-r", "-z", "--name-only", rev, "--", prefix)
    names = listed.stdout.decode("utf-8", "surrogateescape").split("\0") if listed.returncode == 0 else []
    return [name.removeprefix(prefix + "/") for name in names if name.startswith(prefix + "/")]


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=False, timeout=60)
    except FileNotFoundError:
        raise SourceError("git is not installed (needed to read a catalog at a revision)") from None


# -- published snapshots ------------------------------------------------------


def _snapshot(text: str) -> dict[str, Any] | None:
    """The parsed snapshot if `text` is a ``catalog.json`` (not a JSON-spelled catalog)."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    is_snapshot = isinstance(data, dict) and "format" in data and "errgen" not in data
    return data if is_snapshot else None


def _some(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}


def from_snapshot(snap: dict[str, Any]) -> dict[str, Any]:
    """Turn a normalized ``catalog.json`` back into catalog-format data (see `normalize.py`)."""
    raw: dict[str, Any] = {
        "errgen": snap.get("format"),
        "catalog": _some(snap.get("catalog", {})),
        "envelope": _envelope(snap.get("envelope", {})),
        "channels": _some(snap.get("channels", {})),
        "fields": {
            f["name"]: _some({k: v for k, v in f.items() if k not in ("name", "key")}) for f in snap.get("fields", [])
        },
        "kinds": {k["name"]: _some({x: v for x, v in k.items() if x != "name"}) for k in snap.get("kinds", [])},
        "policies": {p["name"]: {x: v for x, v in p.items() if x != "name"} for p in snap.get("policies", [])},
        "codes": {c["id"]: _code(c) for c in snap.get("codes", [])},
        "classification": {
            "http": [_some(r) for r in snap.get("classification", {}).get("http", [])],
            "failures": {r["failure"]: r["kind"] for r in snap.get("classification", {}).get("failures", [])},
        },
        "mappings": _some(
            {
                "http": [_some(r) for r in snap.get("mappings", {}).get("http", [])],
                "failures": {
                    r["failure"]: _some({"code": r["code"], "retriable": r.get("retriable")})
                    for r in snap.get("mappings", {}).get("failures", [])
                },
                "default": snap.get("mappings", {}).get("default"),
            }
        ),
        "retired": {r["id"]: _some({k: v for k, v in r.items() if k != "id"}) for r in snap.get("retired", [])},
    }
    if snap.get("default_kind") is not None:
        raw["default_kind"] = snap["default_kind"]
    if isinstance(snap.get("tools"), dict):
        raw["tools"] = _tools(snap["tools"])
    if isinstance(snap.get("arguments"), dict):
        raw["arguments"] = dict(snap["arguments"])
    return raw


def _message_only(message: Any, fields: Any) -> list[str]:
    """The placeholders of `message` that are not among the code's `fields` (its message-only values)."""
    from errgen.catalog.messages import TemplateError, placeholders

    if not isinstance(message, str) or not isinstance(fields, dict):
        return []
    try:
        holes = placeholders(message)
    except TemplateError:
        return []  # reported when the snapshot is compiled
    carried = {name for which in ("required", "optional") for name in fields.get(which) or [] if isinstance(name, str)}
    return [name for name in holes if name not in carried]


def _tools(tools: dict[str, Any]) -> dict[str, Any]:
    """The snapshot's tools in catalog form (empty lists and absent schemas left out)."""
    out: dict[str, Any] = {}
    if tools.get("every_tool"):
        out["every_tool"] = tools["every_tool"]
    by_name: dict[str, Any] = {}
    for tool in tools.get("by_name", []):
        spec = {k: v for k, v in tool.items() if k != "name" and v is not None and v != []}
        if spec.get("output_root") == "object" or "output_schema" not in spec:
            spec.pop("output_root", None)
        by_name[tool["name"]] = spec
    out["by_name"] = by_name
    return out


def _envelope(env: dict[str, Any]) -> dict[str, Any]:
    """The snapshot's envelope in catalog form (``metadata`` is a list there, a mapping here)."""
    out = {k: v for k, v in env.items() if k not in ("metadata", "provenance_mode")}
    if "provenance_mode" in env:  # the derived `provenance` flag says less
        out["provenance"] = env["provenance_mode"]
    if "metadata" in env:  # the derived `retriable_field` flag says less
        out.pop("retriable_field", None)
        out["metadata"] = {m["name"]: {"key": m["key"], "when": m["when"]} for m in env["metadata"]}
    return out


def _code(code: dict[str, Any]) -> dict[str, Any]:
    out = _some({k: v for k, v in code.items() if k not in ("id", "deprecated", "witness")})
    fields = out.get("fields")
    shown = _message_only(code.get("message"), fields)
    if shown and isinstance(fields, dict):  # derived from the message: a snapshot does not list them
        out["fields"] = {**fields, "message_only": shown}
    if code.get("deprecated") is not None:
        out["deprecated"] = _some(code["deprecated"])
    if code.get("witness") is not None:
        out["witness"] = code["witness"]
    return out
