// What a user of the workbook catalog writes, proven with tsc --strict (tests/ts/tsconfig.json):
// every constructible code built and its fields read with their types, narrowing with `switch`
// on `code` and with the guards, exhaustiveness with `never`. `mistakes` holds what the types
// must reject: each `@ts-expect-error TSnnnn` line must be an error with exactly that code
// (tests/test_typescript.py compiles this file once more without the markers and compares).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as wb from "../../generated/workbook/ts/workbook-errors.js";

/** Every code handled; a new code in the catalog makes `unreachable` a type error. */
function repairHint(error: wb.CatalogError): string {
  switch (error.code) {
    case "invalid_input": {
      const field: string = error.field;
      const allowed: readonly string[] | undefined = error.allowed;
      const range: wb.Range | undefined = error.range;
      return `${field}: ${allowed?.join("|") ?? ""} ${range?.min ?? ""}..${range?.max ?? ""}`;
    }
    case "missing_field":
      return `${error.field}: supply ${error.required.join(", ")}`;
    case "unsupported_option":
    case "strict_constant_override":
      return `${error.field}: one of ${error.allowed.join(", ")}`;
    case "stale_oracle":
    case "unapproved_assumption":
      return `${error.field}: ${wb.METADATA[error.code].nextAction}`;
    default: {
      const unreachable: never = error;
      return unreachable;
    }
  }
}

/** Every constructible code, built with its constructor (the deferred ones have none). */
function everyCode(): wb.CatalogError[] {
  return [
    wb.invalidInput({ field: "unit" }),
    wb.invalidInput({ field: "unit", allowed: ["kg", "lb"], range: { min: 0, max: 10 } }),
    wb.missingField({ field: "quantity", required: ["quantity", "unit"] }),
    wb.unsupportedOption({ field: "colour", allowed: ["rate"] }),
    wb.strictConstantOverride({ field: "pi", allowed: ["rate"] }),
  ];
}

/** Narrow `unknown` data with the guards and with a parsed result. */
function narrow(value: unknown): string {
  if (wb.isInvalidInput(value)) {
    const code: "invalid_input" = value.code;
    return code;
  }
  if (wb.isErrorOf(value, "missing_field")) {
    const required: readonly string[] = value.required;
    return required.join(",");
  }
  const parsed = wb.parseResult(value);
  if (parsed === undefined) {
    return "ok";
  }
  return wb.isCatalogError(parsed) ? repairHint(parsed) : `unknown ${parsed.code}`;
}

/** What the types reject. Never called: only compiled. */
export function mistakes(): unknown[] {
  const made: unknown[] = [];
  // @ts-expect-error TS2322 wrong field type: `field` is a string
  made.push(wb.invalidInput({ field: 1 }));
  // @ts-expect-error TS2322 wrong field type: `allowed` is a list of strings
  made.push(wb.unsupportedOption({ field: "f", allowed: [1, 2] }));
  // @ts-expect-error TS2741 missing required field `required`
  made.push(wb.missingField({ field: "f" }));
  // @ts-expect-error TS2554 missing argument: `invalid_input` requires `field`
  made.push(wb.invalidInput());
  // @ts-expect-error TS2353 unknown property
  made.push(wb.invalidInput({ field: "f", colour: "red" }));
  // @ts-expect-error TS2551 a deferred code has no constructor (only its guard)
  made.push(wb.staleOracle({ field: "f" }));
  // @ts-expect-error TS2551 a deferred code has no constructor (only its guard)
  made.push(wb.unapprovedAssumption({ field: "f" }));
  // @ts-expect-error TS2345 unknown code
  made.push(wb.buildError("no_such_code"));
  // @ts-expect-error TS2322 unknown code
  const code: wb.ErrorCode = "no_such_code";
  // @ts-expect-error TS2345 unknown code
  made.push(wb.isErrorOf(made[0], "no_such_code"));
  // @ts-expect-error TS2339 unknown code
  made.push(wb.METADATA.no_such_code);
  // @ts-expect-error TS2379 exactOptionalPropertyTypes: leave an optional field out rather than set it to undefined
  made.push(wb.invalidInput({ field: "f", allowed: undefined }));
  const error = wb.missingField({ field: "f", required: [] });
  // @ts-expect-error TS2540 errors are read-only
  error.field = "g";
  // @ts-expect-error TS2339 a field another code carries
  made.push(error.allowed);
  // @ts-expect-error TS2551 fields keep their wire names
  made.push(error.Field);
  made.push(code, error);
  return made;
}

/** A switch that forgets codes: `never` catches it. Never called: only compiled. */
export function incomplete(error: wb.CatalogError): string {
  switch (error.code) {
    case "invalid_input":
    case "missing_field":
      return error.field;
    default: {
      // @ts-expect-error TS2322 the switch misses codes
      const unreachable: never = error;
      return unreachable;
    }
  }
}

describe("a widget's use of the workbook types", () => {
  it("builds every constructible code and reads its fields", () => {
    const hints = everyCode().map(repairHint);
    assert.deepEqual(hints, [
      "unit:  ..",
      "unit: kg|lb 0..10",
      "quantity: supply quantity, unit",
      "colour: one of rate",
      "pi: one of rate",
    ]);
  });

  it("narrows unknown data with the guards and parseResult", () => {
    const [input, , missing, option] = everyCode();
    assert.equal(narrow(JSON.parse(JSON.stringify(input))), "invalid_input");
    assert.equal(narrow(missing), "quantity,unit");
    assert.equal(narrow(wb.toResult(option as wb.ToolChannelError)), "colour: one of rate");
    assert.equal(narrow({ isError: true, content: [{ type: "text", text: '{"code":"teapot","message":"m"}' }] }), "unknown teapot");
    assert.equal(narrow({ content: [] }), "ok");
  });

  it("rejects at run time what the types reject", () => {
    const loose = wb as unknown as Record<string, unknown>;
    assert.equal(loose["staleOracle"], undefined);
    assert.throws(() => wb.buildError("no_such_code" as wb.ErrorCode), /unknown error code/);
    assert.throws(() => wb.missingField({ field: "f" } as unknown as { field: string; required: string[] }), /missing required/);
    assert.equal(typeof mistakes, "function");
    assert.equal(typeof incomplete, "function");
  });
});
