// Open each catalog's HTML error index in Chromium: run the search and filters, follow every link, run axe-core
// (light, dark, phone), try the keyboard, take screenshots. Input: a JSON file (argv[2]); output: JSON on stdout.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { axe, launch, serve } from "./browser.mjs";

const job = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const server = await serve(job.root);
const browser = await launch(server.origin);
const out = [];
try {
  const page = await browser.context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => { if (message.type() === "error") errors.push(message.text()); });
  for (const site of job.sites) {
    for (const file of site.pages) {
      const url = `${server.origin}/${site.path}/${file}`;
      out.push({ catalog: site.name, page: file, ...(await check(page, url, site, job.shots)) });
    }
  }
  out.push({ errors });
} finally {
  await browser.close();
  await server.close();
}
out.push({ blocked: browser.blocked, failed: browser.failed });
process.stdout.write(JSON.stringify(out));

async function check(page, url, site, shots) {
  const result = {};
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(url);
  result.count = await page.locator("#index\\:count").textContent();
  result.filtersShown = await page.locator("#index\\:filters").isVisible();
  result.search = [];
  for (const probe of site.search) {
    await page.goto(url);
    if (probe.q) await page.locator("#index\\:q").fill(probe.q);
    for (const [name, value] of Object.entries(probe.select ?? {})) {
      await page.locator(`#index\\:f-${name}`).selectOption(value);
    }
    const visible = await page.locator("#index\\:table tbody tr:visible").evaluateAll(
      (rows) => rows.map((row) => row.querySelector("th code").textContent),
    );
    const query = await page.evaluate(() => location.search);
    let kept = null;
    if (result.search.length === 0) {  // the query string keeps the view: once per page is enough
      await page.reload();
      kept = await page.locator("#index\\:table tbody tr:visible").count();
    }
    result.search.push({ ...probe, visible, query, keptAfterReload: kept });
  }
  await page.goto(url);
  result.links = await links(page, url);
  await page.goto(url);
  await page.keyboard.press("Tab");
  result.firstTab = await page.evaluate(() => document.activeElement.textContent);
  await page.keyboard.press("Escape");
  await page.locator("h1").click();
  await page.keyboard.press("/");
  result.slashFocus = await page.evaluate(() => document.activeElement.id);
  result.axe = { light: await axe(page) };
  const base = url.endsWith("/index.html");  // a translated page has the same layout: light mode is enough there
  await page.emulateMedia({ colorScheme: "dark" });
  result.dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  if (base) result.axe.dark = await axe(page);
  if (shots && site.shoot && base) await page.screenshot({ path: join(shots, `site-${site.name}-dark.png`) });
  await page.emulateMedia({ colorScheme: "light" });
  if (shots && site.shoot && base) await page.screenshot({ path: join(shots, `site-${site.name}-desktop.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  result.phoneOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (base) result.axe.phone = await axe(page);
  if (shots && site.shoot && base) await page.screenshot({ path: join(shots, `site-${site.name}-phone.png`) });
  return result;
}

/** Follow every link of the page: a fragment must name an element of its page, a page must load (no 404). */
async function links(page, url) {
  const hrefs = await page.locator("a[href]").evaluateAll((anchors) => [...new Set(anchors.map((a) => a.href))]);
  const checked = [];
  const other = await page.context().newPage();
  for (const href of hrefs) {
    const target = new URL(href);
    const fragment = decodeURIComponent(target.hash.slice(1));
    target.hash = "";
    let ok;
    let why = "";
    if (target.href === url) {
      ok = fragment === "" || (await page.evaluate((id) => document.getElementById(id) !== null, fragment));
      why = ok ? "" : `no element with id ${fragment}`;
    } else if (target.origin === new URL(url).origin) {
      const response = await other.goto(target.href);
      ok = response !== null && response.status() === 200;
      why = ok ? "" : `HTTP ${response?.status()}`;
      if (ok && fragment) {
        ok = await other.evaluate((id) => document.getElementById(id) !== null, fragment);
        why = ok ? "" : `no element with id ${fragment} in ${target.pathname}`;
      }
    } else {
      ok = false;
      why = "a link off the site (nothing may be fetched at view time)";
    }
    checked.push({ href, ok, why });
  }
  await other.close();
  return checked;
}
