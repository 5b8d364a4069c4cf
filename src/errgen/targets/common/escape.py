"""Escaping of catalog text for every target language.

Catalog text is data, never template or source code: every free-text value that
reaches a generated file goes through one of these functions (registered as Jinja
filters in `templating.py`). Each one is total: any Unicode string in, a literal
that the target parses back to exactly that string out.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from errgen.catalog.jsontext import inline

_UNSAFE = re.compile(r"[\u2028\u2029\u0085\ufeff\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069]")


@lru_cache(maxsize=1)
def invisible() -> re.Pattern[str]:
    """One regex for every character escaped as ``\\uXXXX``: `_UNSAFE`, and BMP Cc/Cs/Co/Cn.

    All of those are non-printable (`str.isprintable`), so printable text never needs it.
    """
    ranges: list[list[int]] = []
    for c in range(0x10000):
        if unicodedata.category(chr(c)) in ("Cc", "Cs", "Co", "Cn"):
            if ranges and ranges[-1][1] == c - 1:
                ranges[-1][1] = c
            else:
                ranges.append([c, c])
    bmp = "".join(f"\\u{lo:04x}-\\u{hi:04x}" for lo, hi in ranges)
    return re.compile(f"{_UNSAFE.pattern}|[{bmp}]")


def _hex(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def escape_invisible(text: str) -> str:
    """`text` with every invisible or line-breaking character written as ``\\uXXXX``."""
    return text if text.isprintable() else invisible().sub(_hex, text)


def json_string(text: str) -> str:
    """A double-quoted JSON string literal; also a valid Python and TypeScript literal."""
    return escape_invisible(inline(text))


py_str = json_string
ts_str = json_string


def comment_text(text: str) -> str:
    """One line of text safe inside a ``#``, ``//`` or ``/* */`` comment or a JSDoc block."""
    flat = " ".join(text.split())
    return escape_invisible(flat.replace("*/", "*\\/").replace("\\", "\\\\"))


_MD_SPECIAL = re.compile(r"([\\`*_\[\]#|~])")
_MD_LINE_START = re.compile(r"^(\s*(?:\d+)?)([-+](?=[ \t]|$)|(?<=\d)[.)](?=[ \t]|$)|[-=]+(?=[ \t]*$))", re.MULTILINE)
_AUTOLINK = re.compile(r"(?i)(://|www\.)")


# Text that `md_text` gives back unchanged: no Markdown or HTML character, no line break or control, no
# ":" or "www." (autolinks), no "-", "+" or "=" (list items, rules), no leading digit (ordered items).
_MD_PLAIN = re.compile(r"[A-Za-z0-9 ,.;!?'\"()/%$@{}^]*")


def md_text(text: str) -> str:
    """Inline Markdown that shows `text` literally (no markup, no HTML, one line)."""
    if _MD_PLAIN.fullmatch(text) and text == text.strip() and text[:1] not in "0123456789":
        if "www." not in text.lower():
            return text
    return _md_escaped(text)


def _md_escaped(text: str) -> str:
    escaped = _MD_SPECIAL.sub(r"\\\1", text.replace("&", "&amp;"))
    escaped = _MD_LINE_START.sub(r"\1\\\2", escaped)  # no accidental list, rule or quote
    escaped = _AUTOLINK.sub(lambda m: "\\" + m.group() if m.group() == "://" else m.group()[:3] + "\\.", escaped)
    escaped = escaped.replace("<", "&lt;").replace(">", "&gt;")
    lines = [line.strip() for line in escaped.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    return _strip_controls("<br>".join(lines)) if any(lines) else ""  # a lone <br> line would be an HTML block


def md_cell(text: str) -> str:
    """Text for one Markdown table cell: `md_text`, never empty, never splits the row."""
    return md_text(text) or " "


def md_code(text: str) -> str:
    """Inline code span for identifiers; falls back to escaped text when backticks would break it."""
    if "`" in text or "\n" in text or "|" in text or not text.strip():
        return md_text(text)
    return f"`{_strip_controls(text)}`"


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.MULTILINE)


def md_block(text: str) -> str:
    """A multi-line Markdown block that keeps the author's Markdown but cannot inject HTML or break out."""
    body = text.replace("\r\n", "\n").replace("\r", "\n").replace("&", "&amp;").replace("<", "&lt;")
    body = _strip_controls(body.replace(">", "&gt;")).rstrip()
    open_fence = None
    for match in _FENCE.finditer(body):
        fence = match.group(1)
        if open_fence is None:
            open_fence = fence
        elif fence[0] == open_fence[0] and len(fence) >= len(open_fence):
            open_fence = None
    body = body + f"\n{open_fence}" if open_fence else body
    # An indented first line after a list would continue its last item: an empty link definition ends the list.
    return f"[//]: #\n\n{body}" if body.lstrip("\n")[:1] in (" ", "\t") else body


_CONTROLS = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _strip_controls(text: str) -> str:
    """Show control characters (all but newline) and invisible format characters as entities."""
    text = _UNSAFE.sub(lambda m: f"&#x{ord(m.group()):x};", text)
    return _CONTROLS.sub(lambda m: f"&#x{ord(m.group()):x};", text)


_HTML_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]")


def html_text(text: str) -> str:
    """Text for HTML content: ``& < >`` escaped, controls and invisible format characters shown as the text of
    their character reference (HTML allows neither: a reader sees ``&#x1b;``, never a hidden character)."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if escaped.isascii() and escaped.isprintable():  # no control, no invisible character: nothing more to show
        return escaped
    escaped = _UNSAFE.sub(lambda m: f"&amp;#x{ord(m.group()):x};", escaped)
    return _HTML_CONTROLS.sub(lambda m: f"&amp;#x{ord(m.group()):x};", escaped)


def html_attr(text: str) -> str:
    """Text for a double-quoted HTML attribute value: `html_text`, and ``"`` escaped."""
    return html_text(text).replace('"', "&quot;")


def anchor(text: str) -> str:
    """A GitHub-style heading anchor slug."""
    slug = re.sub(r"[^\w\- ]", "", text.strip().lower(), flags=re.UNICODE)
    return slug.replace(" ", "-")
