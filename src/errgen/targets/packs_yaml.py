"""YAML text of a wallfacer pack: PyYAML's emitter, made safe for YAML 1.2 readers and for templating.

Two readers see a pack: wallfacer's ``{{name}}`` templating (a regex over the raw
text, before parsing) and serde_yaml (YAML 1.2 core schema). So:

* a string that YAML 1.1 *or* 1.2 would read as something else (``yes``, ``1e3``,
  ``0o17``, ``null``, ``.inf``…) is always quoted;
* a string holding ``{{`` is double-quoted with its braces written ``{\\x7B``, so no
  catalog text can ever look like a template placeholder;
* a `Placeholder` is the one deliberate ``{{name}}``: single-quoted, verbatim.
"""

from __future__ import annotations

import io
import re
from typing import Any

import yaml
from yaml.emitter import Emitter
from yaml.representer import SafeRepresenter
from yaml.resolver import Resolver
from yaml.serializer import Serializer

_YAML12_NOT_STRING = re.compile(
    r"~|null|Null|NULL|true|True|TRUE|false|False|FALSE"
    r"|[-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|[0-9]+)"
    r"|[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)


class Placeholder(str):
    """A template placeholder ``{{name}}`` that must reach the pack unescaped."""

    __slots__ = ()

    @classmethod
    def named(cls, name: str) -> Placeholder:
        """``{{name}}``; `name` must match wallfacer's ``[A-Za-z_][A-Za-z0-9_]*``."""
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise ValueError(f"not a template parameter name: {name!r}")
        return cls("{{" + name + "}}")


class _Emitter(Emitter):
    def write_double_quoted(self, text: str, split: bool = True) -> None:
        real = self.stream
        self.stream = io.StringIO()
        try:
            super().write_double_quoted(text, split)
            written = self.stream.getvalue()
        finally:
            self.stream = real
        real.write(written.replace("{{", "{\\x7B"))


class _Dumper(_Emitter, Serializer, SafeRepresenter, Resolver):
    def __init__(self, stream: Any, **kwargs: Any) -> None:
        sort_keys = kwargs.pop("sort_keys", False)
        default_flow_style = kwargs.pop("default_flow_style", False)
        _Emitter.__init__(
            self, stream, canonical=None, indent=None, width=kwargs.pop("width", None),
            allow_unicode=kwargs.pop("allow_unicode", True), line_break=None,
        )  # fmt: skip
        Serializer.__init__(self, encoding=None, explicit_start=None, explicit_end=None, version=None, tags=None)
        SafeRepresenter.__init__(self, default_style=None, default_flow_style=default_flow_style, sort_keys=sort_keys)
        Resolver.__init__(self)

    def ignore_aliases(self, data: Any) -> bool:
        return True  # no anchors: every value is written where it is used


def _represent_str(dumper: SafeRepresenter, data: str) -> yaml.ScalarNode:
    style = None
    if "{{" in data or _YAML12_NOT_STRING.fullmatch(data):
        style = '"'
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


def _represent_placeholder(dumper: SafeRepresenter, data: Placeholder) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", str(data), style="'")


_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(Placeholder, _represent_placeholder)


def dump(data: Any) -> str:
    """Block-style YAML of JSON-like `data`, keys in insertion order, one line per scalar."""
    stream = io.StringIO()
    dumper = _Dumper(stream, sort_keys=False, allow_unicode=True, width=float("inf"))
    try:
        dumper.open()
        dumper.represent(data)
        dumper.close()
    finally:
        dumper.dispose()
    return stream.getvalue()


def comment(text: str) -> str:
    """`text` as ``#`` comment lines that can never look like a template placeholder."""
    lines = re.sub(r"\{(?=\{)", "{ ", text).splitlines() or [""]
    return "".join(f"# {line}".rstrip() + "\n" for line in lines)
