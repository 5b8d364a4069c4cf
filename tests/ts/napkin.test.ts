// Seed 004 (napkin-mcp-unofficial) acceptance list and seed 001 (entelix-core) classification,
// against the TypeScript generated from catalog/napkin.yaml.
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { describe, it } from "node:test";

import * as napkin from "../../generated/napkin/ts/napkin-errors.js";
import * as nz from "../../generated/napkin/ts/napkin-errors.zod.js";

const SEED_CODES = [
  "BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "GONE",
  "RATE_LIMITED", "UPSTREAM_ERROR", "NETWORK_ERROR", "TIMEOUT", "INTERNAL_ERROR",
];

describe("seed 004: ErrorSchema is McpToolErrorZ", () => {
  it("has exactly the seed's keys", () => {
    assert.deepEqual(Object.keys(nz.ErrorSchema.shape), ["code", "message", "retriable", "original"]);
    assert.equal(nz.ErrorObjectSchema, nz.ErrorSchema);  // the former name, kept as an alias
  });

  it("accepts only documented codes", () => {
    assert.deepEqual([...napkin.CODES], SEED_CODES);
    for (const code of SEED_CODES) {
      assert.equal(nz.ErrorSchema.safeParse({ code, message: "m" }).success, true, code);
    }
    for (const code of ["bad_request", "TEAPOT", "", "__proto__", "toString"]) {
      assert.equal(nz.ErrorSchema.safeParse({ code, message: "m" }).success, false, code);
    }
  });

  it("requires a non-empty message", () => {
    assert.equal(nz.ErrorSchema.safeParse({ code: "GONE", message: "" }).success, false);
    assert.equal(nz.ErrorSchema.safeParse({ code: "GONE" }).success, false);
  });

  it("defaults retriable to false and keeps original optional", () => {
    assert.deepEqual(nz.ErrorSchema.parse({ code: "GONE", message: "gone" }), { code: "GONE", message: "gone", retriable: false });
    assert.equal(nz.ErrorSchema.safeParse({ code: "GONE", message: "m", retriable: "yes" }).success, false);
    const withOriginal = nz.ErrorSchema.parse({ code: "GONE", message: "m", original: { status: 410 } });
    assert.deepEqual(withOriginal.original, { status: 410 });
  });

  it("accepts what the runtime builds, per code and as a union", () => {
    const error = napkin.mapHttp(503, null, "down");
    const payload = napkin.toResult(error).structuredContent;
    assert.deepEqual(nz.CatalogErrorSchema.parse(payload), payload);
    assert.deepEqual(nz.UpstreamErrorSchema.parse(payload), payload);
    assert.equal(nz.NotFoundSchema.safeParse(payload).success, false);
    assert.equal(nz.CatalogErrorSchema.safeParse({ ...payload, code: "TEAPOT" }).success, false);
  });
});

describe("seed 004: HTTP mapping", () => {
  const table: [number, string, boolean][] = [
    [400, "BAD_REQUEST", false], [401, "UNAUTHORIZED", false], [403, "FORBIDDEN", false],
    [404, "NOT_FOUND", false], [410, "GONE", false], [429, "RATE_LIMITED", true],
    [500, "UPSTREAM_ERROR", true], [502, "UPSTREAM_ERROR", true], [503, "UPSTREAM_ERROR", true],
    [599, "UPSTREAM_ERROR", true], [418, "INTERNAL_ERROR", false], [200, "INTERNAL_ERROR", false],
  ];
  for (const [status, code, retriable] of table) {
    it(`${status} → ${code}, retriable ${retriable}`, () => {
      const error = napkin.mapHttp(status);
      assert.equal(error.code, code);
      assert.equal(error.retriable, retriable);
      assert.ok(error.message.length > 0);
    });
  }

  it("sets status only on codes that carry it", () => {
    assert.equal(napkin.mapHttp(404).code === "NOT_FOUND" && napkin.isNotFound(napkin.mapHttp(404)), true);
    assert.equal((napkin.mapHttp(404) as napkin.NotFound).status, 404);
    assert.equal("status" in napkin.mapHttp(418), false);  // INTERNAL_ERROR has no status field
    assert.equal(napkin.mapHttp(503).message, "the upstream API failed with HTTP 503");
  });

  it("carries original as a sanitized {status, body}", () => {
    const body = {
      error: "quota", token: "tok_live_123", Authorization: "Bearer abc.def.ghi", nested: { password: "hunter2", ok: 1 },
      detail: "key sk-abcdefghijklmnopqrstu at /home/alice/app/main.py\nTraceback (most recent call last):\n  File x",
    };
    const error = napkin.mapHttp(502, null, body) as napkin.UpstreamError;
    assert.deepEqual(error.original, {
      status: 502,
      body: {
        error: "quota", token: "[REDACTED]", Authorization: "[REDACTED]", nested: { password: "[REDACTED]", ok: 1 },
        detail: "key [REDACTED] at <path>\n[stack trace removed]",
      },
    });
    const text = JSON.stringify(napkin.toResult(error));
    for (const secret of ["tok_live_123", "hunter2", "abc.def", "sk-abcdef", "alice"]) {
      assert.equal(text.includes(secret), false, secret);
    }
    assert.deepEqual((napkin.mapHttp(404) as napkin.NotFound).original, { status: 404, body: null });
  });
});

