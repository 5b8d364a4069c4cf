// Issue 17 on the generated TypeScript (napkin catalog): depth, width and size (observation 3) and
// "never throws" for host objects (observation 4). The Python side is in tests/hostile/.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as n from "../../generated/napkin/ts/napkin-errors.js";

const MAX_DEPTH = 32;
const MAX_BLOCKS = 16;

function depth(value: unknown): number {
  let deepest = 0;
  const todo: [unknown, number][] = [[value, 0]];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const [item, level] = next;
    if (typeof item === "object" && item !== null) {
      deepest = Math.max(deepest, level + 1);
      for (const child of Object.values(item)) {
        todo.push([child, level + 1]);
      }
    }
  }
  return deepest;
}

describe("issue 17.3: any depth JSON.parse accepts", () => {
  for (const [open, close] of [["[", "]"], ['{"a":', "}"]] as const) {
    it(`mapHttp and sanitize take ${open}…${close} nested 100,000 deep`, () => {
      const body: unknown = JSON.parse(open.repeat(100_000) + "1" + close.repeat(100_000));
      const error = n.mapHttp(502, null, body) as { original?: unknown };
      assert.equal(depth(error.original), MAX_DEPTH);
      assert.match(JSON.stringify(n.toResult(error as never)), /\[nested too deep\]/);
      assert.ok(depth(n.sanitize(body)) <= MAX_DEPTH);
    });
  }

  it("keeps every item of wide values", () => {
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, `value ${i}`]));
    const sanitized = n.sanitize({ ...wide, password: "hunter2" }) as Record<string, unknown>;
    assert.equal(Object.keys(sanitized).length, 100_001);
    assert.equal(sanitized["password"], "[REDACTED]");
    assert.deepEqual(n.sanitize(Array(100_000).fill("Bearer abc.def.ghi1")), Array(100_000).fill("Bearer [REDACTED]"));
  });

  it("cuts a huge string before scrubbing, and says so", () => {
    const text = "password=hunter2 " + "word ".repeat(300_000) + "ghp_" + "A1b2C3d4".repeat(5);
    const scrubbed = n.scrubText(text);
    assert.ok(scrubbed.startsWith("password=[REDACTED] ") && scrubbed.endsWith("…[truncated]"));
    assert.ok(!scrubbed.includes("ghp_"));
  });
});

/** A Proxy whose every trap throws, a revoked Proxy, and objects whose getters throw. */
function hostiles(): unknown[] {
  const traps = ["get", "has", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "defineProperty", "set"];
  const raising = Object.fromEntries(traps.map((trap) => [trap, () => { throw new Error(`trap ${trap}`); }]));
  const proxy = new Proxy({}, raising);
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  const getter = (name: string, base: object = {}): object =>
    Object.defineProperty({ ...base }, name, { enumerable: true, get: () => { throw new Error(`get ${name}`); } });
  return [
    proxy,
    revoked.proxy,
    getter("isError"),
    getter("structuredContent", { isError: true }),
    getter("content", { isError: true }),
    { isError: true, structuredContent: proxy },
    { isError: true, structuredContent: getter("code") },
    { isError: true, content: proxy },
    { isError: true, content: [proxy, revoked.proxy, getter("type"), getter("text", { type: "text" })] },
    { isError: true, content: new Proxy([1, 2], raising) },
    getter("ok"),
    { ok: false, error: proxy },
    getter("name"),
  ];
}

describe("issue 17.4: never throws, whatever it is given", () => {
  const entries: [string, (value: never) => unknown][] = [
    ["parseResult", n.parseResult],
    ["narrowToolResult", n.narrowToolResult],
    ["parseError", n.parseError],
    ["isCatalogError", n.isCatalogError],
    ["isErrorOf", (value) => n.isErrorOf(value, "NOT_FOUND")],
    ["isNotFound", n.isNotFound],
    ["isErrorResult", n.isErrorResult],
    ["isErrorResultOf", (value) => n.isErrorResultOf(value, "NOT_FOUND")],
    ["isToolResult", n.isToolResult],
    ["sanitize", n.sanitize],
    ["mapHttp", (value) => n.mapHttp(502, null, value)],
    ["mapException", n.mapException],
    ["failureClassOf", n.failureClassOf],
  ];
  for (const [name, entry] of entries) {
    it(`${name} returns a value for host objects that throw`, () => {
      for (const [i, hostile] of hostiles().entries()) {
        assert.doesNotThrow(() => entry(hostile as never), `${name} on hostile #${i}`);
      }
    });
  }

  it("parseResult gives the unknown branch for what it cannot read", () => {
    for (const hostile of hostiles().slice(0, 2)) {
      assert.deepEqual(n.parseResult(hostile), { code: "", message: "", payload: {} });
    }
    assert.equal(n.isCatalogError(hostiles()[0]), false);
    assert.deepEqual(n.sanitize({ ok: 1, bad: hostiles()[0] }), { ok: 1, bad: "[unreadable]" });
  });

  it("reads only the first blocks of a huge or sparse content array (counted, not timed)", () => {
    let reads = 0;
    const counting = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(t, key, receiver) {
          if (typeof key === "string" && /^[0-9]+$/.test(key)) {
            reads++;
          }
          return Reflect.get(t, key, receiver) as unknown;
        },
      });
    const sparse = counting(new Array<unknown>(100_000_000));
    assert.deepEqual(n.parseResult({ isError: true, content: sparse }), { code: "", message: "", payload: {} });
    assert.ok(reads <= 2 * MAX_BLOCKS, `${reads} reads`);
    reads = 0;
    const blocks = counting(Array.from({ length: 1_000_000 }, () => ({ type: "text", text: "not json" })));
    assert.equal((n.parseResult({ isError: true, content: blocks }) as { message: string }).message, "not json");
    assert.ok(reads <= 2 * MAX_BLOCKS, `${reads} reads`);
  });
});
