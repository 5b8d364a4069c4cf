"""``errgen docs inject`` / ``errgen docs show``: generated tables inside hand-written Markdown."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from errgen.commands.common import CONTEXT, catalogs_option, fail, select

if TYPE_CHECKING:
    from errgen.diagnostics import Diagnostics
    from errgen.docs_inject import Block, Resolver


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

    def content(self, block: Block) -> str:
        return self.rendered[block]


@command.command("inject", context_settings=CONTEXT)
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@catalogs_option
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if a block is out of date.")
@click.option("--diff", "show_diff", is_flag=True, help="With --check: print a unified diff of each stale file.")
@click.option("--templates", type=click.Path(file_okay=False), help="Folder of templates that override the built-ins.")
def inject(files: tuple[Path, ...], catalog_specs: tuple[str, ...], check: bool, show_diff: bool,
           templates: str | None) -> None:  # fmt: skip
    """Replace the text between `<!-- errgen:begin NAME -->` and `<!-- errgen:end -->` in FILES.

    NAME is CATALOG (the code table), CATALOG:CODE (one code's section), CATALOG:document
    (the whole page) or CATALOG:SECTION (a `##` section of the page: kinds, policies,
    removed-codes, ...). Nothing outside the markers changes.  [default FILES: [tool.errgen.docs] files]
    """
    from errgen.config import load_config
    from errgen.diagnostics import Diagnostics
    from errgen.docs_inject import Resolver

    proj, found = select(catalog_specs, templates)
    paths = list(files) or [proj.root / f for f in load_config(proj.root).docs_files]
    if not paths:
        fail("no files given; pass Markdown files or set [tool.errgen.docs] files in pyproject.toml")
    resolver = Resolver([s.catalog for s in found], proj.options.templates)
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
    from errgen.diagnostics import Loc
    from errgen.docs_inject import find_blocks

    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        diags.error(Loc(display), f"cannot read file: {exc.strerror or exc}")
        return None
    except UnicodeDecodeError as exc:
        diags.error(Loc(display), f"not UTF-8 text (invalid byte at offset {exc.start})")
        return None
    blocks = find_blocks(text, display, diags)
    if not blocks and not diags.has_errors:
        diags.warning(Loc(display), "no <!-- errgen:begin NAME --> markers; nothing to inject")
    rendered = {b: r for b in blocks if (r := resolver.render(b, diags)) is not None}
    return _File(path, display, text, blocks, rendered)


def _check(files: list[_File], show_diff: bool) -> int:
    import difflib

    from errgen.docs_inject import inject, stale

    count = 0
    for f in files:
        for block in stale(f.text, f.blocks, f.content):
            count += 1
            click.echo(f"{block.loc}: error: block {block.name!r} is out of date; run `errgen docs inject`")
        if show_diff and f.blocks:
            new = inject(f.text, f.blocks, f.content)
            lines = difflib.unified_diff(
                f.text.splitlines(True), new.splitlines(True), f"a/{f.display}", f"b/{f.display}"
            )
            click.echo("".join(line if line.endswith("\n") else line + "\n" for line in lines), nl=False)
    blocks = sum(len(f.blocks) for f in files)
    if count:
        click.echo(f"errgen docs: {count} of {blocks} block(s) out of date", err=True)
        return 1
    click.echo(f"errgen docs: {blocks} block(s) up to date", err=True)
    return 0


def _write(files: list[_File]) -> int:
    from errgen.docs_inject import inject

    changed = 0
    for f in files:
        new = inject(f.text, f.blocks, f.content)
        if new != f.text:
            f.path.write_bytes(new.encode("utf-8"))
            changed += 1
            click.echo(f"updated: {f.display}")
    blocks = sum(len(f.blocks) for f in files)
    click.echo(f"errgen docs: {len(files)} file(s), {blocks} block(s): {changed} file(s) updated", err=True)
    return 0


@command.command("show", context_settings=CONTEXT)
@click.argument("name")
@catalogs_option
@click.option("--templates", type=click.Path(file_okay=False), help="Folder of templates that override the built-ins.")
def show(name: str, catalog_specs: tuple[str, ...], templates: str | None) -> None:
    """Print what a `<!-- errgen:begin NAME -->` block would contain."""
    from errgen.diagnostics import Diagnostics, Loc
    from errgen.docs_inject import Block, Resolver

    proj, found = select(catalog_specs, templates)
    resolver = Resolver([s.catalog for s in found], proj.options.templates)
    diags = Diagnostics()
    text = resolver.render(Block(name, 0, 0, Loc("<command line>")), diags)
    if text is None:
        fail(diags.items[0].message if diags.items else f"unknown block name {name!r}")
    click.echo(text, nl=False)
