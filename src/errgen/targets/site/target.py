"""Target ``site``: ``site/index.html``, a static error index a browser opens from disk or any static host.

One page per locale (``site/index.<locale>.html`` per translation, the same ids on each), beside
``errgen-site.css`` and ``errgen-site.js``, which name no catalog (their bytes never change with one): light and dark
colours (``prefers-color-scheme``), a layout that reads on a phone, and the search and filters of the index, which
work on the page's own ``data-*`` attributes. Nothing is fetched at view time, and without JavaScript the page is
whole (the filters stay hidden). All catalog text is escaped in Python (`views`); templates only lay it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from errgen.catalog.model import Catalog
from errgen.targets import TargetOptions
from errgen.targets.common.escape import html_attr, html_text
from errgen.targets.common.header import RUNTIME_HEADER, header_text
from errgen.targets.common.templating import render
from errgen.targets.site.views import FINGERPRINT_REF, Relations, code_view, href, link, tool_view

CSS_FILE, JS_FILE = "site/errgen-site.css", "site/errgen-site.js"


@dataclass(frozen=True)
class Page:
    """A language version of the index: its file name, locale tag and the label of the switch to it."""

    file: str
    tag: str
    label: str


@lru_cache(maxsize=1)
def _markdown() -> Any:
    """CommonMark without raw HTML (a code's ``docs`` are catalog text: any HTML in them is shown, not run)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False})


def _pages(catalog: Catalog) -> list[Page]:
    from errgen.catalog import plurals

    pages = [Page("index.html", catalog.locale, plurals.display_name(catalog.locale))]
    return pages + [Page(f"index.{tag}.html", tag, plurals.display_name(tag)) for tag in catalog.translations]


def _choices(values: list[str]) -> list[tuple[str, str]]:
    """``(value, label)`` options of a filter, each value once, in first-seen order."""
    return [(html_attr(v), html_text(v)) for v in dict.fromkeys(values)]


def _filters(catalog: Catalog) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """``(data attribute, label, options)`` of each select filter that has something to choose."""
    codes = list(catalog.codes.values())
    out = [
        ("kind", "Kind", _choices([c.kind for c in codes if c.kind])),
        ("tools", "Returned by", _choices(list(catalog.tools))),
        ("retriable", "Retriable", _choices([c.retriable.value for c in codes])),
        ("recoverable", "Recoverable", _choices([c.recoverable.value for c in codes])),
    ]
    return [(name, label, options) for name, label, options in out if len(options) > 1 or (name == "tools" and options)]


def _kinds(catalog: Catalog, relations: Relations) -> list[dict[str, Any]]:
    return [
        {
            "id": html_attr("kind:" + kind.name),
            "name": html_text(kind.name),
            "default": kind.name == catalog.default_kind,
            "retryable": "yes" if kind.retryable else "no",
            "description": html_text(kind.description),
            "codes": [link(c, c) for c in relations.by_kind.get(kind.name, ())],
        }
        for kind in catalog.kinds.values()
    ]


def _retired(catalog: Catalog) -> list[dict[str, str]]:
    return [
        {
            "id": html_attr(r.id),
            "since": html_text(r.since or "—"),
            "replaced_by": link(r.replaced_by, r.replaced_by) if r.replaced_by else "—",
            "reason": html_text(r.reason) or "—",
        }
        for r in catalog.retired.values()
    ]


def _web(url: str | None) -> str | None:
    """`url` when it is a web address (a link the page may follow), else None (the page names no other link)."""
    return url if url and url.lower().startswith(("https://", "http://")) else None


def render_page(catalog: Catalog, page: Page, pages: list[Page], options: TargetOptions) -> str:
    """One language version of ``site/index.html``."""
    locale = None if page.tag == catalog.locale else page.tag
    shown = catalog
    if locale is not None:
        from errgen.catalog.translations import localized

        shown = localized(catalog, locale)
    docs = _markdown()
    relations = Relations.of(catalog)
    return render(
        "site/index.html.jinja",
        options.templates,
        header=html_text(header_text(catalog)).replace("--", "- -"),
        catalog=catalog,
        shown=shown,
        docs_url=_web(catalog.docs_url),
        lang=html_attr(page.tag),
        pages=[(html_attr(p.file), html_attr(p.tag), html_text(p.label), p == page) for p in pages],
        views=[code_view(shown, code, catalog, locale, docs, relations) for code in shown.codes.values()],
        tools=[tool_view(catalog, tool) for tool in catalog.tools.values()],
        every_tool=[link(c, c) for c in catalog.every_tool],
        kinds=_kinds(catalog, relations),
        retired=_retired(catalog),
        filters=_filters(catalog),
        fingerprint_ref=FINGERPRINT_REF,
        href=href,
        css=CSS_FILE.rsplit("/", 1)[1],
        js=JS_FILE.rsplit("/", 1)[1],
    )


def static_text(name: str, templates: str | None) -> str:
    """``errgen-site.css`` / ``errgen-site.js``: rendered without any catalog, so their bytes never depend on one."""
    return render(f"site/{name}.jinja", templates, header=RUNTIME_HEADER)


def generate(catalog: Catalog, options: TargetOptions) -> dict[str, str]:
    """``site/index.html`` (and one per translated locale) with its stylesheet and script."""
    pages = _pages(catalog)
    out = {f"site/{page.file}": render_page(catalog, page, pages, options) for page in pages}
    out[CSS_FILE] = static_text("errgen-site.css", options.templates)
    out[JS_FILE] = static_text("errgen-site.js", options.templates)
    return out
