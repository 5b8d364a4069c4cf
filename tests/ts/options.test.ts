// Envelope options flipped from their defaults (tests/ts/catalogs/tsopts.yaml, tsmeta.yaml):
// payload in a JSON text block, toolFailure _meta, no provenance, protocol-channel codes,
// deprecated and deferred codes, every field type in a message, hostile catalog text.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as meta from "../../generated/tsmeta/ts/tsmeta-errors.js";
import * as opts from "../../generated/tsopts/ts/tsopts-errors.js";
import * as oz from "../../generated/tsopts/ts/tsopts-errors.zod.js";

describe("structured_content: false, tool_failure_meta, no provenance, no retriable field", () => {
  const error = opts.quoted({ name: "n" });
  const result = opts.toResult(error);

  it("sends the payload as a second text block holding its JSON", () => {
    assert.deepEqual(Object.keys(result), ["isError", "content", "_meta"]);
    assert.equal(result.content.length, 2);
    assert.equal(result.content[0]?.text, `quoted: ${error.message}`);
    assert.equal(result.content[1]?.text, JSON.stringify({ code: "quoted", message: error.message, name: "n" }));
  });

  it("adds the proposed toolFailure _meta (SEP-3313): the class of the kind, retry hints, the occurrence", () => {
    assert.deepEqual(result._meta, { "io.modelcontextprotocol/toolFailure": { class: "capability", code: "quoted", retryable: false } });
    const options = { instance: "req-1", retryAfterMs: 3000, nowMs: 1_000 };
    const busy = opts.toResult(opts.allTypes({ name: "x" }), options)._meta["io.modelcontextprotocol/toolFailure"];
    assert.deepEqual(busy, { class: "reliability", code: "all_types", retryable: true, retryNotBefore: 4_000, correlationId: "req-1", agentGuidance: "Retry with */ care." });
    assert.deepEqual(opts.toolFailureOf(JSON.parse(JSON.stringify({ _meta: { [opts.TOOL_FAILURE]: busy } }))), busy);
  });

  it("parses the payload back from the text block", () => {
    assert.deepEqual(opts.parseResult(JSON.parse(JSON.stringify(result))), error);
    assert.equal(opts.isCatalogError({ ...error, provenance: opts.PROVENANCE }), false);  // closed payload
    assert.equal(opts.isCatalogError({ ...error, retriable: true }), false);
  });
});

describe("protocol-channel codes", () => {
  it("become JSON-RPC errors, never tool results", () => {
    const error = opts.rpcOnly({ name: "limit" });
    assert.deepEqual(opts.toJsonRpcError(error), { code: -32602, message: "rpc_only: invalid params: limit", data: { code: "rpc_only", message: "invalid params: limit", name: "limit" } });
    assert.throws(() => opts.toResult(error as unknown as opts.ToolChannelError), /protocol-channel/);
    assert.throws(() => opts.toJsonRpcError(opts.quoted() as unknown as opts.ProtocolChannelError), /tool-channel/);
    assert.equal(opts.METADATA.rpc_only.channel, "protocol");
    assert.equal(opts.METADATA.rpc_only.jsonrpcCode, -32602);
  });
});

describe("deprecated and deferred codes", () => {
  it("keeps deprecation data in the metadata", () => {
    assert.deepEqual(opts.METADATA.old_code.deprecated, { since: "2.0.0", replacedBy: "quoted", reason: "renamed */ for clarity" });
    assert.equal(opts.oldCode().code, "old_code");
  });

  it("has a guard but no constructor for a deferred code", () => {
    assert.equal("shapeOnly" in opts, false);
    assert.equal(opts.isShapeOnly({ code: "shape_only", message: "m", name: "x" }), true);
    assert.throws(() => opts.buildError("shape_only", { name: "x" }), TypeError);
  });
});

