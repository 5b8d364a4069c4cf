// The JavaScript half of tests/hostile/test_hostile_linear.py (see tests/hostile/linear_probe.py, which it
// mirrors): times one sanitizer rule (its literals, as the generated module holds them, applied by a copy
// of the runtime's applyKeyRule, holds and expand) or the generated scrubText on growing adversarial
// inputs, and prints one JSON line per input.
import { readFileSync } from "node:fs";

import { mapHttp, scrubText } from "../../generated/napkin/ts/napkin-errors.js";

/** A rule's literals: pattern, replacement, a key rule's value, checks and separator; the checks' and KEYS's patterns. */
interface RuleSpec {
  readonly pattern: string;
  readonly replacement: string;
  readonly value: string | null;
  readonly checks: readonly Check[];
  readonly separator: string | null;
  readonly checkPatterns: readonly string[];
  readonly keys: string;
  readonly keyWord: string;
}

interface Spec {
  readonly rule: RuleSpec | "scrub_text" | "map_http"; // a rule, or an entry point
  readonly inputs: readonly (readonly [string, string, string])[];
  readonly sizes: readonly number[];
  readonly bound: number;
  readonly floor: number;
}

type Check = readonly [group: number, check: number, found: boolean];
type Rule = readonly [
  pattern: RegExp,
  replacement: string,
  needles: RegExp | null,
  words: readonly string[],
  value: RegExp | null,
  checks: readonly Check[],
  separator: RegExp | null,
  anywhere: RegExp | null,
];
let CHECKS: readonly RegExp[] = [];
let KEYS = /$^/gu;
let KEY_WORD = /$^/gu;

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

/**
 * The matches of KEYS in `text`, in order: its runs of key characters that hold a secret word, as start, end,
 * start, end, … Each is found from a secret word in it (KEY_WORD: a search V8 runs faster than KEYS's), widened to
 * the whole run; the next word is looked for after the run.
 */
function keyRuns(text: string): number[] {
  const runs: number[] = [];
  KEY_WORD.lastIndex = 0;
  for (let word = KEY_WORD.exec(text); word !== null; word = KEY_WORD.exec(text)) {
    let start = word.index;
    let end = word.index;
    while (start > 0 && isKeyChar(text.charCodeAt(start - 1))) {
      start--;
    }
    while (end < text.length && isKeyChar(text.charCodeAt(end))) {
      end++;
    }
    runs.push(start, end);
    KEY_WORD.lastIndex = end;
  }
  return runs;
}

/** Whether a UTF-16 code unit is a key character (A-Za-z0-9_.-). */
function isKeyChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) ||
    code === 0x5f || code === 0x2e || code === 0x2d
  );
}

/**
 * `text` with every match of a key rule replaced: where its checks fail, the search goes on after the key. `keys`:
 * the matches of KEYS in `text`, when the rule's pattern is KEYS and they are already found.
 */
function applyKeyRule(rule: Rule, value: RegExp, text: string, keys: readonly number[] | null): string {
  const [pattern, replacement, , , , checks, separator] = rule;
  const runs = separator === null ? null : (keys ?? keyRuns(text));
  let out = "";
  let last = 0;
  let pos = 0;
  let index = 0; // the next of `runs`
  for (;;) {
    let start = 0;
    let end = 0;
    let at = 0; // where what follows the key starts
    if (runs === null || separator === null) {
      pattern.lastIndex = pos; // the next match of its pattern (the key is group 2)
      const key = pattern.exec(text);
      if (key === null) {
        break;
      }
      start = key.index + (key[1] ?? "").length;
      end = start + (key[2] ?? "").length;
      at = key.index + key[0].length;
    } else {
      // The next secret-word run that what precedes it leaves free (a key's first character may not follow
      // the end of a value replaced, as KEYS would not match there) and that the rule's separator follows.
      for (; index < runs.length; index += 2) {
        start = runs[index] ?? 0;
        end = runs[index + 1] ?? 0;
        separator.lastIndex = end;
        if ((start > pos || start === 0) && separator.test(text)) {
          break;
        }
      }
      if (index >= runs.length) {
        break;
      }
      index += 2;
      at = separator.lastIndex; // sticky: where its match ends
    }
    const name = text.slice(start, end);
    value.lastIndex = at;
    const found = keyHolds(checks, name) ? value.exec(text) : null; // a value only after a key that may have one
    if (found !== null && holds(checks, name, found)) {
      out += text.slice(last, at) + expand(replacement, found);
      pos = last = at + found[0].length;
    } else {
      pos = end; // no match here: on after the key
    }
  }
  return out + text.slice(last);
}

/** Whether a key rule's checks on its key hold (`value` null), or those on its value. */
function holds(checks: readonly Check[], key: string, value: RegExpExecArray | null): boolean {
  for (const [group, check, found] of checks) {
    if ((group === 0) === (value === null)) {
      const text = value === null ? key : value[group];
      if (text !== undefined && CHECKS[check]?.test(text) !== found) {
        return false;
      }
    }
  }
  return true;
}

/** `replacement` with each `$n` replaced by group n of `found` (empty when it took no part). */
function expand(replacement: string, found: RegExpExecArray): string {
  let parts = EXPANSIONS.get(replacement);
  if (parts === undefined) {
    parts = replacement.split(/\$([0-9]+)/); // literal text, then a group number, and so on
    EXPANSIONS.set(replacement, parts);
  }
  let out = "";
  for (let i = 0; i < parts.length; i++) {
    out += i % 2 === 0 ? parts[i] : (found[Number(parts[i])] ?? "");
  }
  return out;
}

/** Each replacement of a key rule as its parts (`expand`). */
const EXPANSIONS = new Map<string, readonly string[]>();
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
  const { pattern, replacement, value, checks, separator, checkPatterns, keys, keyWord } = spec.rule;
  KEYS = new RegExp(keys, "gu");
  KEY_WORD = new RegExp(keyWord, "gu");
  const compiled = pattern === keys ? KEYS : new RegExp(pattern, "gu");
  CHECKS = checkPatterns.map((check) => new RegExp(check, "u"));
  if (value === null) {
    run = (text) => text.replace(compiled, replacement);
  } else {
    const valuePattern = new RegExp(value, "uy");
    const rule: Rule = [compiled, replacement, null, [], valuePattern, checks, separator === null ? null : new RegExp(separator, "uy"), null];
    run = (text) => applyKeyRule(rule, valuePattern, text, null);
  }
}
run("warm up");
for (const input of spec.inputs) {
  process.stdout.write(JSON.stringify(probe(run, spec, input)) + "\n");
}
