// Issue 27: a bounded fuzz run of the generated TypeScript runtime (fast-check), the twin of
// tests/hostile/test_hostile_runtime_fuzz.py. parseResult, parseError, mapHttp, classifyHttp,
// sanitize and scrubText take arbitrary JSON-ish values (lone surrogates, NaN, -0, integers
// beyond 2^53, deep nests, results with odd blocks, bytes with invalid UTF-8 or BOMs): none may
// throw, and each output re-serialises, holds no lone surrogate and keeps the bounds of
// docs/runtime-contract.md §7 (a payload 64 levels, a sanitized value 32, a key 1,024 characters).
// Every run replays the committed corpus tests/contract/fuzz_corpus.jsonl, then a fixed seed's
// examples (ERRGEN_EXPLORE=1: a fresh seed and ten times as many).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import fc from "fast-check";

import * as napkin from "../../generated/napkin/ts/napkin-errors.js";
import * as workbook from "../../generated/workbook/ts/workbook-errors.js";

const MAX_LEVELS = 64;
const MAX_DEPTH = 32;
const MAX_TEXT = 1_048_576;
const TRUNCATED = "…[truncated]";
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const EXPLORE = !["", "0", undefined].includes(process.env["ERRGEN_EXPLORE"]);

/** What the fuzz calls of a generated module, loosely typed: it passes any value anywhere. */
interface Loose {
  parseResult(result: unknown): unknown;
  parseError(payload: unknown): unknown;
  mapHttp(status: unknown, message?: unknown, body?: unknown, headers?: unknown): unknown;
  classifyHttp(status: unknown): unknown;
  sanitize(value: unknown): unknown;
  scrubText(text: string): string;
  isCatalogError(value: unknown): boolean;
  toResult(error: unknown): unknown;
  toJsonRpcError(error: unknown): unknown;
  METADATA: Readonly<Record<string, { readonly channel: string }>>;
}

const modules = [napkin, workbook] as unknown as Loose[];

/** Every key and string of `value` with the number of arrays and objects around it. */
function strings(value: unknown): [string, number][] {
  const found: [string, number][] = [];
  const todo: [unknown, number][] = [[value, 0]];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const [item, at] = next;
    if (typeof item === "string") {
      found.push([item, at]);
    } else if (typeof item === "object" && item !== null) {
      found.push(["", at + 1]);
      for (const [key, child] of Object.entries(item)) {
        if (!Array.isArray(item)) {
          found.push([key, at + 1]);
        }
        todo.push([child, at + 1]);
      }
    }
  }
  return found;
}

/** `value` re-serialises to the same JSON, holds no lone surrogate, nests at most `levels`. */
function wellFormed(value: unknown, levels: number): void {
  const text = JSON.stringify(value);
  assert.equal(JSON.stringify(JSON.parse(text)), text);
  const found = strings(value);
  assert.ok(found.every(([s]) => !LONE.test(s)), "a lone surrogate");
  assert.ok(Math.max(0, ...found.map(([, at]) => at)) <= levels, "nested too deep");
}

function checkError(m: Loose, error: unknown): void {
  if (error === undefined) {
    return;
  }
  if (m.isCatalogError(error)) {
    wellFormed(error, MAX_LEVELS);
    const code = Object.values(error as object)[0] as string;
    const protocol = m.METADATA[code]?.channel === "protocol";
    wellFormed(protocol ? m.toJsonRpcError(error) : m.toResult(error), MAX_LEVELS + 1);
  } else {
    const unknown = error as { readonly payload: unknown };
    wellFormed(unknown, MAX_LEVELS + 1);
    wellFormed(unknown.payload, MAX_LEVELS);
  }
}

function checkSanitized(value: unknown): void {
  wellFormed(value, MAX_DEPTH);
  for (const [text] of strings(value)) {
    assert.ok([...text].length <= MAX_TEXT + TRUNCATED.length);
  }
}

/** `value` as JSON text; "" where this test's own `JSON.stringify` (recursive) cannot write it. */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

/** Every entry point on `value`: none throws, each output obeys the contract. */
function exercise(m: Loose, value: unknown): void {
  checkError(m, m.parseResult(value));
  checkError(m, m.parseError(value));
  checkError(m, m.parseResult({ isError: true, structuredContent: value, content: [value] }));
  const text = typeof value === "string" ? value : value instanceof Uint8Array ? new TextDecoder().decode(value) : jsonText(value);
  checkError(m, m.parseResult({ isError: true, content: [{ type: "text", text }] }));
  for (const [status, message, body] of [[502, null, value], [value, value, null], [value, null, value]]) {
    checkError(m, m.mapHttp(status, message, body, { "Retry-After": "1" }));
  }
  const kind = m.classifyHttp(value);
  assert.ok(kind === null || typeof kind === "string");
  checkSanitized(m.sanitize(value instanceof Uint8Array ? text : value)); // sanitize copies JSON data
  if (typeof value === "string") {
    checkSanitized(m.scrubText(value));
  }
}

