// Per-tool error contracts (catalog/filetools.yaml's tools section, from seed 003's table), proven
// with tsc --strict: a switch over `edit_file`'s errors is exhaustive over exactly its codes, so
// naming one of `read_file`'s (binary_file) or forgetting one of its own (multiple_matches) is a
// type error. Each `@ts-expect-error TSnnnn` line must be an error with exactly that code
// (tests/test_typescript.py compiles this file once more without the markers and compares).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as ft from "../../generated/filetools/ts/filetools-errors.js";
import * as fz from "../../generated/filetools/ts/filetools-errors.zod.js";

/** What to do about each error `edit_file` can return: every one handled, no default needed. */
function recoverEdit(error: ft.EditFileToolError): string {
  switch (error.kind) {
    case "stale_file":
      return `re-read ${error.path} (was ${error.expectedSha256 ?? "?"})`;
    case "old_text_not_found":
      return `pick text that exists in ${error.path}`;
    case "multiple_matches":
      return `oldText matched ${error.matchCount} times`;
    case "overlapping_edits":
      return "apply the edits separately";
    case "not_found":
    case "permission_denied":
    case "outside_workspace":
      return `another path than ${error.path}`;
    case "file_too_large":
      return `at most ${error.limitBytes} bytes`;
    case "unknown":
      return error.detail ?? "report it";
  }
}

/** A switch that names a kind edit_file never returns. Never called: only compiled. */
export function namesBinaryFile(error: ft.EditFileToolError): string {
  switch (error.kind) {
    // @ts-expect-error TS2678 binary_file is read_file's kind, not edit_file's
    case "binary_file":
      return "re-read with allowBinary";
    default:
      return error.kind;
  }
}

/** A switch that forgets multiple_matches. Never called: only compiled. */
// @ts-expect-error TS2366 the switch misses multiple_matches: the function lacks an ending return
export function forgetsMultipleMatches(error: ft.EditFileToolError): string {
  switch (error.kind) {
    case "stale_file":
    case "old_text_not_found":
    case "overlapping_edits":
    case "not_found":
    case "permission_denied":
    case "outside_workspace":
    case "file_too_large":
    case "unknown":
      return error.message;
  }
}

/** Typed values a tool cannot return. Never called: only compiled. */
export function wrongTool(): unknown[] {
  // @ts-expect-error TS2322 binary_file is not among edit_file's errors
  const error: ft.EditFileToolError = ft.binaryFile({ path: "logo.png" });
  // @ts-expect-error TS2322 a run_command error is not load_skill's
  const skill: ft.LoadSkillToolError = ft.timeout({ timeoutMs: 1 });
  return [error, skill];
}

const every = (): ft.CatalogError[] => [
  ft.notFound({ path: "a" }), ft.alreadyExists({ path: "a" }), ft.permissionDenied({ path: ".env" }),
  ft.outsideWorkspace({ path: "../x" }), ft.binaryFile({ path: "logo.png" }), ft.fileTooLarge({ path: "a", limitBytes: 1 }),
  ft.staleFile({ path: "a" }), ft.oldTextNotFound({ path: "a" }), ft.multipleMatches({ path: "a", matchCount: 3 }),
  ft.overlappingEdits({ path: "a" }), ft.patchParseError({ detail: "d" }), ft.patchApplyError({ path: "a" }),
  ft.commandFailed({ detail: "d" }), ft.timeout({ timeoutMs: 5 }), ft.skillUnavailable(), ft.unknown_(),
];

describe("per-tool error contracts (seed 003's tools)", () => {
  it("lists each tool's codes as data", () => {
    assert.deepEqual(ft.editFileTool.codes, ["not_found", "permission_denied", "outside_workspace", "file_too_large",
      "stale_file", "old_text_not_found", "multiple_matches", "overlapping_edits", "unknown"]);
    assert.deepEqual(ft.readFileTool.codes, ["not_found", "permission_denied", "outside_workspace", "binary_file",
      "file_too_large", "unknown"]);
    assert.equal(ft.TOOLS["edit_file"], ft.editFileTool);
    assert.equal(ft.editFileTool.declares("binary_file"), false);
    assert.equal(ft.readFileTool.declares("binary_file"), true);
  });

  it("types a result to the tool's codes; another code reads as UnknownError, its payload kept", () => {
    for (const error of every()) {
      const parsed = ft.editFileTool.parseResult(ft.toResult(error));
      if (ft.editFileTool.declares(error.kind)) {
        assert.deepEqual(parsed, error, error.kind);
        assert.ok(parsed !== undefined && ft.editFileTool.isError(parsed));
      } else {
        assert.deepEqual(parsed, { kind: error.kind, message: error.message, payload: error }, error.kind);
        assert.deepEqual(ft.parseResult(ft.toResult(error)), error); // the catalog-wide parser still types it
      }
    }
    assert.equal(ft.editFileTool.parseResult({ content: [] }), undefined);
    const narrowed = ft.editFileTool.narrowToolResult(ft.toResult(ft.multipleMatches({ path: "a", matchCount: 2 })));
    assert.ok(!narrowed.ok && ft.editFileTool.isError(narrowed.error) && recoverEdit(narrowed.error) === "oldText matched 2 times");
  });

  it("narrows with isError, and a switch over the narrowed error needs no default", () => {
    const hints = every().filter((e) => ft.editFileTool.isError(e)).map((e) => recoverEdit(e as ft.EditFileToolError));
    assert.equal(hints.length, 9);
    assert.equal(ft.editFileTool.isError(ft.binaryFile({ path: "x" })), false);
    assert.equal(ft.editFileTool.isError({ kind: "multiple_matches", message: "m", path: "a" }), false); // matchCount missing
    assert.equal(typeof namesBinaryFile, "function");
    assert.equal(typeof forgetsMultipleMatches, "function");
    assert.equal(typeof wrongTool, "function");
  });

  it("has a zod schema per tool that accepts exactly its codes", () => {
    for (const error of every()) {
      assert.equal(fz.EditFileToolErrorSchema.safeParse(error).success, ft.editFileTool.declares(error.kind), error.kind);
      assert.equal(fz.LoadSkillToolErrorSchema.safeParse(error).success, ft.loadSkillTool.declares(error.kind), error.kind);
    }
  });
});
