"""The intermediate model (IR): one frozen, typed view of a compiled catalog.

`compiler.compile_catalog` builds it; every generator (`targets/*`), the linter,
the differ and user templates read it and nothing else. All names a generator
needs are computed here (see `naming.py`), never in templates. Mappings and
tuples keep the catalog's declared order.

Nodes:
    Catalog      the whole catalog: metadata, envelope options, fields, kinds,
                 policies, codes, HTTP/failure mappings, retired ids, provenance.
    Field        a repair field (``field``, ``allowed``, …) with its wire type.
    Kind         a classification (Transient, Auth, …) with retry semantics.
    Policy       a named set of kinds that terminates an agent loop.
    Code         one error code: texts, semantics, fields, examples, names.
    HttpRule     ``status`` (exact or class such as 5xx) → kind or code.
    FailureRule  failure class (``timeout``, ``network``) → kind or code.
    Retired      an id that was removed and may never be reused.
    Envelope     the wire shape: discriminator key, key casing, metadata on the wire
                 (WireMeta), provenance mode, and how errors become MCP results.
    Names        identifiers derived from a wire name, frozen by `naming.py`.
    Tool         one MCP tool's error contract: the codes it can return (its own and the
                 catalog-wide ones), its success ``outputSchema`` and input schema (`SchemaRef`).
    Translation  one locale's texts of the catalog (`catalog/<name>.<locale>.yaml`), checked
                 against the base texts by `translations.py`.
    Channels     how errors travel beside MCP: RFC 9457 problem details, google.rpc.Status
                 (AIP-193), MCP's proposed toolFailure metadata; per code a CodeChannels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from errgen.catalog import messages, rendering
from errgen.catalog.diagnostics import Loc
from errgen.catalog.vocabulary import GRPC_CODES


class Retriable(StrEnum):
    """Whether a caller may retry the same call unchanged."""

    YES = "yes"
    NO = "no"
    CONDITIONAL = "conditional"


class Recoverable(StrEnum):
    """Whether the caller can repair the call (seed 003's three values)."""

    YES = "yes"
    NO = "no"
    SOMETIMES = "sometimes"


class ProvenanceMode(StrEnum):
    """Whether errors carry the provenance stamp: always, when the sender has one, or never."""

    REQUIRED = "required"
    OPTIONAL = "optional"
    NONE = "none"


class Casing(StrEnum):
    """How repair-field names become wire keys."""

    AS_WRITTEN = "as_written"
    CAMEL = "camel"


class Channel(StrEnum):
    """How the error reaches the client."""

    TOOL = "tool"  # CallToolResult with isError: true
    PROTOCOL = "protocol"  # JSON-RPC error object


@dataclass(frozen=True, slots=True)
class Names:
    """Identifiers derived from one wire name; each is valid and non-reserved in its language.

    pascal: ``InvalidInput``; snake: ``invalid_input``; constant: ``INVALID_INPUT``;
    camel: ``invalidInput``; py_attr / ts_prop: attribute or property spelling in that
    language (``class_`` in Python; TS properties are always quoted when not identifiers);
    py_class: the Python class of a code (``InvalidInputError``, ``ApiError``, ``TimeoutError_``).
    """

    wire: str
    pascal: str
    snake: str
    constant: str
    camel: str
    py_attr: str
    py_class: str
    ts_ident: bool


SAFE_INTEGER = 2**53 - 1  # the bound of an integer field (docs/runtime-contract.md §7)


@dataclass(frozen=True, slots=True)
class FieldType:
    """A repair field's wire type; `items` is set for arrays only."""

    name: str  # string | integer | number | boolean | array | object | range | any
    items: str | None = None

    def json_schema(self) -> dict[str, Any]:
        """JSON Schema (2020-12) of a value of this type (an integer is a JavaScript safe integer)."""
        if self.name == "array":
            return {"type": "array", "items": FieldType(self.items or "string").json_schema()}
        if self.name == "integer":
            return {"type": "integer", "minimum": -SAFE_INTEGER, "maximum": SAFE_INTEGER}
        if self.name == "range":
            return {
                "type": "object",
                "properties": {"min": {"type": "number"}, "max": {"type": "number"}},
                "minProperties": 1,
                "additionalProperties": False,
            }
        if self.name == "any":
            return {}
        return {"type": self.name}


@dataclass(frozen=True, slots=True)
class Field:
    """A repair field declared once in the catalog's ``fields`` section; `key` is its wire key (casing applied)."""

    name: str
    type: FieldType
    description: str
    names: Names
    loc: Loc
    key: str = ""

    @property
    def wire(self) -> str:
        """The key this field has on the wire (its name unless the catalog's casing changes it)."""
        return self.key or self.name


@dataclass(frozen=True, slots=True)
class Kind:
    """An error kind with its retry semantics and optional retry hints."""

    name: str
    description: str
    retryable: bool
    max_attempts: int | None
    initial_backoff_ms: int | None
    names: Names
    loc: Loc


@dataclass(frozen=True, slots=True)
class Policy:
    """A named set of kinds that stop an agent loop (seed 001's ToolErrorPolicy)."""

    name: str
    description: str
    terminate_on: tuple[str, ...]
    names: Names
    loc: Loc


@dataclass(frozen=True, slots=True)
class Deprecation:
    """Lifecycle data of a deprecated code."""

    since: str | None
    replaced_by: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class Example:
    """One example: field values (incl. message-only placeholders) and its code's message template."""

    values: dict[str, Any]
    template: str
    loc: Loc
    locale: str = "en"  # the template's locale (its plurals and numbers)

    @property
    def message(self) -> str:
        """The message rendered with these values (rendered when asked: most targets never do)."""
        try:
            return rendering.render(self.template, self.values, self.locale)
        except messages.TemplateError:
            return self.template


@dataclass(frozen=True, slots=True)
class Witness:
    """A tool call that reliably produces this code on a live server."""

    tool: str
    input: dict[str, Any]


def constructor_params(fields: tuple[str, ...], placeholders: tuple[str, ...]) -> tuple[str, ...]:
    """A code's constructor arguments: its repair fields, then the placeholders that are not fields."""
    return fields + tuple(p for p in placeholders if p not in fields)


@dataclass(frozen=True, slots=True)
class Code:
    """One error code and everything known about it."""

    id: str
    title: str
    when: str
    message: str  # template; {name} placeholders name declared fields
    placeholders: tuple[str, ...]  # in order of first appearance
    kind: str | None
    retriable: Retriable
    recoverable: Recoverable
    next_action: str
    ui_meaning: str
    channel: Channel
    jsonrpc_code: int | None
    http_status: int | None
    since: str | None
    deprecated: Deprecation | None
    deferred: bool
    required: tuple[str, ...]  # repair fields always present
    optional: tuple[str, ...]  # repair fields present only when applicable
    examples: tuple[Example, ...]
    docs: str
    witness: Witness | None
    names: Names
    loc: Loc

    @property
    def fields(self) -> tuple[str, ...]:
        """Repair fields the payload may carry: required first, then optional."""
        return self.required + self.optional

    @property
    def params(self) -> tuple[str, ...]:
        """Constructor arguments: repair fields, then message-only placeholders."""
        return constructor_params(self.fields, self.placeholders)

    @property
    def constructible(self) -> bool:
        """Whether runtime code may build this error (deferred codes are shape-only)."""
        return not self.deferred

    @property
    def retriable_default(self) -> bool:
        """The boolean ``retriable`` a payload carries when the caller gives none."""
        return self.retriable is Retriable.YES


@dataclass(frozen=True, slots=True)
class HttpRule:
    """One HTTP status rule; `statuses` hold ints or classes like ``"5xx"``."""

    statuses: tuple[int | str, ...]
    target: str  # a kind (classification) or a code (mapping)
    retry_after: bool | None  # classification only: match on Retry-After presence
    retriable: bool | None  # mapping only: overrides the code's default
    loc: Loc


@dataclass(frozen=True, slots=True)
class FailureRule:
    """A failure class such as ``timeout`` or ``network`` → kind or code."""

    failure: str
    target: str
    retriable: bool | None
    loc: Loc


@dataclass(frozen=True, slots=True)
class Retired:
    """An id that was removed; it may never be reused."""

    id: str
    since: str | None
    reason: str
    replaced_by: str | None
    loc: Loc


@dataclass(frozen=True, slots=True)
class WireMeta:
    """One piece of per-code metadata on every error: `name` under wire `key`.

    `when` is ``always`` or ``recoverable`` (only codes whose ``recoverable`` is yes or
    sometimes carry it, seed 003's ``suggestedNextAction``). ``retriable`` is a boolean the
    sender may override; the others are the code's catalog text.
    """

    name: str  # one of META_NAMES
    key: str
    when: str = "always"

    def carried_by(self, code: Code) -> bool:
        """Whether errors of `code` carry this key."""
        return self.when == "always" or code.recoverable is not Recoverable.NO

    def value(self, code: Code) -> Any:
        """The value errors of `code` carry by default."""
        if self.name == "retriable":
            return code.retriable_default
        if self.name == "recoverable":
            return code.recoverable.value
        return getattr(code, self.name) or ""


@dataclass(frozen=True, slots=True)
class Envelope:
    """The wire shape of an error and how it is put into an MCP CallToolResult."""

    structured_content: bool = True
    mirror_is_error: bool = False
    tool_failure_meta: bool = False
    provenance_mode: ProvenanceMode = ProvenanceMode.REQUIRED
    discriminator: str = "code"
    casing: Casing = Casing.AS_WRITTEN
    metadata: tuple[WireMeta, ...] = ()
    structured_is_error: bool = False  # read structuredContent.isError === true as an error (pmcp servers)
    message_locale: str | None = None  # the locale of the wire message (None: the catalog's base locale)

    @property
    def provenance(self) -> bool:
        """Whether the runtimes stamp errors they build with provenance."""
        return self.provenance_mode is not ProvenanceMode.NONE

    @property
    def retriable(self) -> WireMeta | None:
        """The ``retriable`` metadata on the wire, if the catalog puts it there."""
        return next((m for m in self.metadata if m.name == "retriable"), None)

    @property
    def retriable_field(self) -> bool:
        """Whether the payload carries a boolean retriable flag (under `retriable.key`)."""
        return self.retriable is not None

    @property
    def texts(self) -> tuple[WireMeta, ...]:
        """The metadata on the wire other than ``retriable``: catalog strings."""
        return tuple(m for m in self.metadata if m.name != "retriable")

    def keys(self) -> tuple[str, ...]:
        """Every non-field key a payload may have, in wire order (after the discriminator and message)."""
        tail = (*(["provenance"] if self.provenance else []), *(["isError"] if self.mirror_is_error else []))
        return (self.discriminator, "message", *(m.key for m in self.metadata), *tail)


@dataclass(frozen=True, slots=True)
class Provenance:
    """The stamp every error carries: catalog name, version and fingerprint."""

    catalog: str
    version: str
    fingerprint: str  # "sha256:<hex>" of the normalized catalog

    def as_dict(self) -> dict[str, str]:
        """The JSON object written into each error payload."""
        return {"catalog": self.catalog, "version": self.version, "fingerprint": self.fingerprint}


TEXT_NAMES = ("message", "title", "ui_meaning", "next_action")
"""The texts of a code a translation may give (besides field descriptions)."""


@dataclass(frozen=True, slots=True)
class Text:
    """One translated text and where it is written."""

    value: str
    loc: Loc


@dataclass(frozen=True)
class Translation:
    """One locale's texts: per code the translated `TEXT_NAMES`, per field its description.

    Only what the file translates is here (a text not given falls back to the next locale).
    """

    locale: str  # a BCP 47 tag in canonical case (``de``, ``de-AT``)
    source: str  # the file, as displayed
    codes: dict[str, dict[str, Text]]
    fields: dict[str, Text]
    loc: Loc  # of the ``locale`` key

    def text(self, code: str, name: str) -> str | None:
        """The translation of text `name` of `code`, or None."""
        found = self.codes.get(code, {}).get(name)
        return None if found is None else found.value

    def description(self, field_name: str) -> str | None:
        """The translated description of a repair field, or None."""
        found = self.fields.get(field_name)
        return None if found is None else found.value


@dataclass(frozen=True)
class Catalog:
    """A compiled catalog: the single input of every generator."""

    name: str
    version: str
    title: str
    description: str
    docs_url: str | None
    prefix: str | None
    source: str  # path as given on the command line, with '/' separators
    envelope: Envelope
    fields: dict[str, Field]
    kinds: dict[str, Kind]
    default_kind: str | None
    policies: dict[str, Policy]
    codes: dict[str, Code]
    classification_http: tuple[HttpRule, ...]
    classification_failures: tuple[FailureRule, ...]
    mapping_http: tuple[HttpRule, ...]
    mapping_failures: tuple[FailureRule, ...]
    mapping_default: str | None
    retired: dict[str, Retired]
    names: Names
    provenance: Provenance = field(default_factory=lambda: Provenance("", "", ""))
    tools: dict[str, Tool] = field(default_factory=dict)  # the ``tools`` section, in declared order
    every_tool: tuple[str, ...] = ()  # catalog-wide codes every tool may return (Smithy's service errors)
    locale: str = "en"  # the language of the base texts (BCP 47)
    translations: dict[str, Translation] = field(default_factory=dict)  # by locale, in file-name order
    arguments: dict[str, ArgumentRole] = field(default_factory=dict)  # the ``arguments`` section, every role resolved

    @property
    def locales(self) -> tuple[str, ...]:
        """The base locale, then every translated one."""
        return (self.locale, *self.translations)
    channels: Channels = field(default_factory=lambda: Channels())  # noqa: PLW0108 (defined below)

    @property
    def fingerprint(self) -> str:
        """``sha256:<hex>`` of the normalized catalog."""
        return self.provenance.fingerprint

    @property
    def constructible_codes(self) -> tuple[Code, ...]:
        """Codes runtime code may build (not deferred), in declared order."""
        return tuple(c for c in self.codes.values() if c.constructible)

    def field_of(self, name: str) -> Field:
        """The declared field called `name`."""
        return self.fields[name]

    def returned_by(self, code: str) -> tuple[str, ...]:
        """The tools that may return `code`, in declared order."""
        return tuple(name for name, tool in self.tools.items() if code in tool.codes)


# -- per-tool error contracts (the ``tools`` section) -------------------------------


class OutputRoot(StrEnum):
    """Which root a tool's complete ``outputSchema`` may have."""

    OBJECT = "object"  # 2025-era clients: an object root (the success schema must be an object)
    ANY = "any"  # since MCP 2026-07-28 (SEP-2106) any schema: also the any-root form


@dataclass(frozen=True, slots=True)
class SchemaRef:
    """A JSON Schema the catalog gives inline or in a file; `file` is the path as written (None: inline)."""

    schema: Any  # a JSON Schema (a mapping or a boolean)
    file: str | None
    loc: Loc

    @property
    def object_root(self) -> bool:
        """Whether the schema accepts objects only at its root (``type: object``)."""
        return isinstance(self.schema, dict) and self.schema.get("type") == "object"


@dataclass(frozen=True, slots=True)
class ArgumentRole:
    """The code that reports one kind of argument failure (``arguments`` section), and the repair fields it fills."""

    role: str  # missing | invalid | out_of_range | unknown
    code: str
    fields: tuple[str, ...]  # of field, allowed, required, range: those the role fills and the code declares
    loc: Loc


@dataclass(frozen=True, slots=True)
class Tool:
    """One MCP tool's error contract.

    `own`: the codes the tool names itself (its ``errors``, kinds and groups expanded);
    `codes`: every code it may return, its own and the catalog-wide ones, in catalog order.
    """

    name: str
    description: str
    own: tuple[str, ...]
    codes: tuple[str, ...]
    output_schema: SchemaRef | None
    input_schema: SchemaRef | None
    output_root: OutputRoot
    names: Names
    loc: Loc

    def returns(self, code: str) -> bool:
        """Whether the tool may return `code`."""
        return code in self.codes


@dataclass(frozen=True, slots=True)
class CodeChannels:
    """How one code travels on the other error channels (RFC 9457, google.rpc / AIP-193, MCP toolFailure).

    status: the HTTP status of its problem document; problem_type: its type URI; reason: the
    AIP-193 ``ErrorInfo.reason``; grpc: the canonical ``google.rpc.Code`` name; violations: the
    repair fields whose values are paths of invalid request fields (``BadRequest.FieldViolation``,
    the problem's ``errors[].pointer``); failure_class: the toolFailure ``class`` of its kind.
    """

    status: int
    problem_type: str
    reason: str
    grpc: str
    violations: tuple[str, ...]
    failure_class: str

    @property
    def grpc_number(self) -> int:
        """The number of `grpc` (what google.rpc.Status.code holds)."""
        return GRPC_CODES[self.grpc]


@dataclass(frozen=True)
class Channels:
    """A catalog's settings for the channels beside MCP, every default settled (``compile_channels``).

    problem_base: the prefix of the derived type URIs (a code's id, percent-encoded, follows);
    domain: the AIP-193 ``ErrorInfo.domain``; members: each repair field's problem member name;
    metadata_keys: each repair field's ``ErrorInfo.metadata`` key (lowerCamelCase);
    kind_classes: the toolFailure class each kind states (a kind without one: by the error's
    retryable); codes: per code, by id.
    """

    problem_base: str = ""
    domain: str = ""
    members: dict[str, str] = field(default_factory=dict)
    metadata_keys: dict[str, str] = field(default_factory=dict)
    kind_classes: dict[str, str] = field(default_factory=dict)
    codes: dict[str, CodeChannels] = field(default_factory=dict)
