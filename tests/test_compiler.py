"""The compiler (`compiler.py`), in-process: the IR of a catalog that uses every section, and the
cross-reference errors the golden cases leave open, each pinned by hand.

The golden cases (tests/cases) pin what the targets make of the IR; these pin the IR parts
no target prints (source locations, retired ids, deprecations, witnesses, example
templates) and the errors about mappings, replacements and colliding policy names. They
run in milliseconds, so the mutation run (tests/mutation.py) uses them per mutant.
"""

from __future__ import annotations

from errgen.catalog.compiler import compile_catalog
from errgen.catalog.diagnostics import Diagnostics, Loc
from errgen.catalog.load import load_catalog_text
from errgen.catalog.model import Catalog, Deprecation, FailureRule, FieldType, HttpRule, Policy, Retired, Witness

RICH = """\
errgen: 1
catalog: {name: rich, version: 1.2.0, title: Rich, description: every section, docs_url: "https://x.test/docs"}
fields:
  field: {type: string, description: the argument}
  allowed: {type: array, items: string}
  status: {type: integer}
  original: {type: any}
  plain: {type: string}
kinds:
  Transient: {retryable: true, max_attempts: 3, initial_backoff_ms: 100, description: retry it}
  Permanent: {retryable: false}
policies:
  strict: {terminate_on: [Permanent], description: stop}
  lenient: {terminate_on: []}
classification:
  http:
    - {status: 429, retry_after: true, kind: Transient}
    - {status: [500, 502], kind: Transient}
  failures: {timeout: Transient}
mappings:
  http:
    - {status: 404, code: from_http}
  failures:
    decode: {code: from_failure, retriable: true}
  default: from_http
codes:
  bad_input:
    title: Invalid argument
    message: "argument '{field}' is wrong"
    kind: Permanent
    since: 1.1.0
    fields: {required: [field], optional: [allowed]}
    examples: [{field: unit}, {field: kg, allowed: [a]}]
    witness: {tool: compute}
  ABORTED_BY_USER:
    message: aborted
    jsonrpc_code: -32001
    channel: protocol
    deprecated: true
  old_style:
    message: old
    deprecated: {since: 1.1.0, replaced_by: bad_input, reason: use bad_input}
  older_style:
    message: older
    deprecated: {replaced_by: bad_input}
  from_http:
    message: "http {status}"
    fields: {required: [status, original]}
  from_failure:
    message: failed
    fields: {required: [original]}
  shape_only:
    message: shape
    deferred: true
  __:
    message: no words
retired:
  gone: {since: 1.0.0, reason: merged, replaced_by: shape_only}
  went: {}
"""


def compiled(text: str) -> tuple[Catalog | None, list[str]]:
    """Load and compile `text` as ``c.yaml``: the IR (or None) and every diagnostic as printed."""
    diags = Diagnostics()
    doc = load_catalog_text(text, "c.yaml", diags)
    catalog = compile_catalog(doc, diags) if doc is not None else None
    return catalog, [d.format() for d in diags.sorted()]


def rich() -> Catalog:
    """The IR of `RICH`, which has no mistake."""
    catalog, lines = compiled(RICH)
    assert lines == [] and catalog is not None
    return catalog


def at(line: int, col: int) -> Loc:
    """A position in ``c.yaml``."""
    return Loc("c.yaml", line, col)


def test_catalog_metadata_fields_and_policies() -> None:
    """The catalog's own keys, field types and descriptions (empty when absent), and policies with their places."""
    catalog = rich()
    assert (catalog.name, catalog.version, catalog.docs_url) == ("rich", "1.2.0", "https://x.test/docs")
    assert catalog.fields["field"].description == "the argument" and catalog.fields["plain"].description == ""
    assert catalog.fields["allowed"].type == FieldType("array", "string")
    assert catalog.fields["plain"].type == FieldType("string", None)
    strict, lenient = catalog.policies["strict"], catalog.policies["lenient"]
    assert (strict.description, strict.terminate_on, strict.loc) == ("stop", ("Permanent",), at(13, 3))
    assert isinstance(lenient, Policy) and (lenient.description, lenient.loc) == ("", at(14, 3))


