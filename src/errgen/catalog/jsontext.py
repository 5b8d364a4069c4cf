"""Indented JSON text, byte-identical to ``json.dumps(value, indent=2, ensure_ascii=False)``.

The standard library drops to its pure-Python encoder whenever ``indent`` is set. orjson
writes the same text ten to twenty times faster (errgen's schemas and snapshots are megabytes
at a thousand codes), except for what it spells differently: a float below 1e-4 (``0.00001``
and ``3.2e-7`` where Python writes ``1e-05`` and ``3.2e-07``), which its text shows, and what it
refuses (non-string keys, integers past 64 bits). Those go to this module's own writer, which
walks the tree once into a list of chunks and leaves strings to the C escaper. Non-finite
floats, which JSON has no spelling for and errgen's readers refuse, are the one difference
left: orjson writes them as ``null``.
"""

from __future__ import annotations

import json
import math
import re
from json.encoder import encode_basestring
from typing import Any

import orjson

_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_SPACED = json.JSONEncoder(ensure_ascii=False)


def compact(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``: orjson's text where it is the same."""
    text = _orjson(value, 0)
    return _COMPACT.encode(value) if text is None else text


def compact_ascii(value: Any) -> str:
    """``json.dumps(value, separators=(",", ":"))`` (every character past ASCII escaped), through orjson.

    Outside strings JSON text is ASCII, so escaping DEL and each character past ASCII in orjson's text as
    ``\\uXXXX`` (a surrogate pair past U+FFFF) is what ``ensure_ascii`` does.
    """
    text = _orjson(value, 0)
    if text is None:
        return json.dumps(value, separators=(",", ":"))
    return text if text.isascii() and "\x7f" not in text else _NON_ASCII.sub(_escape, text)


_NON_ASCII = re.compile(r"[^\x00-\x7e]")  # what ``ensure_ascii`` escapes past the control characters: DEL too


def _escape(match: re.Match[str]) -> str:
    point = ord(match.group())
    if point < 0x10000:
        return f"\\u{point:04x}"
    point -= 0x10000
    return f"\\u{0xD800 | point >> 10:04x}\\u{0xDC00 | point & 0x3FF:04x}"


def inline(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``, without building an encoder per call (a string: at once)."""
    if value.__class__ is str:
        return str(encode_basestring(value))  # what the encoder does with a str
    return _SPACED.encode(value)


class _Fallback(Exception):
    pass


# orjson writes dataclasses and datetimes itself; json.dumps refuses them, and so does this module
_REFUSED = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
# Where orjson's text may differ from Python's: a float below 1e-4, which it spells ``0.0000…`` or with a
# one-digit exponent after a digit (maybe a false alarm inside a string, but not ``value-3``). Two scans, each
# for a literal start: one pattern with an alternation or a digit first is several times slower on megabytes.
_SHORT_EXPONENT = re.compile(r"e-\d(?!\d)")


def _spelled_otherwise(text: str) -> bool:
    if "0.0000" in text:
        return True
    return any(text[found.start() - 1 : found.start()].isdigit() for found in _SHORT_EXPONENT.finditer(text))


def _orjson(value: Any, option: int) -> str | None:
    """orjson's text of `value`, or None where it may differ from the standard library's (or refuses it)."""
    try:
        text = orjson.dumps(value, option=option | _REFUSED).decode()
    except TypeError:  # orjson.JSONEncodeError: a non-string key, an integer past 64 bits, an exotic type
        return None
    return None if _spelled_otherwise(text) else text


def canonical(value: Any) -> str:
    """``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``: compact, keys sorted.

    orjson sorts keys by their UTF-8 bytes, which is the order of their code points, as Python sorts them.
    """
    text = _orjson(value, orjson.OPT_SORT_KEYS)
    if text is None:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text


def dumps(value: Any) -> str:
    """`value` as JSON with a 2-space indent, keys in their order, non-ASCII kept."""
    text = _orjson(value, orjson.OPT_INDENT_2)
    return _dumps(value) if text is None else text


def _dumps(value: Any) -> str:
    out: list[str] = []
    try:
        _emit(value, out, "\n")
    except _Fallback:
        return json.dumps(value, indent=2, ensure_ascii=False)
    return "".join(out)


def _scalar(value: Any) -> str:
    cls = value.__class__
    if cls is str:
        return str(encode_basestring(value))
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if cls is int:
        return int.__repr__(value)
    if cls is float:
        if math.isfinite(value):
            return float.__repr__(value)
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    raise _Fallback


_SMALL = 4096  # a container written as fewer chunks is joined into one (bounds the chunk count)


def _emit(value: Any, out: list[str], newline: str) -> None:
    """Append the text of `value` to `out` as chunks (a string member or item in one chunk with its key)."""
    cls = value.__class__
    if cls is not dict and cls is not list:
        out.append(_scalar(value))
        return
    if not value:
        out.append("{}" if cls is dict else "[]")
        return
    start = len(out)
    inner = newline + "  "
    separator = "," + inner
    opener = ("{" if cls is dict else "[") + inner
    for key, item in value.items() if cls is dict else enumerate(value):
        if cls is dict:
            if key.__class__ is not str:
                raise _Fallback
            head = opener + encode_basestring(key) + ": "
        else:
            head = opener
        opener = separator
        item_cls = item.__class__
        if item_cls is str:
            out.append(head + encode_basestring(item))
        elif item_cls is dict or item_cls is list:
            if item:
                out.append(head)
                _emit(item, out, inner)
            else:
                out.append(head + ("{}" if item_cls is dict else "[]"))
        else:
            out.append(head + _scalar(item))
    out.append(newline + ("}" if cls is dict else "]"))
    if len(out) - start < _SMALL:
        out[start:] = ["".join(out[start:])]
