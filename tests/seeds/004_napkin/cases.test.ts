// Seed 004 (napkin-mcp-unofficial, ../shared/seeds/004_*): its own McpToolErrorZ and its "Test Cases"
// section, run against the TypeScript generated from catalog/napkin.yaml. Changed from the seed: the
// imports, and each bullet of the test list written as node:test cases.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { z } from "zod";

import * as napkin from "../../../generated/napkin/ts/napkin-errors.js";
import * as nz from "../../../generated/napkin/ts/napkin-errors.zod.js";
import { ErrorSchema } from "../../../generated/napkin/ts/napkin-errors.zod.js";

// ---- the seed's schema, verbatim ------------------------------------------------------------
export const McpToolErrorZ = z.object({
  code: z.enum([
    "BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "GONE",
    "RATE_LIMITED", "UPSTREAM_ERROR", "NETWORK_ERROR", "TIMEOUT", "INTERNAL_ERROR",
  ]),
  message: z.string().min(1),
  retriable: z.boolean().default(false),
  original: z.unknown().optional(),
});
// ---------------------------------------------------------------------------------------------

describe("seed 004: the generated ErrorSchema is structurally McpToolErrorZ", () => {
  it("has the same JSON Schema (zod-to-json-schema, as the seed exports it in tools/list)", () => {
    assert.deepEqual(z.toJSONSchema(ErrorSchema), z.toJSONSchema(McpToolErrorZ));
  });

  it("composes as the seed's z.object does: .shape, .extend(), .pick(), .omit()", () => {
    assert.ok(ErrorSchema instanceof z.ZodObject);
    assert.deepEqual(Object.keys(ErrorSchema.shape), Object.keys(McpToolErrorZ.shape));
    assert.deepEqual(ErrorSchema.shape.code.options, McpToolErrorZ.shape.code.options);
    const withTool = ErrorSchema.extend({ tool: z.string() });
    assert.deepEqual(withTool.parse({ code: "GONE", message: "m", tool: "search" }), { code: "GONE", message: "m", retriable: false, tool: "search" });
    assert.deepEqual(Object.keys(ErrorSchema.pick({ code: true, message: true }).shape), ["code", "message"]);
    assert.deepEqual(Object.keys(ErrorSchema.omit({ original: true }).shape), ["code", "message", "retriable"]);
    // the same for a code's own schema
    const upstream = nz.UpstreamErrorSchema.pick({ code: true, status: true }).extend({ retryAfter: z.int() });
    assert.deepEqual(Object.keys(upstream.shape), ["code", "status", "retryAfter"]);
    assert.deepEqual(upstream.parse({ code: "UPSTREAM_ERROR", status: 503, retryAfter: 2 }), { code: "UPSTREAM_ERROR", status: 503, retryAfter: 2 });
  });

  it("agrees with McpToolErrorZ on the seed's own payloads and on bad ones", () => {
    const payloads: unknown[] = [
      { code: "GONE", message: "the page was deleted" },
      { code: "RATE_LIMITED", message: "slow down", retriable: true },
      { code: "UPSTREAM_ERROR", message: "502 from napkin", retriable: true, original: { status: 502, body: "bad gateway" } },
      { code: "TEAPOT", message: "m" }, { code: "GONE", message: "" }, { code: "GONE", message: "m", retriable: "no" },
      { message: "no code" },
    ];
    for (const payload of payloads) {
      const mine = ErrorSchema.safeParse(payload);
      const seed = McpToolErrorZ.safeParse(payload);
      assert.equal(mine.success, seed.success, JSON.stringify(payload));
      assert.deepEqual(mine.data, seed.data);
    }
  });
});

describe("seed 004: Test Cases", () => {
  const SEED_CODES = McpToolErrorZ.shape.code.options;

  it("Schema: accepts only documented `code` values; requires non-empty `message`; `retriable` boolean with default false; `original` optional", () => {
    assert.deepEqual([...napkin.CODES], SEED_CODES);
    for (const code of SEED_CODES) {
      const parsed = napkin.parseError({ code, message: "m" });  // the seed's wire: no provenance stamp
      assert.equal(parsed?.code, code);
      assert.equal(parsed?.retriable, false);
      assert.equal(parsed !== undefined && "original" in parsed, false);
    }
    assert.equal(napkin.parseError({ code: "TEAPOT", message: "m" }), undefined);
    assert.equal(napkin.parseError({ code: "GONE", message: "" }), undefined);
    assert.equal(napkin.parseError({ code: "GONE", message: "m", retriable: "yes" }), undefined);
    assert.deepEqual(napkin.parseError({ code: "GONE", message: "m", original: { status: 410 } })?.original, { status: 410 });
  });

  const table: [number, string][] = [[400, "BAD_REQUEST"], [401, "UNAUTHORIZED"], [403, "FORBIDDEN"], [404, "NOT_FOUND"],
    [410, "GONE"], [429, "RATE_LIMITED"], [500, "UPSTREAM_ERROR"], [503, "UPSTREAM_ERROR"], [599, "UPSTREAM_ERROR"]];

  it("Mapping: HTTP 400→BAD_REQUEST, 401→UNAUTHORIZED, 403→FORBIDDEN, 404→NOT_FOUND, 410→GONE, 429→RATE_LIMITED, 5xx→UPSTREAM_ERROR", () => {
    for (const [status, code] of table) {
      assert.equal(napkin.mapHttp(status, "upstream said no").code, code, String(status));
    }
  });

  it("Retriable: true for 429 and 5xx; false for other 4xx", () => {
    for (const [status] of table) {
      assert.equal(napkin.mapHttp(status).retriable, status === 429 || status >= 500, String(status));
    }
    for (const status of [402, 405, 409, 418, 422]) {
      assert.equal(napkin.mapHttp(status).retriable, false, String(status));
    }
  });

  it("AbortError maps to `TIMEOUT` with `retriable: true`", () => {
    const error = napkin.mapException(new DOMException("The operation was aborted.", "AbortError"));
    assert.equal(error.code, "TIMEOUT");
    assert.equal(error.retriable, true);
  });

  it("Network TypeError maps to `NETWORK_ERROR` with `retriable: true`", () => {
    const error = napkin.mapException(new TypeError("fetch failed"));
    assert.equal(error.code, "NETWORK_ERROR");
    assert.equal(error.retriable, true);
  });

  it("`original`: when available, includes `{ status, body }` in a sanitized form", () => {
    const body = { error: "invalid page id", token: "tok_live_123", authorization: "Bearer abc.def.ghi" };
    const error = napkin.mapHttp(400, "invalid page id", body);
    assert.deepEqual(error.original, { status: 400, body: { error: "invalid page id", token: "[REDACTED]", authorization: "[REDACTED]" } });
    assert.equal(JSON.stringify(error).includes("tok_live_123"), false);
  });

  it("Input: upstream HTTP error (status, message, body) — the message is the upstream's, sanitized", () => {
    const error = napkin.mapHttp(404, "page 42 not found (api_key=sk-abcdefghijklmnopqrstu)", { id: 42 });
    assert.equal(error.code, "NOT_FOUND");
    assert.match(error.message, /^page 42 not found/);
    assert.equal(error.message.includes("sk-abcdefghijklmnopqrstu"), false);
    assert.deepEqual(error.original, { status: 404, body: { id: 42 } });
  });
});