def test_rules_keep_their_targets_flags_and_places() -> None:
    """Classification and mapping rules, each with the place a later stage (lint) points at."""
    catalog = rich()
    assert catalog.classification_failures == (FailureRule("timeout", "Transient", None, at(19, 14)),)
    assert catalog.mapping_failures == (FailureRule("decode", "from_failure", True, at(24, 5)),)
    assert catalog.mapping_http == (HttpRule((404,), "from_http", None, None, at(22, 7)),)
    assert catalog.classification_http[1] == HttpRule((500, 502), "Transient", None, None, at(18, 7))


def test_codes_keep_every_optional_key() -> None:
    """Titles (given, or from the id's words, or the id itself when it has none), since, JSON-RPC code, witness."""
    codes = rich().codes
    assert codes["bad_input"].title == "Invalid argument" and codes["ABORTED_BY_USER"].title == "Aborted by user"
    assert codes["__"].title == "__"
    assert (codes["bad_input"].since, codes["old_style"].since) == ("1.1.0", None)
    assert (codes["ABORTED_BY_USER"].jsonrpc_code, codes["bad_input"].jsonrpc_code) == (-32001, None)
    assert codes["bad_input"].witness == Witness("compute", {})
    assert codes["old_style"].witness is None


def test_examples_carry_their_template_and_place() -> None:
    """Each example keeps its values, the code's message template and its own place in the file."""
    examples = rich().codes["bad_input"].examples
    assert [(e.values, e.template, e.loc) for e in examples] == [
        ({"field": "unit"}, "argument '{field}' is wrong", at(33, 16)),
        ({"field": "kg", "allowed": ["a"]}, "argument '{field}' is wrong", at(33, 31)),
    ]


def test_deprecations_and_retired_ids() -> None:
    """``deprecated: true``, a full and a partial deprecation; retired ids with and without their keys."""
    catalog = rich()
    codes = catalog.codes
    assert codes["ABORTED_BY_USER"].deprecated == Deprecation(None, None, "")
    assert codes["old_style"].deprecated == Deprecation("1.1.0", "bad_input", "use bad_input")
    assert codes["older_style"].deprecated == Deprecation(None, "bad_input", "")
    assert codes["bad_input"].deprecated is None
    assert catalog.retired == {  # a retired id may point at a deferred code: it is not produced at runtime
        "gone": Retired("gone", "1.0.0", "merged", "shape_only", at(58, 3)),
        "went": Retired("went", None, "", None, at(59, 3)),
    }


BAD = """\
errgen: 1
catalog: {name: demo, version: 1.0.0}
fields:
  field: {type: string}
  status: {type: integer}
  plain: {type: string}
kinds:
  K: {retryable: false}
policies:
  a-b: {terminate_on: [K]}
  a_b: {terminate_on: [K]}
  ß: {terminate_on: [K]}
  ss: {terminate_on: [K]}
mappings:
  http:
    - {status: 404, code: needs_more}
  failures:
    decode: {code: needs_status}
  default: plain_cod
codes:
  plain_code:
    message: fine
  needs_more:
    message: "{status} {field} {plain}"
    fields: {required: [status, field, plain]}
    examples: [{}]
  needs_status:
    message: "{status}"
    fields: {required: [status]}
  old:
    message: old
    deprecated: {replaced_by: plain_cod}
  ß:
    message: sharp
  ss:
    message: double
"""