describe("messages", () => {
  it("formats every field type like the Python runtime", () => {
    const error = opts.allTypes({
      name: "a", count: 1, ratio: 0.5, flag: true, ids: [1, 2], details: { k: "v", n: [1, { m: null }] },
      bounds: { min: 0, max: 9 }, extra: [1, "two", null], hint: "see",
    });
    assert.equal(error.message, 'n=a c=1 r=0.5 f=true ids=1, 2 d={"k":"v","n":[1,{"m":null}]} b=0..9 x=1, two, null h=see {literal}');
    assert.deepEqual(Object.keys(error), ["code", "message", "name", "count", "ratio", "flag", "ids", "details", "bounds", "extra"]);
  });

  it("formats numbers like String(n) and open ranges with an empty bound", () => {
    const cases: [number, string][] = [[2.0, "2"], [1e21, "1e+21"], [1e-7, "1e-7"], [-0, "0"], [123456789012, "123456789012"], [0.1 + 0.2, "0.30000000000000004"]];
    for (const [ratio, text] of cases) {
      assert.equal(opts.allTypes({ name: "a", ratio }).message.split(" ")[2], `r=${text}`);
    }
    assert.match(opts.allTypes({ name: "a", bounds: { max: 5 } }).message, / b=\.\.5 /);
    assert.match(opts.allTypes({ name: "a", bounds: { min: 1 } }).message, / b=1\.\. /);
  });

  it("renders a missing value as empty text, and an empty message as the code", () => {
    assert.equal(opts.allTypes({ name: "" }).message, "n= c= r= f= ids= d= b= x= h= {literal}");
    assert.equal(opts.emptyMessage().message, "empty_message");
    assert.equal(opts.emptyMessage({ hint: "hi" }).message, "hi");
    assert.equal(opts.quoted().message, "'' is \"quoted\" */ ${not_a_placeholder} `tick`");
  });
});

describe("hostile catalog text survives as data", () => {
  it("round-trips titles and descriptions exactly", () => {
    assert.equal(opts.METADATA.all_types.title, 'All "types" */');
    assert.equal(opts.METADATA.all_types.when, "Every field type at once; `code` ${here} \\ back");
    assert.equal(opts.METADATA.all_types.uiMeaning, "“busy” — wait");
  });

  it("validates field types with zod and the guards alike", () => {
    const good = { code: "all_types", message: "m", name: "a", ids: [1], bounds: { min: 1 } };
    assert.equal(opts.isAllTypes(good), true);
    assert.equal(oz.AllTypesSchema.safeParse(good).success, true);
    for (const bad of [{ ids: ["1"] }, { bounds: {} }, { bounds: { min: null } }, { count: 1.5 }, { flag: 1 }, { details: [] }, { ratio: "1" }]) {
      const payload = { ...good, ...bad };
      assert.equal(opts.isAllTypes(payload), false, JSON.stringify(bad));
      assert.equal(oz.AllTypesSchema.safeParse(payload).success, false, JSON.stringify(bad));
    }
  });
});

describe("mappings without a default", () => {
  it("maps what the rules cover and nothing else", () => {
    assert.equal(opts.mapHttp(502)?.code, "quoted");
    assert.equal(opts.mapHttp(404)?.code, "empty_message");
    assert.equal(opts.mapHttp(200), undefined);
    assert.equal(opts.mapException(new TypeError("fetch failed"))?.code, "quoted");
    assert.equal(opts.mapException(new Error("x")), undefined);
    assert.equal(opts.classifyHttp(503, true), "Busy");
    assert.equal(opts.classifyHttp(503), "Broken");
    assert.equal(opts.classifyHttp(404), null);
    assert.equal(opts.classifyFailure("timeout"), "Busy");
    assert.equal(opts.classifyFailure("dns"), null);
  });

  it("terminates on the catalog's policy", () => {
    assert.equal(opts.isTerminal("quoted", "strict"), true);
    assert.equal(opts.isTerminal("all_types", "strict"), false);
    assert.equal(opts.isTerminal("old_code", "strict"), false);  // no kind
  });
});

describe("structured content with _meta and a retriable field, no kinds", () => {
  it("reports the caller's retriable in _meta", () => {
    const result = meta.toResult(meta.flaky({ detail: "d", retriable: false }));
    assert.deepEqual(Object.keys(result), ["isError", "content", "structuredContent", "_meta"]);
    assert.deepEqual(result._meta["io.modelcontextprotocol/toolFailure"], { class: "capability", code: "flaky", retryable: false });
    assert.equal(meta.maybe({ values: [1.5] }).retriable, false);  // "conditional" is not "yes"
    assert.equal(meta.flaky().retriable, true);
  });

  it("defaults retriable when parsing, but the type guard wants it present", () => {
    const payload = { code: "flaky", message: "m", provenance: meta.PROVENANCE };
    assert.equal(meta.isFlaky(payload), false);
    assert.deepEqual(meta.parseError(payload), { code: "flaky", message: "m", retriable: false, provenance: meta.PROVENANCE });
  });
});
