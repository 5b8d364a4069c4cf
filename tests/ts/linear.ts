// The JavaScript half of tests/hostile/test_hostile_linear.py (see tests/hostile/linear_probe.py, which it
// mirrors): times one sanitizer rule (its literals, as the generated module holds them, applied by a copy
// of the runtime's applyKeyRule, holds and expand) or the generated scrubText on growing adversarial
// inputs, and prints one JSON line per input.
import { readFileSync } from "node:fs";

import { mapHttp, scrubText } from "../../generated/napkin/ts/napkin-errors.js";

/** A rule's literals: pattern, replacement, a key rule's value and checks; the checks' patterns. */
interface RuleSpec {
  readonly pattern: string;
  readonly replacement: string;
  readonly value: string | null;
  readonly checks: readonly Check[];
  readonly checkPatterns: readonly string[];
}

interface Spec {
  readonly rule: RuleSpec | "scrub_text" | "map_http"; // a rule, or an entry point
  readonly inputs: readonly (readonly [string, string, string])[];
  readonly sizes: readonly number[];
  readonly bound: number;
  readonly floor: number;
}

type Check = readonly [group: number, check: number, found: boolean];
let CHECKS: readonly RegExp[] = [];

// -- copied from the generated runtime (test_hostile_linear.py checks that the text is the same) --
// copy-begin
/** Whether a key rule's checks on a (short) key held, by rule: keys recur, and a check is a regex search. */
const KEY_ANSWERS = new Map<readonly Check[], Map<string, boolean>>();

function keyHolds(checks: readonly Check[], key: string): boolean {
  if (key.length > 64) {
    return holds(checks, key, null);
  }
  let answers = KEY_ANSWERS.get(checks);
  if (answers === undefined || answers.size >= 4096) {
    answers = new Map<string, boolean>();
    KEY_ANSWERS.set(checks, answers);
  }
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = holds(checks, key, null);
    answers.set(key, answer);
  }
  return answer;
}

/** `text` with every match of a key rule replaced: where its checks fail, the search goes on after the key. */
function applyKeyRule(pattern: RegExp, value: RegExp, checks: readonly Check[], replacement: string, text: string): string {
  let out = "";
  let last = 0;
  let pos = 0;
  for (;;) {
    pattern.lastIndex = pos;
    const key = pattern.exec(text);
    if (key === null) {
      break;
    }
    const keyEnd = key.index + key[0].length;
    value.lastIndex = keyEnd;
    const found = keyHolds(checks, key[2] ?? "") ? value.exec(text) : null; // a value only after a key that may have one
    if (found !== null && holds(checks, key[2] ?? "", found)) {
      out += text.slice(last, keyEnd) + expand(replacement, found);
      pos = last = keyEnd + found[0].length;
    } else {
      pos = key.index + (key[1] ?? "").length + (key[2] ?? "").length; // no match here: on after the key
    }
  }
  return out + text.slice(last);
}

/** Whether a key rule's checks on its key hold (`value` null), or those on its value. */
function holds(checks: readonly Check[], key: string, value: RegExpExecArray | null): boolean {
  return checks.every(([group, check, found]) => {
    if ((group === 0) !== (value === null)) {
      return true;
    }
    const text = value === null ? key : value[group];
    return text === undefined || CHECKS[check]?.test(text) === found;
  });
}

/** `replacement` with each `$n` replaced by group n of `found` (empty when it took no part). */
function expand(replacement: string, found: RegExpExecArray): string {
  return replacement.replace(/\$([0-9]+)/g, (_, group: string) => found[Number(group)] ?? "");
}
// copy-end

function text(kind: string, a: string, b: string, size: number): string {
  const [unit, head, tail] = kind === "repeat" ? [a, "", ""] : kind === "pair" ? [a + b, "", ""] : [b, a, "!"];
  const body = size - head.length - tail.length;
  return head + unit.repeat(Math.floor(body / unit.length) + 1).slice(0, body) + tail;
}

function best(run: (value: string) => unknown, value: string, runs: number): number {
  let least = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    run(value);
    const used = process.cpuUsage(start);
    least = Math.min(least, (used.user + used.system) / 1e6);
  }
  return least;
}

function probe(run: (value: string) => unknown, spec: Spec, input: readonly [string, string, string]): unknown {
  const times: number[] = [];
  for (const size of spec.sizes) {
    const value = text(input[0], input[1], input[2], size);
    let elapsed = best(run, value, 1);
    const last = times.length - 1;
    // A steep step is timed again, interleaved, up to three rounds (see linear_probe.py).
    const steep = last >= 0 && elapsed > spec.bound * Math.max(times[last] ?? 0, spec.floor);
    for (let round = 0; steep && round < 3; round++) {
      const smaller = text(input[0], input[1], input[2], spec.sizes[last] ?? 0);
      times[last] = Math.min(times[last] ?? Infinity, best(run, smaller, 1));
      elapsed = Math.min(elapsed, best(run, value, 1));
      const growth = elapsed / Math.max(times[last] ?? 0, spec.floor);
      if (growth <= spec.bound || growth >= 3 * spec.bound) {
        break;
      }
    }
    times.push(elapsed);
    if (last >= 0 && elapsed > spec.bound * Math.max(times[last] ?? 0, spec.floor)) {
      return { input, times, linear: false };
    }
  }
  return { input, times, linear: true };
}

const spec = JSON.parse(readFileSync(0, "utf8")) as Spec;
let run: (value: string) => unknown = scrubText;
if (spec.rule === "map_http") {
  run = (value) => mapHttp(502, null, { error: value });
} else if (spec.rule !== "scrub_text") {
  const { pattern, replacement, value, checks, checkPatterns } = spec.rule;
  const compiled = new RegExp(pattern, "gu");
  CHECKS = checkPatterns.map((check) => new RegExp(check, "u"));
  if (value === null) {
    run = (text) => text.replace(compiled, replacement);
  } else {
    const valuePattern = new RegExp(value, "uy");
    run = (text) => applyKeyRule(compiled, valuePattern, checks, replacement, text);
  }
}
run("warm up");
for (const input of spec.inputs) {
  process.stdout.write(JSON.stringify(probe(run, spec, input)) + "\n");
}
