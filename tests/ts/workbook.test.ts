// Seed 000 (pmcp-server-toolkit workbook): repair fields present only when applicable,
// provenance on the failure path, deferred codes, and a widget narrowing a CallToolResult.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as wb from "../../generated/workbook/ts/workbook-errors.js";
import * as wz from "../../generated/workbook/ts/workbook-errors.zod.js";

describe("seed 000: repair fields present only when applicable", () => {
  it("omits optional repair fields that were not given", () => {
    const error = wb.invalidInput({ field: "unit" });
    assert.deepEqual(Object.keys(error), ["code", "message", "field", "provenance", "isError"]);
    assert.equal("allowed" in error || "range" in error, false);
  });

  it("carries exactly the given ones, in the code's field order", () => {
    const error = wb.invalidInput({ range: { min: 0, max: 1000 }, field: "quantity", allowed: ["kg", "lb"] });
    assert.deepEqual(Object.keys(error), ["code", "message", "field", "allowed", "range", "provenance", "isError"]);
    assert.deepEqual(error.allowed, ["kg", "lb"]);
    assert.deepEqual(error.range, { min: 0, max: 1000 });
    assert.equal(error.message, "argument 'quantity' is malformed or outside the allowed set");
  });

  it("treats undefined and null as not given (as Python does with None)", () => {
    const loose = { field: "unit", allowed: undefined, range: null } as unknown as { field: string };
    assert.deepEqual(Object.keys(wb.invalidInput(loose)), ["code", "message", "field", "provenance", "isError"]);
  });

  it("requires the required ones at runtime too (for JavaScript callers)", () => {
    assert.throws(() => wb.missingField({} as unknown as { field: string; required: string[] }), /missing required value\(s\): field, required/);
    assert.throws(() => wb.buildError("invalid_input", { nope: 1 }), /no repair field or message value "nope"/);
  });
});

describe("seed 000: provenance on the failure path", () => {
  it("stamps every error with catalog, version and fingerprint", () => {
    assert.equal(wb.PROVENANCE.catalog, "workbook");
    assert.equal(wb.PROVENANCE.version, "1.4.0");
    assert.match(wb.PROVENANCE.fingerprint, /^sha256:[0-9a-f]{64}$/);
    for (const error of [wb.invalidInput({ field: "a" }), wb.missingField({ field: "a", required: ["a"] })]) {
      const result = wb.toResult(error);
      assert.equal(result.isError, true);  // top-level, as the MCP spec requires
      assert.deepEqual(result.structuredContent["provenance"], wb.PROVENANCE);
      assert.equal(result.structuredContent["isError"], true);  // envelope.mirror_is_error
    }
  });

  it("rejects a payload without a valid stamp", () => {
    const payload = { ...wb.unsupportedOption({ field: "x", allowed: ["a"] }) } as Record<string, unknown>;
    assert.equal(wb.isCatalogError(payload), true);
    assert.equal(wb.isCatalogError({ ...payload, provenance: undefined }), false);
    assert.equal(wb.isCatalogError({ ...payload, provenance: { ...wb.PROVENANCE, fingerprint: "md5:x" } }), false);
    assert.equal(wb.isCatalogError({ ...payload, isError: false }), false);
  });
});

describe("seed 000: deferred (shape-only) codes", () => {
  it("declare a guard and metadata but no constructor", () => {
    assert.equal(wb.METADATA.stale_oracle.deferred, true);
    assert.equal("staleOracle" in wb, false);
    assert.equal("unapprovedAssumption" in wb, false);
    assert.throws(() => wb.buildError("stale_oracle", { field: "fx_rate" }), /deferred/);
    const payload = { code: "stale_oracle", message: "stale", field: "fx_rate", provenance: wb.PROVENANCE, isError: true };
    assert.equal(wb.isStaleOracle(payload), true);
    assert.equal(wz.StaleOracleSchema.safeParse(payload).success, true);
  });

  it("lists the four runtime codes as constructible", () => {
    const constructible = wb.CODES.filter((code) => !wb.METADATA[code].deferred);
    assert.deepEqual(constructible, ["invalid_input", "missing_field", "unsupported_option", "strict_constant_override"]);
  });
});

