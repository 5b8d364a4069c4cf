// The ajv half of tests/test_jsonschema_target.py: reads a JSON list of checks on stdin, compiles
// each schema with `new Ajv2020({ strict: true })` and prints, per check, the compile error (if
// any) and whether each `valid` and each `invalid` instance validates. `ownProperties` keeps ajv
// from reading a field named like an `Object.prototype` member (`constructor`) off the prototype.
import { readFileSync } from "node:fs";

import ajv2020 from "ajv/dist/2020.js";

const Ajv2020 = ajv2020.default;

interface Check {
  /** A whole generated schema document. */
  readonly schema: { readonly $id?: string };
  /** "" for the document itself, else a JSON pointer fragment into it (`#/$defs/…`). */
  readonly pointer: string;
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
}

interface Outcome {
  readonly error: string | null;
  readonly valid: readonly boolean[];
  readonly invalid: readonly boolean[];
}

function run(check: Check): Outcome {
  const ajv = new Ajv2020({ strict: true, ownProperties: true });
  try {
    const id = check.schema.$id ?? "urn:errgen:test:document";
    ajv.addSchema({ ...check.schema, $id: id });
    const validate = ajv.compile({ $ref: id + check.pointer });
    return { error: null, valid: check.valid.map((v) => validate(v)), invalid: check.invalid.map((v) => validate(v)) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err), valid: [], invalid: [] };
  }
}

const checks = JSON.parse(readFileSync(0, "utf8")) as Check[];
process.stdout.write(JSON.stringify(checks.map(run)) + "\n");
