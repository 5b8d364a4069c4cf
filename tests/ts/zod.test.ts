// Every zod schema of a payload is a plain z.object in every shipped catalog, so code written against seed
// 004's `McpToolErrorZ` composes it (`.shape`, `.extend()`, `.pick()`, `.omit()`), and the catalog-wide union
// is built from those objects. (tsnames, whose payload keys are named like Object.prototype members, reads own
// properties instead: tests/ts/names.test.ts.)
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { z } from "zod";

import type * as filetools from "../../generated/filetools/ts/filetools-errors.js";
import type * as napkin from "../../generated/napkin/ts/napkin-errors.js";
import type * as workbook from "../../generated/workbook/ts/workbook-errors.js";
import * as fz from "../../generated/filetools/ts/filetools-errors.zod.js";
import * as nz from "../../generated/napkin/ts/napkin-errors.zod.js";
import * as wz from "../../generated/workbook/ts/workbook-errors.zod.js";

const NOT_PAYLOADS = new Set(["ProvenanceSchema", "RangeSchema", "ErrorCodeSchema", "ErrorKindSchema", "CatalogErrorSchema", "ToolResultSchema"]);

/** A tool's union of payloads (`<Tool>ToolErrorSchema`; the compiler keeps code names from ending so). */
const isToolUnion = (name: string): boolean => name.endsWith("ToolErrorSchema");

function payloadSchemas(module: Record<string, unknown>): [string, unknown][] {
  return Object.entries(module).filter(([name]) => name.endsWith("Schema") && !NOT_PAYLOADS.has(name) && !isToolUnion(name));
}

for (const [catalog, module, discriminator] of [["filetools", fz, "kind"], ["napkin", nz, "code"], ["workbook", wz, "code"]] as const) {
  describe(`${catalog}: payload schemas are z.object`, () => {
    it("compose with .shape, .extend(), .pick() and .omit()", () => {
      const schemas = payloadSchemas(module);
      assert.ok(schemas.length > 3);
      for (const [name, schema] of schemas) {
        assert.ok(schema instanceof z.ZodObject, name);
        const keys = Object.keys(schema.shape);
        assert.equal(keys[0], discriminator, name);
        assert.deepEqual(Object.keys(schema.pick({ [discriminator]: true } as Record<string, true>).shape), [discriminator], name);
        assert.deepEqual(Object.keys(schema.omit({ message: true }).shape), keys.filter((key) => key !== "message"), name);
        assert.deepEqual(Object.keys(schema.extend({ requestId: z.string() }).shape), [...keys, "requestId"], name);
      }
    });

    it("each tool's union holds some of those objects", () => {
      const unions = Object.entries(module).filter(([name]) => isToolUnion(name));
      assert.ok(unions.length > 1);
      const objects = new Set(payloadSchemas(module).map(([, schema]) => schema));
      for (const [name, union] of unions) {
        const options = (union as z.ZodDiscriminatedUnion).options;
        assert.ok(options.length > 0 && options.every((option) => objects.has(option)), name);
      }
    });

    it("the union's options are those objects", () => {
      const options = (module.CatalogErrorSchema as z.ZodDiscriminatedUnion).options;
      assert.ok(options.length > 0 && options.every((option) => option instanceof z.ZodObject));
      const byName = new Set(payloadSchemas(module).map(([, schema]) => schema));
      assert.ok(options.every((option) => byName.has(option)));
    });
  });
}

describe("a parsed payload has the code's interface type (checked by tsc: the schemas are inferred, not cast)", () => {
  it("for every code of every shipped catalog, through the union", () => {
    const payloads = {
      filetools: { kind: "unknown", message: "m" },
      napkin: { code: "GONE", message: "m" },
      workbook: { code: "missing_field", message: "m", field: "unit", required: ["unit"], provenance: { catalog: "workbook", version: "1.4.0", fingerprint: "sha256:x" }, isError: true },
    };
    const f: filetools.CatalogError = fz.CatalogErrorSchema.parse(payloads.filetools);
    const n: napkin.CatalogError = nz.CatalogErrorSchema.parse(payloads.napkin);
    const w: workbook.CatalogError = wz.CatalogErrorSchema.parse(payloads.workbook);
    const gone: napkin.Gone = nz.GoneSchema.parse(payloads.napkin);
    assert.deepEqual([f.kind, n.code, w.code, gone.code], ["unknown", "GONE", "missing_field", "GONE"]);
  });
});
