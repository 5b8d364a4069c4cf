// Compile-time contract of the generated types: each `@ts-expect-error` below must be an
// error under the strict flags, or tsc fails the whole program. The runtime part only
// checks that the typed code paths run.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as napkin from "../../generated/napkin/ts/napkin-errors.js";
import * as nz from "../../generated/napkin/ts/napkin-errors.zod.js";
import * as opts from "../../generated/tsopts/ts/tsopts-errors.js";
import * as wb from "../../generated/workbook/ts/workbook-errors.js";
import * as wz from "../../generated/workbook/ts/workbook-errors.zod.js";

/** A switch that handles every code: adding a code to the catalog breaks this build. */
function uiText(error: wb.CatalogError): string {
  switch (error.code) {
    case "invalid_input":
      return `fix ${error.field}${error.allowed ? ` (one of ${error.allowed.join(", ")})` : ""}`;
    case "missing_field":
      return `supply ${error.required.join(", ")}`;
    case "unsupported_option":
    case "strict_constant_override":
      return `use one of ${error.allowed.join(", ")}`;
    case "stale_oracle":
    case "unapproved_assumption":
      return error.field;
    default: {
      const unreachable: never = error;
      return unreachable;
    }
  }
}

function compileTimeChecks(): void {
  // @ts-expect-error deferred codes have no constructor
  wb.staleOracle({ field: "x" });
  // @ts-expect-error a required repair field is missing
  wb.invalidInput({});
  // @ts-expect-error `allowed` is a list of strings
  wb.invalidInput({ field: "f", allowed: [1] });
  // @ts-expect-error exactOptionalPropertyTypes: leave an optional field out rather than set it to undefined
  napkin.notFound({ status: undefined });
  // @ts-expect-error unknown constructor argument
  napkin.gone({ extra: 1 });
  // @ts-expect-error codes are a closed string-literal union
  const code: napkin.ErrorCode = "TEAPOT";
  // @ts-expect-error METADATA is keyed by code
  void napkin.METADATA.TEAPOT;
  // @ts-expect-error protocol-channel errors are not tool results
  opts.toResult(opts.rpcOnly({ name: "x" }));
  // @ts-expect-error policies are named
  napkin.isTerminal("GONE", "operator_unsafe");
  // @ts-expect-error errors are read-only
  napkin.gone().message = "changed";
  void code;
}

describe("generated types", () => {
  it("narrow by code in an exhaustive switch", () => {
    assert.equal(uiText(wb.invalidInput({ field: "unit", allowed: ["kg", "lb"] })), "fix unit (one of kg, lb)");
    assert.equal(uiText(wb.missingField({ field: "f", required: ["a", "b"] })), "supply a, b");
    assert.equal(typeof compileTimeChecks, "function");
  });

  it("give zod schemas the interfaces as output types", () => {
    const payload: unknown = JSON.parse(JSON.stringify(napkin.mapHttp(503)));
    const upstream: napkin.UpstreamError = nz.UpstreamErrorSchema.parse(payload);
    const any: napkin.CatalogError = nz.CatalogErrorSchema.parse(payload);
    const loose: { code: napkin.ErrorCode; message: string; retriable: boolean } = nz.ErrorSchema.parse(payload);
    assert.equal(upstream.status, 503);
    assert.equal(any.code, "UPSTREAM_ERROR");
    assert.equal(loose.retriable, true);
    const range: wb.Range = wz.RangeSchema.parse({ min: 1 });
    assert.deepEqual(range, { min: 1 });
  });

  it("narrow a CallToolResult to a code's payload", () => {
    const result: wb.CallToolResultLike = wb.toResult(wb.missingField({ field: "f", required: ["f"] }));
    if (wb.isErrorResultOf(result, "missing_field")) {
      const required: readonly string[] = result.structuredContent.required;
      assert.deepEqual(required, ["f"]);
    } else {
      assert.fail("not narrowed");
    }
  });

  it("type kind and policy helpers", () => {
    const kind: napkin.ErrorKind | null = napkin.classifyHttp(503);
    const policy: ReadonlySet<napkin.ErrorKind> = napkin.POLICIES.operator_safe;
    assert.equal(kind, "Transient");
    assert.equal(policy.has("Auth"), true);
  });
});
