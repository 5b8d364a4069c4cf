// Hostile names (tests/ts/catalogs/tsnames.yaml): codes, fields, kinds and policies called
// __proto__, constructor, toString, hasOwnProperty; keywords; names the output itself uses.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as n from "../../generated/tsnames/ts/tsnames-errors.js";
import * as nz from "../../generated/tsnames/ts/tsnames-errors.zod.js";

describe("records keyed by code, kind or policy are prototype-safe", () => {
  it("holds own entries for __proto__, constructor, toString and hasOwnProperty", () => {
    assert.equal(Object.getPrototypeOf(n.METADATA), null);
    assert.deepEqual(Object.keys(n.METADATA), [...n.CODES]);
    for (const code of ["__proto__", "constructor", "toString", "hasOwnProperty"] as const) {
      assert.equal(Object.prototype.hasOwnProperty.call(n.METADATA, code), true, code);
      assert.equal(n.METADATA[code].code, code);
    }
    assert.equal((n.METADATA as Record<string, unknown>)["valueOf"], undefined);
    assert.ok(Object.isFrozen(n.METADATA));
  });

  it("does the same for kinds and policies", () => {
    assert.equal(Object.getPrototypeOf(n.KIND_INFO), null);
    assert.equal(n.KIND_INFO.__proto__.retryable, true);
    assert.equal(n.KIND_INFO.toString.retryable, false);
    assert.deepEqual([...n.POLICIES.constructor], ["toString"]);
    assert.deepEqual([...n.POLICIES.hasOwnProperty], ["__proto__", "toString"]);
    assert.deepEqual(Object.keys(n.POLICIES), ["none", "constructor", "hasOwnProperty"]);
    assert.equal(n.isTerminal("constructor", "constructor"), true);
    assert.equal(n.isTerminal("__proto__", "constructor"), false);
    assert.throws(() => n.isTerminal("__proto__", "toString" as n.PolicyName), TypeError);
    assert.equal(n.kindOf("__proto__"), "__proto__");
    assert.equal(n.kindOf({ code: "nope" }), "toString");  // the default kind
    assert.equal(n.isRetryable("__proto__"), true);
    assert.equal(n.isErrorCode("toString"), true);
    assert.equal(n.isErrorCode("valueOf"), false);
  });
});

describe("a field called __proto__ is an own property, never the prototype", () => {
  const error = n.proto({ ["__proto__"]: "p", constructor: 7, toString: true });  // computed: a plain `__proto__:` sets the prototype

  it("is set on construction", () => {
    assert.equal(Object.getPrototypeOf(error), Object.prototype);
    assert.deepEqual(Object.keys(error), ["code", "message", "retriable", "__proto__", "constructor", "toString", "provenance", "isError"]);
    assert.equal(Object.getOwnPropertyDescriptor(error, "__proto__")?.value, "p");
    assert.equal(error.message, "proto p 7 true");
    assert.equal(({} as Record<string, unknown>)["p"], undefined);
  });

  it("survives JSON and parsing", () => {
    const wire = JSON.parse(JSON.stringify(n.toResult(error))) as unknown;
    assert.match(JSON.stringify(wire), /"__proto__":"p"/);
    const parsed = n.parseResult(wire);
    assert.ok(n.isProto(parsed));
    assert.equal(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value, "p");
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  });

  it("is checked by the guards", () => {
    const payload = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    assert.equal(n.isProto(payload), true);
    assert.equal(n.isProto(JSON.parse(JSON.stringify(error).replace('"__proto__":"p"', '"__proto__":1'))), false);
  });

  it("sanitizes __proto__ keys in JSON data without touching prototypes", () => {
    const data = JSON.parse('{"__proto__": {"password": "x"}, "constructor": "/home/eve/a"}') as unknown;
    const clean = n.sanitize(data) as Record<string, unknown>;
    assert.deepEqual(Object.getOwnPropertyDescriptor(clean, "__proto__")?.value, { password: "[REDACTED]" });
    assert.equal(clean["constructor"], "<path>");
    assert.equal(Object.getPrototypeOf(clean), Object.prototype);
  });
});

describe("derived identifiers stay unique and valid", () => {
  it("suffixes names that clash with the module's own API", () => {
    assert.equal(n.catalogError().code, "catalog_error");
    assert.equal(n.isCatalogError_(n.catalogError()), true);
    assert.equal(n.isCatalogError(n.catalogError()), true);
    assert.equal(n.toResult_().code, "to_result");
    assert.equal(n.toResult(n.toResult_()).isError, true);
    assert.equal(n.eval_().code, "eval");
    assert.equal(n.check_().code, "check");
    assert.equal(n.class_().code, "class");
    assert.equal(n.constructor_().code, "constructor");
    assert.equal(n.toString().code, "toString");
    assert.equal(n.hasOwnProperty().code, "hasOwnProperty");
  });

  it("gives the constructor of is_foo and the guard of foo different names", () => {
    assert.equal(n.isFoo().code, "is_foo");
    assert.equal(n.isFoo_(n.foo()), true);
    assert.equal(n.isIsFoo(n.isFoo()), true);
  });

  it("handles leading digits, punctuation and non-ASCII", () => {
    assert.equal(n._1abc().code, "1abc");
    assert.equal(n.is1abc(n._1abc()), true);
    assert.equal(n.aBC().code, "a.b-c");
    assert.equal(n.ünïcødé().code, "ünïcødé");
    assert.deepEqual(n.toString({ "1st": "one", ñame: ["x", "y"], class: "c" }).message, "to string c one x, y");
  });

  it("maps HTTP statuses to a code named constructor", () => {
    assert.equal(n.mapHttp(500).code, "constructor");
    assert.equal(n.mapHttp(404).code, "toString");
  });
});

describe("zod schemas for hostile codes", () => {
  it("validates codes named like prototype members", () => {
    for (const error of [n.constructor_(), n.toString({ class: "c" }), n.hasOwnProperty()]) {
      assert.deepEqual(nz.CatalogErrorSchema.parse(JSON.parse(JSON.stringify(error))), error);
    }
    assert.equal(nz.ConstructorSchema.safeParse(n.constructor_()).success, true);
    assert.equal(nz.ConstructorSchema.safeParse(n.toString()).success, false);
    assert.equal(nz.CatalogErrorSchema.safeParse({ ...n.constructor_(), code: "valueOf" }).success, false);
  });
});
