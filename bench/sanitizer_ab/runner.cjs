// The node driver of bench/sanitizer_ab.py: scrubText of two compiled runtimes (argv: before.js after.js),
// interleaved round by round on the texts of the spec on stdin; prints their CPU times (seconds).
"use strict";
const before = require(process.argv[2]);
const after = require(process.argv[3]);
const spec = JSON.parse(require("node:fs").readFileSync(0, "utf8"));

function cpu(run, text) {
  const start = process.cpuUsage();
  run(text);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const times = { before: spec.texts.map(() => []), after: spec.texts.map(() => []) };
for (const run of [before.scrubText, after.scrubText]) run("warm up: compile the rules");
for (let round = 0; round < spec.rounds; round++) {
  spec.texts.forEach((text, i) => {
    const order = round % 2 === 0 ? ["before", "after"] : ["after", "before"];
    for (const side of order) times[side][i].push(cpu(side === "before" ? before.scrubText : after.scrubText, text));
  });
}
process.stdout.write(JSON.stringify(times));
