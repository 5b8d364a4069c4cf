// Seed 000 (pmcp-server-toolkit `workbook`, ../shared/seeds/000_*): the isError envelope exactly as
// a pmcp server sends it, and the module doc's self-repair table, against the TypeScript generated
// from catalog/workbook.yaml. Changed from the seed: it is Rust docs; the table rows are copied
// verbatim as data, the envelope is the JSON pmcp puts on the wire.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as wb from "../../../generated/workbook/ts/workbook-errors.js";

// The self-repair code table (Gemini), verbatim: code | When | Self-repair fields | UI meaning.
const TABLE = `
invalid_input | arg-parse / dtype / enum-membership failure, or an unknown input field | field, allowed | “this argument is malformed or out of the allowed set — fix it to a listed value” |
missing_field | a required input is absent | field, required | “supply the listed required field(s)” |
unsupported_option | an override names no manifest cell | field, allowed | “this override is not a known variable-tier parameter — pick a listed one” |
strict_constant_override | a BA-governed strict constant supplied as input | field, allowed | “this value is BA-governed and cannot be overridden per-call — set a listed variable-tier parameter instead” |
`;

/** What pmcp's dispatch sends for a domain failure: protocol isError false, the marker inside structuredContent. */
function pmcpResult(payload: { readonly [key: string]: unknown }): { [key: string]: unknown } {
  return JSON.parse(JSON.stringify({
    content: [{ type: "text", text: JSON.stringify(payload) }],
    isError: false,
    structuredContent: payload,
  })) as { [key: string]: unknown };
}

describe("seed 000: the structured isError envelope as pmcp sends it", () => {
  const payload = wb.toResult(wb.invalidInput({ field: "unit", allowed: ["kg", "lb"] })).structuredContent;

  it("the payload carries isError: true and the provenance stamp (on the failure path too)", () => {
    assert.equal(payload["isError"], true);
    assert.deepEqual(payload["provenance"], wb.PROVENANCE);
  });

  it("parseResult reads it as an error although the protocol isError is false", () => {
    const error = wb.parseResult(pmcpResult(payload));
    assert.equal(error?.code, "invalid_input");
    assert.equal(wb.isInvalidInput(error), true);
  });

  it("narrowToolResult gives ok: false, and the widget switches on the stable code", () => {
    const narrowed = wb.narrowToolResult(pmcpResult(payload));
    assert.equal(narrowed.ok, false);
    if (!narrowed.ok && narrowed.error.code === "invalid_input" && wb.isInvalidInput(narrowed.error)) {
      assert.deepEqual(narrowed.error.allowed, ["kg", "lb"]);  // "allowed-values live in the error"
    } else {
      assert.fail("not narrowed to invalid_input");
    }
  });

  it("a success stays a success", () => {
    assert.equal(wb.narrowToolResult({ content: [], isError: false, structuredContent: { total: 3 } }).ok, true);
    assert.equal(wb.parseResult({ isError: false, structuredContent: { code: "invalid_input", isError: false } }), undefined);
  });
});

describe("seed 000: the self-repair code table", () => {
  const rows = TABLE.trim().split("\n").map((line) => line.split(" | ").map((cell) => cell.replace(/ \|$/, "").trim()));

  it("lists the four runtime codes, stable strings the widget switches on", () => {
    assert.deepEqual(rows.map((row) => row[0]), ["invalid_input", "missing_field", "unsupported_option", "strict_constant_override"]);
  });

  for (const [code, when, fields, meaning] of rows) {
    it(`${code}: When, Self-repair fields, UI meaning`, () => {
      assert.ok(wb.isErrorCode(code));
      const info = wb.METADATA[code];
      assert.equal(info.when, when);
      assert.equal(info.uiMeaning, meaning);
      for (const name of (fields ?? "").split(", ")) {
        assert.ok([...info.required, ...info.optional].includes(name), `${code} lacks ${name}`);
      }
    });
  }

  it("the shape-only deferred codes exist in the schema but cannot be constructed", () => {
    for (const code of ["stale_oracle", "unapproved_assumption"] as const) {
      assert.equal(wb.METADATA[code].deferred, true);
      assert.throws(() => wb.buildError(code, { field: "x" }), TypeError);
    }
  });
});
