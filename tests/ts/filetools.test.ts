// Seed 003 (@comma-agents/coreTools): the result invariant, the closed kind set switched on
// without parsing messages, and the Yes/No/Sometimes recoverability table.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as ft from "../../generated/filetools/ts/filetools-errors.js";
import * as fz from "../../generated/filetools/ts/filetools-errors.zod.js";

// The seed's "Kind reference" table: error.kind → Recoverable?
const RECOVERABLE: Record<string, "yes" | "no" | "sometimes"> = {
  not_found: "sometimes", already_exists: "yes", permission_denied: "no", outside_workspace: "no",
  binary_file: "yes", file_too_large: "no", stale_file: "yes", old_text_not_found: "yes",
  multiple_matches: "yes", overlapping_edits: "yes", patch_parse_error: "yes", patch_apply_error: "yes",
  command_failed: "sometimes", timeout: "yes", skill_unavailable: "no", unknown: "no",
};

describe("seed 003: the closed kind set", () => {
  it("has the sixteen kinds in the seed's order", () => {
    assert.deepEqual([...ft.CODES], Object.keys(RECOVERABLE));
  });

  it("keeps Yes / No / Sometimes (three values, not a boolean)", () => {
    for (const code of ft.CODES) {
      assert.equal(ft.METADATA[code].recoverable, RECOVERABLE[code], code);
    }
  });

  it("gives a next action that may name other tools", () => {
    assert.match(ft.METADATA.not_found.nextAction, /read_file or list_directory/);
    assert.match(ft.METADATA.stale_file.nextAction, /Re-read the file/);
    assert.ok(ft.CODES.every((code) => ft.METADATA[code].nextAction.length > 0));
  });
});

describe("seed 003: the result invariant", () => {
  const stale = ft.staleFile({ path: "src/server.ts", expectedSha256: "9f86", actualSha256: "6030" });

  it("builds ok and failed results", () => {
    assert.deepEqual(ft.okResult({ sha256: "x" }), { ok: true, data: { sha256: "x" } });
    assert.deepEqual(ft.okResult(), { ok: true });
    assert.deepEqual(ft.failedResult(stale), { ok: false, error: stale });
    const partial = ft.failedResult(ft.timeout({ timeoutMs: 30000 }), { stdout: "partial" });
    assert.deepEqual(partial.data, { stdout: "partial" });  // data may accompany an error
  });

  it("checks ok === false exactly when error is set", () => {
    assert.equal(ft.isToolResult({ ok: true }), true);
    assert.equal(ft.isToolResult({ ok: true, data: 1 }), true);
    assert.equal(ft.isToolResult({ ok: false, error: stale }), true);
    assert.equal(ft.isToolResult({ ok: false, error: stale, data: "partial" }), true);
    assert.equal(ft.isToolResult({ ok: false }), false);
    assert.equal(ft.isToolResult({ ok: true, error: stale }), false);
    assert.equal(ft.isToolResult({ ok: false, error: { kind: "not_found" } }), false);
    assert.equal(ft.isToolResult({ ok: "false", error: stale }), false);
    assert.equal(fz.ToolResultSchema.safeParse({ ok: false, error: stale }).success, true);
    assert.equal(fz.ToolResultSchema.safeParse({ ok: true, error: stale }).success, false);
    assert.equal(fz.ToolResultSchema.safeParse({ ok: false }).success, false);
  });

  it("lets callers switch on error.kind without parsing messages", () => {
    function next(result: ft.ToolResult<string>): string {
      if (ft.isOkResult(result)) {
        return `data ${result.data ?? ""}`;
      }
      switch (result.error.kind) {
        case "stale_file":
          return `re-read ${result.error.path} (was ${result.error.expectedSha256 ?? "?"})`;
        case "multiple_matches":
          return `matched ${result.error.matchCount} times`;
        default:
          return ft.METADATA[result.error.kind].recoverable;
      }
    }
    assert.equal(next(ft.okResult("x")), "data x");
    assert.equal(next(ft.failedResult(stale)), "re-read src/server.ts (was 9f86)");
    assert.equal(next(ft.failedResult(ft.multipleMatches({ path: "a", matchCount: 3 }))), "matched 3 times");
    assert.equal(next(ft.failedResult(ft.skillUnavailable())), "no");
  });
});

describe("filetools messages", () => {
  it("renders templates with every value", () => {
    assert.equal(ft.fileTooLarge({ path: "data/dump.sql", limitBytes: 1048576 }).message, "'data/dump.sql' exceeds the size limit of 1048576 bytes");
    assert.equal(ft.unknown_().message, "an unexpected internal failure occurred");
    assert.equal(ft.commandFailed({ detail: "spawn npm ENOENT" }).message, "the operation failed: spawn npm ENOENT");
  });

  it("scrubs user paths and secrets out of messages", () => {
    assert.equal(ft.notFound({ path: "/home/bob/secret.txt" }).message, "'<path>' does not exist or is the wrong kind of entry");
    assert.equal(ft.notFound({ path: "/home/bob/secret.txt" }).path, "/home/bob/secret.txt");  // fields are the caller's
    const curl = ft.commandFailed({ detail: "curl -H 'Authorization: Bearer abc123' ghp_0123456789abcdefghijABCD" }).message;
    assert.equal(curl.includes("abc123") || curl.includes("ghp_"), false);
    assert.match(curl, /^the operation failed: curl -H 'Authorization: \[REDACTED\]/);
  });

  it("has no kinds and no mappings", () => {
    assert.deepEqual([...ft.KINDS], []);
    assert.equal(ft.classifyHttp(500), null);
    assert.equal(ft.mapHttp(500), undefined);
    assert.equal(ft.mapException(new TypeError("x")), undefined);
    assert.equal(ft.isRetryable("timeout"), false);  // retriable: conditional is not "yes"
  });
});
