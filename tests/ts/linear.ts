// The JavaScript half of tests/hostile/test_hostile_linear.py (see tests/hostile/linear_probe.py, which it
// mirrors): times one sanitizer rule (its pattern, as the generated module holds it) or the generated
// scrubText on growing adversarial inputs, and prints one JSON line per input.
import { readFileSync } from "node:fs";

import { mapHttp, scrubText } from "../../generated/napkin/ts/napkin-errors.js";

interface Spec {
  readonly rule: readonly [string, string] | "scrub_text" | "map_http"; // [pattern, replacement], or an entry point
  readonly inputs: readonly (readonly [string, string, string])[];
  readonly sizes: readonly number[];
  readonly bound: number;
  readonly floor: number;
}

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
    const growth = last >= 0 ? elapsed / Math.max(times[last] ?? 0, spec.floor) : 0;
    if (growth > spec.bound && growth < 3 * spec.bound) {
      times[last] = best(run, text(input[0], input[1], input[2], spec.sizes[last] ?? 0), 3);
      elapsed = best(run, value, 3);
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
  const pattern = new RegExp(spec.rule[0], "gu");
  const replacement = spec.rule[1];
  run = (value) => value.replace(pattern, replacement);
}
run("warm up");
for (const input of spec.inputs) {
  process.stdout.write(JSON.stringify(probe(run, spec, input)) + "\n");
}