def test_mappings_replacements_examples_and_policy_names() -> None:
    """A mapping names each required field it cannot supply (HTTP supplies status and original, a failure only
    original); an example lists every missing field; an unknown code or replacement gets a did-you-mean; two policies
    with one identifier or one constant are reported, called policies (not "policie"), and so are two codes with
    one constant."""
    catalog, lines = compiled(BAD)
    assert catalog is None
    assert lines == [
        "c.yaml:11:3: error: policy 'a_b' and 'a-b' (at 10:3) both become identifier identifier 'a_b'; rename one",
        "c.yaml:13:3: error: policy 'ss' and 'ß' (at 12:3) both become constant identifier 'SS'; rename one",
        "c.yaml:16:27: error: code 'needs_more' requires field, plain, which this mapping cannot supply",
        "c.yaml:18:20: error: code 'needs_status' requires status, which this mapping cannot supply",
        "c.yaml:19:12: error: unknown code 'plain_cod'; did you mean 'plain_code'?",
        "c.yaml:26:16: error: example 1 of 'needs_more' lacks required field(s): status, field, plain",
        "c.yaml:32:31: error: replaced_by 'plain_cod' is not a code; did you mean 'plain_code'?",
        "c.yaml:35:3: error: code 'ss' and 'ß' (at 33:3) both become constant identifier 'SS'; rename one",
    ]


SHAPE_MISTAKE = """\
errgen: 1
catalog: {name: demo, version: 1.0.0, title: [not text]}
fields:
  field: {type: string}
kinds:
  K: {retryable: false}
classification:
  http:
    - not a rule
    - {status: 6xx, kind: K}
    - {status: 500, kind: Missing}
codes:
  a-b: nope
  a_b:
    message: fine
  proto:
    message: "{field}"
    channel: protocol
    fields: {required: [field]}
    examples: [oops, {field: x, other: 1}]
  tool:
    message: tool
    jsonrpc_code: "-1"
"""


def test_a_shape_mistake_elsewhere_hides_no_cross_reference_check() -> None:
    """With shape mistakes in the file, the compiler still checks the rest: a rejected rule or example does not
    stop the next one, a protocol code still needs its JSON-RPC code, and a rejected code or JSON-RPC code
    causes no follow-up error (no collision with a rejected code, no "needs channel 'protocol'")."""
    catalog, lines = compiled(SHAPE_MISTAKE)
    assert catalog is None
    messages = [line.split(": error: ")[1] for line in lines]
    assert messages == [
        "catalog/title: expected a string, got list ['not text']",
        "classification/http/0: expected a mapping, got string 'not a rule'",
        "classification/http/1/status: expected an HTTP status (404), a class ('5xx'), or a list of them, "
        "got string '6xx'",
        "unknown kind 'Missing' (kinds: K)",
        "codes/a-b: expected a mapping, got string 'nope'",
        "code 'proto': channel 'protocol' needs 'jsonrpc_code' (e.g. -32602)",
        "codes/proto/examples/0: expected a mapping, got string 'oops'",
        "example 2 of 'proto': 'other' is not a field of this code",
        "codes/tool/jsonrpc_code: expected an integer, got string '-1'",
    ]


UNSURE_MAPPING = """\
errgen: 1
catalog: {name: demo, version: 1.0.0}
fields:
  field: {type: string}
codes:
  needs_field:
    message: MESSAGE
    fields: {required: [field]}
mappings:
  http:
    - {status: 500, code: needs_field}
  failures:
    timeout: {code: needs_field}
"""


def test_a_code_with_a_rejected_message_gets_no_follow_up_mapping_error() -> None:
    """A mapping to a code whose message the shape check rejected reports nothing more about that code."""
    _, lines = compiled(UNSURE_MAPPING.replace("MESSAGE", "[not text]"))
    assert [line.split(": error: ")[1] for line in lines] == [
        "codes/needs_field/message: expected a string, got list ['not text']"
    ]
    _, lines = compiled(UNSURE_MAPPING.replace("MESSAGE", "text"))  # the same mappings are checked otherwise
    assert [line.split(": error: ")[1] for line in lines] == [
        "code 'needs_field' requires field, which this mapping cannot supply"
    ] * 2
