/**
 * The repair form of a workbook error, computed from the generated TypeScript only: which inputs the user
 * fills in to correct the call, and the corrected arguments.
 *
 * `allowed` becomes a choice list, `range` a bounded number input, `required` the inputs the call lacks,
 * and the code's UI meaning is the prompt (in the host's locale, through the generated `localized`). The
 * `switch` is exhaustive over the catalog's codes, like `viewOf`'s: a new code stops this file type-checking.
 * A tool's `inputSchema` (from the host context), when the host gives one, picks the control of a missing
 * input (an `enum` is a choice list, a bounded number a bounded input); nothing here needs it.
 */

import { type CatalogError, type Range, localized } from "../../generated/workbook/ts/workbook-errors.js";

/** The arguments of a tool call. */
export type Arguments = Readonly<Record<string, unknown>>;

/** The part of a JSON Schema the form reads: an object's properties, and per property its type and bounds. */
export interface InputSchema {
  readonly properties?: Readonly<Record<string, PropertySchema>>;
}

/** One property of an `inputSchema`. */
export interface PropertySchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
}

/** One input of the form. */
export interface RepairInput {
  /** The form control's name (unique in the form). */
  readonly name: string;
  readonly label: string;
  readonly control: "choice" | "number" | "text";
  /** The values to choose from (`choice`). */
  readonly choices: readonly string[];
  /** The bounds of a `number` input (null: unbounded on that side). */
  readonly min: number | null;
  readonly max: number | null;
  /** The value the input starts with ("" for none). */
  readonly value: string;
}

/** What the form shows for one error, and how its values correct the call. */
export interface Repair {
  readonly code: CatalogError["code"];
  /** The code's UI meaning (the form's legend), then the next action. */
  readonly prompt: string;
  readonly nextAction: string;
  readonly inputs: readonly RepairInput[];
  /** Whether the call can be sent again (false: only a person elsewhere can unblock it). */
  readonly resubmit: boolean;
  /** The corrected arguments for the form's values (by input name). */
  readonly correct: (values: Readonly<Record<string, string>>) => Arguments;
}

/** The repair of `error` for a call made with `args` (`schema`: the tool's inputSchema, if known). */
export function repairOf(error: CatalogError, args: Arguments, locale = "en", schema: InputSchema = {}): Repair {
  const texts = localized(error, locale);
  const base = { code: error.code, prompt: texts.uiMeaning, nextAction: texts.nextAction };
  switch (error.code) {
    case "invalid_input":
      return { ...base, ...fixValue(error.field, args, schema, error.allowed, error.range), resubmit: true };
    case "missing_field":
      return { ...base, ...supply(error.required.length > 0 ? error.required : [error.field], args, schema), resubmit: true };
    case "unsupported_option":
    case "strict_constant_override":
      return { ...base, ...replaceKey(error.field, error.allowed, args), resubmit: true };
    case "stale_oracle":
      return { ...base, inputs: [], correct: () => args, resubmit: true };
    case "unapproved_assumption":
      return { ...base, inputs: [], correct: () => args, resubmit: false };
    default:
      return unhandled(error);
  }
}

type Plan = Pick<Repair, "inputs" | "correct">;

/** A value outside the allowed set or range: one input for the argument `field` names. */
function fixValue(
  field: string, args: Arguments, schema: InputSchema, allowed?: readonly string[], range?: Range,
): Plan {  // prettier-ignore
  const known = schema.properties;
  if (known !== undefined && !(field in known) && field in args && allowed !== undefined && allowed.length > 0) {
    return renameArgument(field, allowed, args); // an unknown argument: `allowed` names the known ones
  }
  const input = inputFor(field, field, args, known?.[field], allowed, range);
  return { inputs: [input], correct: (values) => ({ ...args, [field]: valueOf(input, values[field] ?? "") }) };
}

/** Missing arguments: one input per required name the call lacks. */
function supply(required: readonly string[], args: Arguments, schema: InputSchema): Plan {
  const missing = required.filter((name) => !(name in args));
  const inputs = missing.map((name) => inputFor(name, name, args, schema.properties?.[name]));
  return {
    inputs,
    correct: (values) => Object.fromEntries([
      ...Object.entries(args), ...inputs.map((input) => [input.name, valueOf(input, values[input.name] ?? "")]),
    ]),
  };  // prettier-ignore
}

/** A key that may not be set (an unknown or a strict override): pick a listed key instead, keeping the value. */
function replaceKey(field: string, allowed: readonly string[], args: Arguments): Plan {
  const [holder, current] = locate(field, args);
  const choice = { ...choiceInput("replacement", `Set instead of ${field}`, allowed, ""), value: allowed[0] ?? "" };
  const number = typeof current === "number";
  const value: RepairInput = {
    name: "value", label: "Value", control: number ? "number" : "text", choices: [], min: null, max: null,
    value: current === undefined ? "" : String(current),
  };  // prettier-ignore
  const correct = (values: Readonly<Record<string, string>>): Arguments => {
    const kept = Object.entries(holder === null ? args : (args[holder] as Arguments)).filter(([key]) => key !== field);
    const moved = Object.fromEntries([...kept, [values["replacement"] ?? "", valueOf(value, values["value"] ?? "")]]);
    return holder === null ? moved : { ...args, [holder]: moved };
  };
  return { inputs: [choice, value], correct };
}

/** An argument the tool does not know: move its value to one of the `allowed` argument names. */
function renameArgument(field: string, allowed: readonly string[], args: Arguments): Plan {
  const unused = allowed.filter((name) => !(name in args));
  const input = choiceInput("rename", `Use instead of ${field}`, unused.length > 0 ? unused : allowed, "");
  return {
    inputs: [input],
    correct: (values) => Object.fromEntries([
      ...Object.entries(args).filter(([key]) => key !== field), [values["rename"] ?? "", args[field]],
    ]),
  };  // prettier-ignore
}

/** Where override `field` sits: at the top of the arguments (null) or in an object-valued argument; its value. */
function locate(field: string, args: Arguments): [string | null, unknown] {
  if (field in args) {
    return [null, args[field]];
  }
  for (const [key, value] of Object.entries(args)) {
    if (typeof value === "object" && value !== null && !Array.isArray(value) && field in value) {
      return [key, (value as Arguments)[field]];
    }
  }
  return [null, undefined];
}

function inputFor(
  name: string, label: string, args: Arguments, property?: PropertySchema, allowed?: readonly string[], range?: Range,
): RepairInput {  // prettier-ignore
  const choices = allowed ?? property?.enum?.map(String);
  const current = args[name] === undefined ? "" : String(args[name]);
  if (choices !== undefined && choices.length > 0) {
    return choiceInput(name, label, choices, choices.includes(current) ? current : "");
  }
  const min = range?.min ?? property?.minimum ?? null;
  const max = range?.max ?? property?.maximum ?? null;
  const number = range !== undefined || property?.type === "number" || property?.type === "integer";
  return { name, label, control: number ? "number" : "text", choices: [], min, max, value: current };
}

function choiceInput(name: string, label: string, choices: readonly string[], value: string): RepairInput {
  return { name, label, control: "choice", choices, min: null, max: null, value };
}

function valueOf(input: RepairInput, text: string): unknown {
  return input.control === "number" ? Number(text) : text;
}

function unhandled(error: never): never {
  throw new TypeError(`unhandled error code: ${JSON.stringify(error)}`);
}
