"""``errgen docs inject`` / ``errgen docs show``: generated tables inside hand-written Markdown.

A file is replaced, never written in place: its new text goes to a temporary file beside
it (with its mode and owner, fsynced) that is renamed over it, once every changed file
has been staged. Any failure leaves every file as it was and no temporary file behind.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from errgen.cli.commands.common import CONTEXT, catalogs_option, fail, select

if TYPE_CHECKING:
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.docs_inject import Block, Resolver


@click.group("docs", context_settings=CONTEXT)
def command() -> None:
    """Keep generated Markdown (code tables, code sections) inside your own files."""


@dataclass
class _File:
    path: Path
    display: str
    text: str
    blocks: list[Block]
    rendered: dict[Block, str]
    new: str  # the text after injection (the text itself when nothing is injected)

    def content(self, block: Block) -> str:
        return self.rendered[block]


@command.command("inject", context_settings=CONTEXT)
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@catalogs_option
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if a block is out of date.")
@click.option("--diff", "show_diff", is_flag=True, help="With --check: print a unified diff of each stale file.")
@click.option("--templates", type=click.Path(file_okay=False), help="Folder of templates that override the built-ins.")
@click.option("--locale", metavar="TAG", help="Texts in this locale (BCP 47: de, de-AT), falling back to the base.")
def inject(files: tuple[Path, ...], catalog_specs: tuple[str, ...], check: bool, show_diff: bool,
           templates: str | None, locale: str | None) -> None:  # fmt: skip
    """Replace the text between `<!-- errgen:begin NAME -->` and `<!-- errgen:end -->` in FILES.

    NAME is CATALOG (the code table), CATALOG:CODE (one code's section), CATALOG:document
    (the whole page) or CATALOG:SECTION (a `##` section of the page: kinds, policies,
    removed-codes, ...). Nothing outside the markers changes.  [default FILES: [tool.errgen.docs] files]
    """
    from errgen.catalog.diagnostics import Diagnostics
    from errgen.workflow.config import load_config
    from errgen.workflow.docs_inject import Resolver

    proj, found = select(catalog_specs, templates)
    paths = list(files) or [proj.root / f for f in load_config(proj.root).docs_files]
    if not paths:
        fail("no files given; pass Markdown files or set [tool.errgen.docs] files in pyproject.toml")
    resolver = Resolver([s.catalog for s in found], proj.options.templates, _locale(locale))
    diags = Diagnostics()
    loaded = [f for f in (_load(p, proj.display(p), resolver, diags) for p in paths) if f is not None]
    if diags.has_errors:
        for diagnostic in diags.sorted():
            click.echo(diagnostic.format(), err=True)
        fail(f"{sum(d.level == 'error' for d in diags.items)} error(s); no file was changed")
    for diagnostic in diags.sorted():
        click.echo(diagnostic.format(), err=True)
    sys.exit(_check(loaded, show_diff) if check else _write(loaded))


def _load(path: Path, display: str, resolver: Resolver, diags: Diagnostics) -> _File | None:
    from errgen.catalog.diagnostics import Loc
    from errgen.workflow.docs_inject import check_injected, find_blocks, inject

    try:
        text = _read(path).decode("utf-8")
    except OSError as exc:
        diags.error(Loc(display), f"cannot read file: {exc.strerror or exc}")
        return None
    except UnicodeDecodeError as exc:
        diags.error(Loc(display), f"not UTF-8 text (invalid byte at offset {exc.start})")
        return None
    before = len(diags.items)
    blocks = find_blocks(text, display, diags)
    if not blocks and not diags.has_errors:
        diags.warning(Loc(display), "no <!-- errgen:begin NAME --> markers; nothing to inject")
    rendered = {b: r for b in blocks if (r := resolver.render(b, diags)) is not None}
    loaded = _File(path, display, text, blocks, rendered, text)
    if blocks and all(d.level != "error" for d in diags.items[before:]):
        loaded.new = inject(text, blocks, loaded.content)
        if loaded.new != text:  # never write a file errgen could not read again
            check_injected(loaded.new, blocks, display, diags)
    return loaded


def _read(path: Path) -> bytes:
    """The bytes of a regular file; anything else (a FIFO, a device) is refused unread, as it may never end."""
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError("not a regular file")
        return handle.read()


def _check(files: list[_File], show_diff: bool) -> int:
    import difflib

    from errgen.workflow.docs_inject import split_lines, stale

    count = 0
    for f in files:
        for block in stale(f.text, f.blocks, f.content):
            count += 1
            click.echo(f"{block.loc}: error: block {block.name!r} is out of date; run `errgen docs inject`")
        if show_diff and f.blocks:
            lines = difflib.unified_diff(split_lines(f.text), split_lines(f.new), f"a/{f.display}", f"b/{f.display}")
            click.echo("".join(line if line.endswith("\n") else line + "\n" for line in lines), nl=False)
    blocks = sum(len(f.blocks) for f in files)
    if count:
        click.echo(f"errgen docs: {count} of {blocks} block(s) out of date", err=True)
        return 1
    click.echo(f"errgen docs: {blocks} block(s) up to date", err=True)
    return 0


def _write(files: list[_File]) -> int:
    """Stage every changed file, then rename them all into place; on any OSError change nothing."""
    changed = [f for f in files if f.new != f.text]
    staged: list[tuple[_File, Path, Path]] = []  # (file, temporary file, the file it replaces)
    failed: list[str] = []
    try:
        for f in changed:
            try:
                staged.append((f, *_stage(f.path, f.new)))
            except OSError as exc:
                failed.append(f"errgen: cannot write {f.display}: {exc.strerror or exc}")
        while staged and not failed:
            f, tmp, target = staged[0]
            try:
                os.replace(tmp, target)
            except OSError as exc:
                failed.append(f"errgen: cannot write {f.display}: {exc.strerror or exc}")
                break
            staged.pop(0)
            click.echo(f"updated: {f.display}")
    finally:
        for _f, tmp, _target in staged:
            tmp.unlink(missing_ok=True)
    for line in failed:
        click.echo(line, err=True)
    if failed:
        return 2
    blocks = sum(len(f.blocks) for f in files)
    click.echo(f"errgen docs: {len(files)} file(s), {blocks} block(s): {len(changed)} file(s) updated", err=True)
    return 0


def _stage(path: Path, text: str) -> tuple[Path, Path]:
    """A temporary file holding `text` beside the file `path` names (through symlinks), and that file.

    The temporary file gets the file's mode and, where allowed, its owner. A file this process
    may not write in place is refused like an in-place write would be (with the OS's reason).
    """
    from errgen.output.writer import write_temp

    target = Path(os.path.realpath(path))
    os.close(os.open(target, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0)))  # opened, not truncated
    info = target.stat()
    tmp = write_temp(target, text)
    try:
        made = tmp.stat()
        if (made.st_uid, made.st_gid) != (info.st_uid, info.st_gid):
            os.chown(tmp, info.st_uid, info.st_gid)
    except PermissionError:
        pass  # a user cannot give a file away: it becomes theirs, as with any editor that saves by renaming
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp, target


@command.command("show", context_settings=CONTEXT)
@click.argument("name")
@catalogs_option
@click.option("--templates", type=click.Path(file_okay=False), help="Folder of templates that override the built-ins.")
@click.option("--locale", metavar="TAG", help="Texts in this locale (BCP 47: de, de-AT), falling back to the base.")
def show(name: str, catalog_specs: tuple[str, ...], templates: str | None, locale: str | None) -> None:
    """Print what a `<!-- errgen:begin NAME -->` block would contain."""
    from errgen.catalog.diagnostics import Diagnostics, Loc
    from errgen.workflow.docs_inject import Block, Resolver

    proj, found = select(catalog_specs, templates)
    resolver = Resolver([s.catalog for s in found], proj.options.templates, _locale(locale))
    diags = Diagnostics()
    text = resolver.render(Block(name, 0, 0, Loc("<command line>")), diags)
    if text is None:
        fail(diags.items[0].message if diags.items else f"unknown block name {name!r}")
    click.echo(text, nl=False)


def _locale(tag: str | None) -> str | None:
    """A --locale value as a BCP 47 tag in canonical case (a usage error when it is none)."""
    if tag is None:
        return None
    from errgen.catalog.plurals import canonical

    found = canonical(tag)
    if found is None:
        raise click.BadParameter(f"{tag!r} is not a BCP 47 tag such as 'de' or 'de-AT'", param_hint="--locale")
    return found
