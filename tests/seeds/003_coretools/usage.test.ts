// Seed 003 (@comma-agents/coreTools "Error kinds", ../shared/seeds/003_*): its Usage snippet and its
// Kind reference / Result invariant, against the TypeScript generated from catalog/filetools.yaml.
// The snippet is verbatim but for the `void` lines: this project's tsconfig adds noUnusedLocals to
// --strict, and the seed's `fresh` / `current` are only described by comments. `tool` and `read`
// are the context the seed's page leaves out: a file tool returning the generated ToolResult.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { failedResult, okResult, staleFile, type CatalogError, type ToolResult } from "../../../generated/filetools/ts/filetools-errors.js";
import * as ft from "../../../generated/filetools/ts/filetools-errors.js";

interface FileData { readonly content: string; readonly sha256: string }

const disk = { content: "PORT = 3000", sha256: "60303ae22b998861" };
const seen: string[] = [];

const tool = {
  async read_file(args: { path: string }): Promise<ToolResult<FileData, CatalogError>> {
    seen.push(`read_file ${args.path}`);
    return okResult(disk);
  },
  async edit_file(args: { path: string; expectedSha256: string; edits: { oldText: string; newText: string }[] }): Promise<ToolResult<FileData, CatalogError>> {
    seen.push(`edit_file ${args.path}`);
    if (args.expectedSha256 !== disk.sha256) {
      return failedResult(staleFile({ path: args.path, expectedSha256: args.expectedSha256, actualSha256: disk.sha256 }));
    }
    return okResult(disk);
  },
};

async function usage(read: { data: FileData }): Promise<void> {
  // ---- the seed's Usage snippet ------------------------------------------------------------
  const result = await tool.edit_file({
  path: "src/server.ts",
  expectedSha256: read.data.sha256,
  edits: [{ oldText: "PORT = 3000", newText: "PORT = 4000" }],
  });
  if (!result.ok) {
  switch (result.error.kind) {
  case "stale_file": {
  const fresh = await tool.read_file({ path: "src/server.ts" });
  // Recompute edit with fresh sha256 and retry.
  void fresh;
  break;
  }
  case "old_text_not_found": {
  const current = await tool.read_file({ path: "src/server.ts" });
  // Locate the correct text in current.data.content and retry.
  void current;
  break;
  }
  case "multiple_matches": {
  // Make oldText more specific or pass replaceAll: true.
  break;
  }
  default:
  // Non-recoverable — report and move on.
  console.error(result.error.message);
  }
  }
  // ---- end of the snippet ------------------------------------------------------------------
}

// The seed's Kind reference: error.kind | Recoverable? | Suggested action (verbatim).
const KINDS = `
not_found | Sometimes | Call read_file or list_directory to confirm what exists, then retry with the correct path.
already_exists | Yes | Switch to write_file or edit_file, or move the existing file aside first.
permission_denied | No | Use a different path, or grant access via an update_policy message to the guard's chain.
outside_workspace | No | Use a workspace-relative path.
binary_file | Yes | Re-call read_file with allowBinary: true.
file_too_large | No | Read or write the file in slices, or raise the configured cap.
stale_file | Yes | Re-read the file to obtain the current sha256 and re-apply your edit.
old_text_not_found | Yes | Re-read the file and pick text that exists.
multiple_matches | Yes | Make oldText more specific, or pass replaceAll: true.
overlapping_edits | Yes | Combine the edits or apply them in separate calls.
patch_parse_error | Yes | Fix the envelope grammar (see Patch envelope).
patch_apply_error | Yes | Re-read the affected files and regenerate the patch against the current content.
command_failed | Sometimes | Read the message for the specific failure mode.
timeout | Yes | Increase the timeout, narrow the command, or split it into smaller steps.
skill_unavailable | No | Stop attempting to load skills for the rest of the turn.
unknown | No | File an issue with the captured details.
`.trim().split("\n").map((line) => line.split(" | ") as [string, string, string]);

describe("seed 003: the Usage snippet", () => {
  it("switches on result.error.kind: a stale sha256 re-reads the file", async () => {
    seen.length = 0;
    await usage({ data: { content: "PORT = 3000", sha256: "stale" } });
    assert.deepEqual(seen, ["edit_file src/server.ts", "read_file src/server.ts"]);
  });

  it("a fresh sha256 succeeds without a switch", async () => {
    seen.length = 0;
    await usage({ data: disk });
    assert.deepEqual(seen, ["edit_file src/server.ts"]);
  });
});

describe("seed 003: ToolError", () => {
  it("is {kind, message, suggestedNextAction when recoverable} plus the kind's repair fields, no provenance", () => {
    const error = staleFile({ path: "src/server.ts" });
    assert.deepEqual(Object.keys(error), ["kind", "message", "suggestedNextAction", "path"]);
    assert.equal(error.kind, "stale_file");
    assert.deepEqual(Object.keys(ft.skillUnavailable()), ["kind", "message"]);  // not recoverable: no action
  });

  for (const [kind, recoverable, action] of KINDS) {
    it(`${kind}: Recoverable? ${recoverable}; suggestedNextAction iff recoverable`, () => {
      assert.ok(ft.isErrorCode(kind));
      assert.equal(ft.METADATA[kind].recoverable, recoverable.toLowerCase());
      assert.equal(ft.METADATA[kind].nextAction, action);
      const numbers = new Set(["limitBytes", "matchCount", "timeoutMs"]);
      const values = Object.fromEntries(ft.METADATA[kind].required.map((name) => [name, numbers.has(name) ? 1 : "x"]));
      const error = ft.buildError(kind, values) as unknown as { readonly [key: string]: unknown };
      assert.equal(error["kind"], kind);
      assert.equal(error["suggestedNextAction"], recoverable === "No" ? undefined : action);
      assert.deepEqual(ft.parseError(JSON.parse(JSON.stringify(error))), error);
    });
  }

  it("the closed set: the 16 kinds, nothing else", () => {
    assert.deepEqual([...ft.CODES], KINDS.map(([kind]) => kind));
    assert.equal(ft.parseError({ kind: "not_a_kind", message: "m" }), undefined);
  });
});

describe("seed 003: Result invariant", () => {
  it("ok is false exactly when error is set; data may accompany an error (timeout's partial output)", () => {
    const partial = failedResult(ft.timeout({ timeoutMs: 30000 }), { stdout: "partial", stderr: "" });
    assert.equal(ft.isToolResult(partial), true);
    assert.equal(partial.error.kind, "timeout");
    assert.equal(ft.isToolResult(okResult({ stdout: "done" })), true);
    assert.equal(ft.isToolResult({ ok: false }), false);
    assert.equal(ft.isToolResult({ ok: true, error: staleFile({ path: "p" }) }), false);
  });
});