/** The bytes a corpus entry spells as parts: `{"text": s}` (UTF-8) or `{"hex": h}`, each `"times"` times. */
function bytesOf(parts: readonly { text?: string; hex?: string; times?: number }[]): Uint8Array {
  const chunks = parts.flatMap((part) => {
    const piece = part.text !== undefined ? Buffer.from(part.text, "utf8") : Buffer.from(part.hex ?? "", "hex");
    return Array.from({ length: part.times ?? 1 }, () => piece);
  });
  return new Uint8Array(Buffer.concat(chunks));
}

interface Make {
  readonly at: readonly (string | number)[];
  readonly nest?: number;
  readonly leaf?: unknown;
  readonly key?: string;
  readonly text?: readonly { text?: string; times?: number }[];
}

/** The committed corpus: each line a value (its `make` built) or bytes. */
function corpus(): unknown[] {
  const lines = readFileSync("tests/contract/fuzz_corpus.jsonl", "utf8").trimEnd().split("\n");
  return lines.map((line) => {
    const entry = JSON.parse(line) as { value?: unknown; bytes?: []; make?: Make[] };
    if (entry.bytes !== undefined) {
      return bytesOf(entry.bytes);
    }
    const holder: Record<string | number, unknown> = { value: entry.value };
    for (const make of entry.make ?? []) {
      let built: unknown = make.leaf;
      if (make.nest !== undefined) {
        for (let i = 0; i < make.nest; i++) {
          built = make.key === undefined ? [built] : { [make.key]: built };
        }
      } else {
        built = new TextDecoder().decode(bytesOf(make.text ?? []));
      }
      let target = holder;
      for (const step of make.at.slice(0, -1)) {
        target = target[step] as Record<string | number, unknown>;
      }
      target[make.at[make.at.length - 1] as string | number] = built;
    }
    return holder["value"];
  });
}

// ---- arbitrary JSON-ish values ------------------------------------------------------------

const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
const text = fc.oneof(
  fc.constantFrom("\ud800", "\udc00", "a\udfffb", "\ud83d\ude00", "\ufeff{", "NaN", '{"code":', "[[[", "\\ud800", "password=hunter2", "__proto__", ""),
  fc.string({ unit: fc.oneof(lone, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 8 }),
);
const numbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 3.0, 400, 1e21, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 5e-324, Infinity, -Infinity, NaN, 404, 99, 600),
);
const keys = fc.oneof(text, fc.constantFrom("code", "message", "status", "original", "isError", "content", "type", "text"));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.constant(null), fc.boolean(), numbers, text, tie("list"), tie("object")),
  list: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(keys, tie("value"), { maxKeys: 4 }),
}));
const codes = fc.constantFrom("NOT_FOUND", "UPSTREAM_ERROR", "INVALID_ARGUMENT", "RATE_LIMITED", "", "nope", "\ud800");
const result = fc
  .record({
    payload: fc.record({ code: codes, message: fc.oneof(text, value), status: value, original: value }, { requiredKeys: ["code"] }),
    blocks: fc.array(fc.oneof(value, value.map((t) => ({ type: "text", text: t }))), { maxLength: 3 }),
    asText: fc.boolean(),
    structured: fc.boolean(),
    isError: fc.constantFrom(true, false, "true", null),
  })
  .map(({ payload, blocks, asText, structured, isError }) => ({
    isError,
    content: asText ? [...blocks, { type: "text", text: JSON.stringify(payload) }] : blocks,
    ...(structured ? { structuredContent: payload } : {}),
  }));
const deep = fc
  .tuple(fc.oneof(value, result), fc.constantFrom(undefined, "structuredContent", "original", "\ud800"), fc.integer({ min: 0, max: 3000 }))
  .map(([inner, key, depth]) => {
    let out: unknown = inner;
    for (let i = 0; i < depth; i++) {
      out = key === undefined ? [out] : { [key]: out };
    }
    return out;
  });
const splices = [[0xef, 0xbb, 0xbf], [0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf0, 0x9f], [], Array(120).fill(0x5b)];
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.tuple(result, fc.nat(), fc.constantFrom(...splices), fc.nat({ max: 3 })).map(([r, at, splice, drop]) => {
    const encoded = Buffer.from(JSON.stringify(r), "utf8");
    const cut = at % (encoded.length + 1);
    return new Uint8Array(Buffer.concat([encoded.subarray(0, cut), Buffer.from(splice), encoded.subarray(cut + drop)]));
  }),
);

describe("issue 27: the runtime on arbitrary values", () => {
  it("replays the committed corpus", () => {
    const values = corpus();
    assert.ok(values.length >= 50);
    for (const m of modules) {
      for (const item of values) {
        exercise(m, item);
      }
    }
  });

  it("never throws and keeps the contract on fuzzed values", () => {
    const property = fc.property(fc.oneof(value, result, deep, bytes), (item) => {
      for (const m of modules) {
        exercise(m, item);
      }
    });
    fc.assert(property, EXPLORE ? { numRuns: 3000 } : { numRuns: 300, seed: 27 });
  });
});
