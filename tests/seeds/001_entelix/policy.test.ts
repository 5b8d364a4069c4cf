// Seed 001 (entelix-core ToolErrorPolicy / ToolErrorKind, ../shared/seeds/001_*): the policy doc's
// statements as tests, against the TypeScript generated from catalog/napkin.yaml (which holds
// seed 001's kinds and `operator_safe`). What TypeScript forces: `ToolErrorPolicy::new()` is
// `ErrorPolicy.empty()` (`new` names a constructor), `add_terminal_kind` is `withTerminalKind`,
// `ToolErrorKind::Internal` is the string "Internal".
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { ErrorPolicy, KINDS, classify, isTerminal, mapException, mapHttp, type ErrorKind } from "../../../generated/napkin/ts/napkin-errors.js";

const ToolErrorPolicy = ErrorPolicy;

describe("seed 001: ToolErrorPolicy", () => {
  it("new(): empty policy — every failure flows back to the model", () => {
    const policy = ToolErrorPolicy.empty();
    for (const kind of KINDS) {
      assert.equal(policy.classifiesTerminal(kind), false, kind);
    }
  });

  it("operator_safe(): Auth | Quota | Permanent", () => {
    const policy = ToolErrorPolicy.operatorSafe();
    const terminal = KINDS.filter((kind) => policy.classifiesTerminal(kind));
    assert.deepEqual(terminal, ["Quota", "Auth", "Permanent"]);
  });

  it("Internal is deliberately excluded; operators add it explicitly with .add_terminal_kind(ToolErrorKind::Internal)", () => {
    const safe = ToolErrorPolicy.operatorSafe();
    assert.equal(safe.classifiesTerminal("Internal"), false);
    const withInternal = safe.withTerminalKind("Internal");
    assert.equal(withInternal.classifiesTerminal("Internal"), true);
    assert.equal(safe.classifiesTerminal("Internal"), false);  // fluent builder: a new value, the old one unchanged
  });

  it("Transient / RateLimit and Validation are excluded", () => {
    const safe = ToolErrorPolicy.operatorSafe();
    for (const kind of ["Transient", "RateLimit", "Validation"] as const) {
      assert.equal(safe.classifiesTerminal(kind), false, kind);
    }
  });

  it("is Copy + Eq: equal values compare equal, and a value never changes", () => {
    const a = ToolErrorPolicy.empty().withTerminalKind("Auth");
    const b = ToolErrorPolicy.empty().withTerminalKind("Auth");
    assert.equal(a.equals(b), true);
    assert.equal(a.equals(ToolErrorPolicy.empty()), false);
    assert.equal(Object.isFrozen(a), true);
  });
});

describe("seed 001: ToolErrorKind::classify", () => {
  it("routes the catch-all (anything unclassified) to Internal", () => {
    assert.equal(classify({ code: "A_CODE_FROM_A_NEWER_SERVER" }), "Internal");
    assert.equal(classify(mapException(new RangeError("nobody classified me"))), "Internal");
  });

  it("classifies HTTP failures as the kinds say", () => {
    const kinds: [number, ErrorKind][] = [[401, "Auth"], [403, "Auth"], [404, "Permanent"], [400, "Validation"], [503, "Transient"]];
    for (const [status, kind] of kinds) {
      assert.equal(classify(mapHttp(status)), kind, String(status));
    }
  });

  it("the layer terminates exactly when the policy classifies the error's kind terminal", () => {
    const safe = ToolErrorPolicy.operatorSafe();
    assert.equal(isTerminal(mapHttp(401), safe), true);
    assert.equal(isTerminal(mapHttp(503), safe), false);
    assert.equal(isTerminal(mapHttp(401), "operator_safe"), true);  // by name, as before
    assert.equal(isTerminal(mapException(new RangeError("x")), safe.withTerminalKind("Internal")), true);
  });
});