describe("a widget narrowing a whole CallToolResult", () => {
  const failure = JSON.parse(JSON.stringify(wb.toResult(wb.invalidInput({ field: "unit", allowed: ["kg", "lb"] })))) as unknown;

  function explain(result: wb.CallToolResultLike): string {
    const view = wb.narrowToolResult(result);
    if (view.ok) {
      return "ok";
    }
    const error = view.error;
    if (!wb.isCatalogError(error)) {
      return `unknown ${error.code}`;
    }
    switch (error.code) {
      case "invalid_input":
        return `pick one of ${error.allowed?.join("/") ?? "?"} for ${error.field}`;
      case "missing_field":
        return `supply ${error.required.join(", ")}`;
      default:
        return wb.METADATA[error.code].uiMeaning;
    }
  }

  it("switches on the code of a typed error", () => {
    assert.equal(explain(failure as wb.CallToolResultLike), "pick one of kg/lb for unit");
    assert.equal(explain({ content: [{ type: "text", text: "42" }], structuredContent: { value: 42 } }), "ok");
    assert.equal(explain({ isError: false, content: [] }), "ok");
  });

  it("keeps unknown codes and invalid payloads in the unknown branch", () => {
    const newer = { isError: true, content: [], structuredContent: { code: "quota_exceeded", message: "later" } };
    assert.equal(explain(newer), "unknown quota_exceeded");
    assert.deepEqual(wb.parseResult(newer), { code: "quota_exceeded", message: "later", payload: newer.structuredContent });
    const extra = { ...(failure as { structuredContent: object }).structuredContent, surprise: 1 };
    assert.equal(wb.isCatalogError(wb.parseResult({ isError: true, structuredContent: extra })), false);
    assert.deepEqual(wb.parseResult({ isError: true, content: [{ type: "text", text: "boom" }] }), { code: "", message: "boom", payload: {} });
    assert.equal(wb.parseResult({ isError: "true", structuredContent: { ...extra, isError: "true" } }), undefined);
    // structured_is_error (pmcp): the payload's own isError: true marks an error whatever the result's flag says
    assert.equal(wb.parseResult({ isError: "true", structuredContent: extra })?.code, "invalid_input");
    assert.equal(wb.parseResult(null), undefined);
  });

  it("reads the payload from a JSON text block when structuredContent is absent", () => {
    const payload = (failure as { structuredContent: unknown }).structuredContent;
    const textOnly = { isError: true, content: [{ type: "text", text: "invalid_input: …" }, { type: "text", text: JSON.stringify(payload) }] };
    assert.deepEqual(wb.parseResult(textOnly), payload);
  });

  it("narrows with isErrorResult / isErrorResultOf", () => {
    assert.equal(wb.isErrorResult(failure), true);
    if (!wb.isErrorResultOf(failure, "invalid_input")) {
      assert.fail("not narrowed");
    }
    assert.equal(failure.structuredContent.field, "unit");
    assert.equal(wb.isErrorResultOf(failure, "missing_field"), false);
    assert.equal(wb.isErrorResult({ isError: true, structuredContent: { code: "invalid_input" } }), false);
  });
});

describe("workbook metadata", () => {
  it("exposes each code's self-repair table row", () => {
    const info = wb.METADATA.unsupported_option;
    assert.equal(info.title, "Unsupported option");
    assert.equal(info.when, "an override names no manifest cell");
    assert.deepEqual(info.required, ["field", "allowed"]);
    assert.equal(info.uiMeaning, "“this override is not a known variable-tier parameter — pick a listed one”");
    assert.ok(Object.isFrozen(info) && Object.isFrozen(info.required) && Object.isFrozen(wb.METADATA));
  });
});
