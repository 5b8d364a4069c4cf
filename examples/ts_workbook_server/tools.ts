// The workbook tools, written once for both SDK lines (server.ts: 2.x, server-v1.ts: 1.x). Each failure
// path is one line: `return <constructor>({...})` of the generated catalog errors.
import * as z from "zod";
import { strictConstantOverride, unsupportedOption } from "../../generated/workbook/ts/workbook-errors.js";

const PRICE_PER_KG = 2.5;
const KG_PER_UNIT = { kg: 1.0, lb: 0.45359237 } as const;
const VARIABLE_TIER: Readonly<Record<string, number>> = { growth_rate: 0.0, tax_rate: 0.2 }; // overridable per call
const STRICT_CONSTANTS: Readonly<Record<string, number>> = { vat_rate: 0.19 }; // BA-governed: never overridable
const TIER = Object.keys(VARIABLE_TIER).sort();

export const compute = {
  name: "compute",
  config: {
    description: "Price a quantity of goods, optionally overriding variable-tier parameters.",
    inputSchema: {
      unit: z.enum(["kg", "lb"]),
      quantity: z.number().min(0).max(1000),
      overrides: z.record(z.string(), z.number()).optional().describe("Variable-tier parameters to override for this call."),
    },
    outputSchema: {
      total: z.number(),
      unit: z.string(),
      quantity: z.number(),
      applied: z.record(z.string(), z.number()),
    },
    annotations: { readOnlyHint: true, idempotentHint: true },
  },
  handler: ({ unit, quantity, overrides }: { unit: "kg" | "lb"; quantity: number; overrides?: Record<string, number> | undefined }) => {
    const rates: Record<string, number> = { ...VARIABLE_TIER };
    for (const [name, value] of Object.entries(overrides ?? {}).sort()) {
      if (name in STRICT_CONSTANTS) return strictConstantOverride({ field: name, allowed: TIER });
      if (!(name in VARIABLE_TIER)) return unsupportedOption({ field: name, allowed: TIER });
      rates[name] = value;
    }
    const factor = (1 + (rates["growth_rate"] ?? 0)) * (1 + (rates["tax_rate"] ?? 0)) * (1 + (STRICT_CONSTANTS["vat_rate"] ?? 0));
    const total = Math.round(quantity * KG_PER_UNIT[unit] * PRICE_PER_KG * factor * 100) / 100;
    return { total, unit, quantity, applied: rates };
  },
};

export const units = {
  name: "units",
  config: {
    description: "List the units compute accepts.",
    inputSchema: {},
    outputSchema: { units: z.array(z.string()) },
    annotations: { readOnlyHint: true, idempotentHint: true },
  },
  handler: () => ({ units: Object.keys(KG_PER_UNIT).sort() }),
};
