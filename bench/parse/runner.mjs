// The node driver of bench/parse.py: one catalog's generated parser (compiled by tsc) beside zod's
// safeParse of the same inputs with the generated zod file's `CatalogErrorSchema`, interleaved
// round by round.
//
//   node runner.mjs CATALOG.js ZOD.js time                 # spec on stdin; seconds per input of every entry and side
//   node runner.mjs CATALOG.js ZOD.js count ENTRY SIDE N   # 2 warm passes, then N more of one side
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { z } from "zod";

const [catalogPath, zodPath, mode, ...rest] = process.argv.slice(2);
const errors = await import(pathToFileURL(catalogPath).href);
const schemas = await import(pathToFileURL(zodPath).href);
const spec = JSON.parse(readFileSync(0, "utf8"));
const key = spec.discriminator;

// The plain result: a CallToolResult whose structuredContent is the catalog's union.
const ResultSchema = z.object({
  isError: z.boolean().optional(),
  content: z.array(z.object({ type: z.string(), text: z.string() })),
  structuredContent: schemas.CatalogErrorSchema,
});

const values = spec.payloads.map((text) => JSON.parse(text));
const typed = (error, code) => error !== undefined && errors.isErrorOf(error, code) && error[key] === code;

// One pass over the inputs of `entry` by `side`; how many came back as their own code.
const passes = {
  "result/errgen": () => spec.results.filter((text, i) => errors.parseResult(JSON.parse(text))?.[key] === spec.codes[i]).length,
  "result/plain": () =>
    spec.results.filter((text, i) => {
      const parsed = ResultSchema.safeParse(JSON.parse(text));
      return parsed.success && parsed.data.structuredContent[key] === spec.codes[i];
    }).length,
  "payload/errgen": () => values.filter((value, i) => errors.parseError(value)?.[key] === spec.codes[i]).length,
  "payload/plain": () =>
    values.filter((value, i) => {
      const parsed = schemas.CatalogErrorSchema.safeParse(value);
      return parsed.success && parsed.data[key] === spec.codes[i];
    }).length,
};

function cpu() {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
}

if (mode === "count") {
  const [entry, side, n] = rest;
  for (let i = 0; i < 2 + Number(n); i++) passes[`${entry}/${side}`]();
} else {
  const out = {};
  const n = spec.codes.length;
  for (const entry of ["result", "payload"]) {
    const read = entry === "result" ? spec.results.map((text) => errors.parseResult(JSON.parse(text))) : values.map(errors.parseError);
    const check = { typed: read.filter((error, i) => typed(error, spec.codes[i])).length, plain_ok: passes[`${entry}/plain`]() };
    for (let i = 0; i < 20; i++) for (const side of ["errgen", "plain"]) passes[`${entry}/${side}`](); // the JIT warm
    const start = cpu();
    passes[`${entry}/errgen`]();
    passes[`${entry}/plain`]();
    const reps = Math.max(1, Math.ceil((spec.sample_s * 2) / Math.max(cpu() - start, 1e-6)));
    const times = { errgen: [], plain: [] };
    for (let round = 0; round < spec.rounds; round++) {
      for (const side of round % 2 === 0 ? ["errgen", "plain"] : ["plain", "errgen"]) {
        const begin = cpu();
        for (let r = 0; r < reps; r++) passes[`${entry}/${side}`]();
        times[side].push((cpu() - begin) / (reps * n));
      }
    }
    out[entry] = { ...times, ...check, inputs: n, reps };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