describe("seed 004: exceptions", () => {
  it("AbortError → TIMEOUT, retriable", () => {
    const controller = new AbortController();
    controller.abort();
    for (const err of [controller.signal.reason, new DOMException("aborted", "AbortError"), Object.assign(new Error("x"), { name: "AbortError" })]) {
      const error = napkin.mapException(err);
      assert.equal(error.code, "TIMEOUT");
      assert.equal(error.retriable, true);
      assert.deepEqual((error as napkin.Timeout).original, { error: "AbortError" });
    }
  });

  it("AbortSignal.timeout's TimeoutError → TIMEOUT", async () => {
    const reason = await new Promise<unknown>((resolve) => {
      const signal = AbortSignal.timeout(1);
      signal.addEventListener("abort", () => resolve(signal.reason));
    });
    assert.equal(napkin.mapException(reason).code, "TIMEOUT");
  });

  it("fetch's network TypeError → NETWORK_ERROR, retriable", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
      });
    });
    const thrown = await fetch(`http://127.0.0.1:${port}/`).then(
      () => assert.fail("the port was closed"),
      (err: unknown) => err,
    );
    assert.ok(thrown instanceof TypeError);
    const error = napkin.mapException(thrown);
    assert.equal(error.code, "NETWORK_ERROR");
    assert.equal(error.retriable, true);
    assert.deepEqual((error as napkin.NetworkError).original, { error: "TypeError" });
  });

  it("anything else → the mapping default", () => {
    assert.equal(napkin.failureClassOf(new SyntaxError("bad json")), "decode");
    assert.equal(napkin.mapException(new SyntaxError("bad json")).code, "INTERNAL_ERROR");
    assert.equal(napkin.mapException("a string").code, "INTERNAL_ERROR");
    assert.equal(napkin.mapException(new RangeError("x")).retriable, false);
  });
});

describe("seed 001: classification, retry, operator_safe", () => {
  it("classifies HTTP failures like ToolErrorKind", () => {
    assert.equal(napkin.classifyHttp(429, true), "RateLimit");
    assert.equal(napkin.classifyHttp(429, false), "Quota");
    assert.equal(napkin.classifyHttp(429), "Quota");
    for (const status of [401, 403]) assert.equal(napkin.classifyHttp(status), "Auth");
    for (const status of [408, 425, 500, 502, 503, 599]) assert.equal(napkin.classifyHttp(status), "Transient");
    for (const status of [400, 404, 409, 410, 422]) assert.equal(napkin.classifyHttp(status), "Permanent");
    assert.equal(napkin.classifyHttp(200), "Internal");
    assert.equal(napkin.classifyHttp(302), "Internal");
  });

  it("classifies failure classes, with Internal as the catch-all", () => {
    for (const failure of ["network", "tls", "dns", "timeout"]) assert.equal(napkin.classifyFailure(failure), "Transient");
    assert.equal(napkin.classifyFailure("decode"), "Validation");
    assert.equal(napkin.classifyFailure("cosmic-ray"), "Internal");
  });

  it("retries only Transient and RateLimit", () => {
    const retryable = napkin.CODES.filter((code) => napkin.isRetryable(code));
    assert.deepEqual(retryable, ["RATE_LIMITED", "UPSTREAM_ERROR", "NETWORK_ERROR", "TIMEOUT"]);
    assert.deepEqual(
      napkin.KINDS.filter((kind) => napkin.KIND_INFO[kind].retryable),
      ["Transient", "RateLimit"],
    );
    assert.equal(napkin.KIND_INFO.Transient.maxAttempts, 3);
    assert.equal(napkin.KIND_INFO.RateLimit.initialBackoffMs, 1000);
    assert.equal(napkin.isRetryable({ code: "NEW_SERVER_CODE" }), false);  // unknown → Internal
  });

  it("operator_safe terminates on Auth, Quota and Permanent only", () => {
    assert.deepEqual([...napkin.POLICIES.operator_safe].sort(), ["Auth", "Permanent", "Quota"]);
    const terminal = napkin.CODES.filter((code) => napkin.isTerminal(code, "operator_safe"));
    assert.deepEqual(terminal, ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "GONE"]);
    assert.equal(napkin.isTerminal("INTERNAL_ERROR", "operator_safe"), false);  // the catch-all
    assert.equal(napkin.isTerminal("BAD_REQUEST", "operator_safe"), false);  // the model can fix it
    assert.equal(napkin.isTerminal(napkin.mapHttp(401), "operator_safe"), true);
    assert.equal(napkin.isTerminal(napkin.mapHttp(401), new Set<napkin.ErrorKind>(["Validation"])), false);
  });

  it("the empty policy `none` lets every failure flow back to the model", () => {
    assert.equal(napkin.CODES.some((code) => napkin.isTerminal(code, "none")), false);
    assert.throws(() => napkin.isTerminal("GONE", "nope" as napkin.PolicyName), TypeError);
  });

  it("each code has its kind", () => {
    assert.equal(napkin.kindOf("RATE_LIMITED"), "RateLimit");
    assert.equal(napkin.kindOf(napkin.mapHttp(400)), "Validation");
    assert.equal(napkin.kindOf({ code: "NEW_SERVER_CODE" }), "Internal");
  });
});

describe("napkin envelope", () => {
  it("toResult → parseResult round-trips, with retriable and no provenance (seed 004's wire)", () => {
    const error = napkin.rateLimited({ status: 429 });
    const result = napkin.toResult(error);
    assert.deepEqual(Object.keys(result), ["isError", "content", "structuredContent"]);
    assert.deepEqual(result.content, [{ type: "text", text: "RATE_LIMITED: the upstream API rate limit was exceeded" }]);
    assert.deepEqual(Object.keys(result.structuredContent), ["code", "message", "retriable", "status"]);
    assert.deepEqual(napkin.parseResult(JSON.parse(JSON.stringify(result))), error);
  });

  it("the caller's retriable wins over the code default", () => {
    assert.equal(napkin.upstreamError({ status: 500, retriable: false }).retriable, false);
    assert.equal(napkin.gone().retriable, false);
    assert.equal(napkin.gone({ retriable: true }).retriable, true);
  });
});
