// What the browser tests share: a static file server on 127.0.0.1, headless Chromium from Debian's package
// (never a downloaded browser), a guard that refuses every request off that server, and axe-core.
import { createReadStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const MODULES = resolve(HERE, "..", "ts", "node_modules");
const { chromium } = await import(join(MODULES, "playwright-core", "index.mjs"));
export const AXE = join(MODULES, "axe-core", "axe.min.js");
export const CHROMIUM = "/usr/bin/chromium";
export const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const TYPES = {
  ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8", ".json": "application/json", ".png": "image/png",
};

/** Serve the files under `root` on 127.0.0.1 (a free port); resolves to { origin, close }. */
export function serve(root) {
  const base = resolve(root);
  const server = createServer((request, response) => {
    const path = normalize(join(base, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    let file = path;
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      if (!(file === base || file.startsWith(base + sep)) || !statSync(file).isFile()) throw new Error("outside");
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      done({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((closed) => server.close(closed)) });
    });
  });
}

/** Chromium with a fresh profile; every request that is not to `origin` is aborted and recorded in `blocked`. */
export async function launch(origin) {
  const profile = mkdtempSync(join(tmpdir(), "errgen-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 800 },
  });
  const blocked = [];
  const failed = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(origin + "/")) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  context.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, blocked, failed, close };
}

/** axe-core's violations in `target` (a page or a frame), as { id, impact, help, nodes: [selector…] }. */
export async function axe(target) {
  await target.addScriptTag({ path: AXE });
  const found = await target.evaluate(() => globalThis.axe.run(document, { resultTypes: ["violations"] }));
  return found.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
  }));
}
