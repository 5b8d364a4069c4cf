// Issue 19: the wire shape is the catalog's choice (tests/ts/catalogs/tswire.yaml turns every option).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as w from "../../generated/tswire/ts/tswire-errors.js";
import * as wz from "../../generated/tswire/ts/tswire-errors.zod.js";

describe("issue 19: the discriminator, casing and metadata on the wire", () => {
  it("builds errors keyed as the catalog says", () => {
    const error = w.staleFile({ filePath: "src/server.ts" });
    assert.deepEqual(Object.keys(error), ["kind", "message", "canRetry", "recoverable", "suggestedNextAction", "filePath", "provenance", "isError"]);
    assert.equal(error.kind, "stale_file");
    assert.equal(error.suggestedNextAction, "Re-read the file to obtain the current sha256 and re-apply your edit.");
    assert.equal(error.message, "'src/server.ts' changed on disk");
  });

  it("carries the next action only on recoverable codes", () => {
    const error = w.fileTooLarge({ filePath: "a", limitBytes: 5 });
    assert.equal("suggestedNextAction" in error, false);
    assert.equal(error.message, "'a' exceeds 5 bytes");
    assert.equal("suggestedNextAction" in w.notFound(), true);  // sometimes recoverable
  });

  it("switches on error.kind (seed 003's usage)", () => {
    const result = w.narrowToolResult(w.toResult(w.staleFile({ filePath: "x" })));
    assert.equal(result.ok, false);
    if (!result.ok) {
      switch (result.error.kind) {
        case "stale_file":
          assert.equal(w.isStaleFile(result.error), true);
          break;
        default:
          assert.fail(`unexpected ${result.error.kind}`);
      }
    }
  });

  it("reads payloads without provenance (optional) and with it, and rejects a wrong one", () => {
    const bare = { kind: "quota_exhausted", message: "m", isError: true };
    assert.deepEqual(w.parseError(bare), { kind: "quota_exhausted", message: "m", canRetry: false, recoverable: "no", isError: true });
    const stamped = { ...bare, provenance: w.PROVENANCE };
    assert.deepEqual(w.parseError(stamped)?.provenance, w.PROVENANCE);
    assert.equal(w.parseError({ ...bare, provenance: { catalog: "x" } }), undefined);
    assert.equal(w.parseError({ ...bare, code: "quota_exhausted" }), undefined);  // `code` is not a key of this wire
  });

  it("zod and the runtime agree on the keys", () => {
    const error = w.throttled({ retryAfterS: 2 });
    assert.deepEqual(wz.CatalogErrorSchema.parse(error), error);
    assert.deepEqual(Object.keys(wz.ErrorSchema.shape).slice(0, 5), ["kind", "message", "canRetry", "recoverable", "suggestedNextAction"]);
    assert.equal(wz.CatalogErrorSchema.safeParse({ ...error, kind: "nope" }).success, false);
  });
});

describe("issue 19: pmcp results (isError only inside structuredContent)", () => {
  it("reads the marker in structuredContent as an error", () => {
    const sent = { ...w.toResult(w.staleFile({ filePath: "p" })), isError: false };
    const parsed = w.parseResult(sent);
    assert.equal(parsed?.kind, "stale_file");
    assert.equal(w.narrowToolResult(sent).ok, false);
    assert.equal(w.parseResult({ isError: false, content: [], structuredContent: { kind: "stale_file" } }), undefined);
  });
});

describe("issue 19: policies as values", () => {
  it("offers the empty policy, the named ones, and a fluent withTerminalKind", () => {
    const empty = w.ErrorPolicy.empty();
    assert.equal(empty.classifiesTerminal("Internal"), false);
    const safe = w.ErrorPolicy.operatorSafe();
    assert.deepEqual([...safe.terminateOn], ["Quota", "Permanent"]);
    const strict = safe.withTerminalKind("Internal");
    assert.equal(strict.classifiesTerminal("Internal"), true);
    assert.equal(safe.classifiesTerminal("Internal"), false);  // unchanged: a value
    assert.equal(Object.isFrozen(safe), true);
    assert.equal(w.isTerminal(w.quotaExhausted(), safe), true);
    assert.equal(w.isTerminal(w.upstreamFailed(), strict), false);
    assert.equal(w.isTerminal(w.upstreamFailed(), strict.withTerminalKind("Transient")), true);
  });

  it("classify routes what the catalog does not classify to default_kind", () => {
    assert.equal(w.classify("stale_file"), "Permanent");
    assert.equal(w.classify(w.unknown_()), "Internal");
    assert.equal(w.classify({ kind: "from_a_newer_server" }), "Internal");
  });
});

describe("issue 19: mapHttp(status, message, body, headers)", () => {
  it("maps a 429 by its Retry-After header", () => {
    assert.equal(w.mapHttp(429, null, null, { "Retry-After": "3" }).kind, "throttled");
    assert.equal(w.mapHttp(429).kind, "quota_exhausted");
    assert.equal(w.mapHttp(429, null, null, new Headers({ "retry-after": "1" })).kind, "throttled");
    assert.equal(w.classifyHttp(429, w.hasRetryAfter({ "retry-after": "1" })), "RateLimit");
  });

  it("takes the upstream message (sanitized) and keeps {status, body} in original", () => {
    const error = w.mapHttp(503, "upstream down, token=abc123", { detail: "x", password: "p" }) as w.UpstreamFailed;
    assert.equal(error.message.includes("abc123"), false);
    assert.match(error.message, /^upstream down/);
    assert.deepEqual(error.original, { status: 503, body: { detail: "x", password: "[REDACTED]" } });
    assert.equal(error.canRetry, true);
  });

  it("still reads a non-string second argument as the body (the former mapHttp(status, body))", () => {
    const legacy = (w.mapHttp as (status: number, body: unknown) => w.CatalogError)(404, { id: 1 }) as w.NotFound;
    assert.deepEqual(legacy.original, { status: 404, body: { id: 1 } });
    assert.equal(legacy.message, "the resource was not found");
  });
});
