// Open the workbook widget in Chromium inside a test MCP Apps host (host.html), feed it each case's tool result,
// read the repair form it renders, fill it in as a person would, submit it, and record the corrected tools/call
// (answered by the example server's handler, through workbook_calls.py). Input: a JSON file (argv[2]).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { axe, launch, serve } from "./browser.mjs";

const job = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const tools = spawn(job.python, [job.bridge], { stdio: ["pipe", "pipe", "inherit"] });
const answers = createInterface({ input: tools.stdout });
const waiting = [];
answers.on("line", (line) => waiting.shift()(JSON.parse(line)));
const callTool = (name, args) => new Promise((answered) => {
  waiting.push(answered);
  tools.stdin.write(JSON.stringify({ name, arguments: args }) + "\n");
});

const server = await serve(job.root);
const browser = await launch(server.origin);
const out = [];
try {
  const page = await browser.context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.exposeFunction("callTool", callTool);
  await page.goto(`${server.origin}/host.html`);
  for (const item of job.cases) {
    out.push({ name: item.name, ...(await run(page, item)) });
  }
  out.push({ errors });
} finally {
  await browser.close();
  await server.close();
  tools.stdin.end();
}
out.push({ blocked: browser.blocked, failed: browser.failed });
process.stdout.write(JSON.stringify(out));

async function run(page, item) {
  await page.evaluate(() => { window.calls = []; });
  await page.evaluate((setup) => window.openWidget(setup), { src: "/examples/widget/index.html", ...item.setup });
  const frame = page.frameLocator("iframe");
  const widget = frame.locator("#widget");
  await widget.locator("h2").waitFor();
  const form = await widget.evaluate((root) => ({
    tone: root.dataset.tone ?? null,
    code: root.dataset.code ?? null,
    title: root.querySelector("h2")?.textContent ?? null,
    prompt: root.querySelector("legend.prompt")?.textContent ?? null,
    next: root.querySelector(".next")?.textContent ?? null,
    button: root.querySelector("button[type=submit]")?.textContent ?? null,
    inputs: [...root.querySelectorAll("input")].map((input) => ({
      name: input.name, type: input.type, value: input.type === "radio" ? (input.checked ? input.value : "") : input.value,
      choice: input.type === "radio" ? input.value : null, min: input.min || null, max: input.max || null,
      required: input.required, label: input.labels?.[0]?.textContent?.trim() ?? null,
    })),
  }));
  if (item.shoot) {
    await page.locator("iframe").screenshot({ path: join(job.shots, `widget-${item.name}.png`) });
  }
  const rejected = [];
  for (const step of item.steps) {
    if (step.choose) await widget.locator(`input[name="${step.choose[0]}"][value="${step.choose[1]}"]`).check();
    if (step.fill) await widget.locator(`input[name="${step.fill[0]}"]`).fill(step.fill[1]);
    if (step.submit) {
      const before = await page.evaluate(() => window.calls.length);
      await widget.locator("button[type=submit]").click();
      if (step.submit === "rejected") {
        await page.waitForTimeout(200);
        const invalid = await widget.locator("input:invalid").evaluateAll((inputs) => inputs.map((i) => i.name));
        rejected.push({ calls: (await page.evaluate(() => window.calls.length)) - before, invalid });
      } else {
        await page.waitForFunction((n) => window.calls.length > n, before);
        await page.frames()[1].waitForFunction((code) => {
          const root = document.getElementById("widget");
          return root.dataset.tone === "ok" || root.dataset.code !== code;
        }, form.code);
      }
    }
  }
  const after = await widget.evaluate((root) => ({
    tone: root.dataset.tone ?? null, title: root.querySelector("h2")?.textContent ?? null,
  }));
  const violations = item.axe ? await axe(page.frames()[1]) : [];
  return { form, rejected, calls: await page.evaluate(() => window.calls), after, axe: violations };
}
