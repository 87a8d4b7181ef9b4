// Test support for the back office (adapters/back-office): its build, made when missing, and
// Debian's Chromium driven by playwright-core (no browser is ever downloaded), with an
// accessibility scan (axe-core) and screenshots at a desktop and a phone width.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import axe from "axe-core";
import { chromium, type Browser, type Page } from "playwright-core";

const run = promisify(execFile);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SCREENSHOTS = join(ROOT, "test-results");
export const CHROMIUM = "/usr/bin/chromium";

/** The built app must exist for the server to serve it; `npm ci` builds it, and a checkout may not have yet. */
export const ensureBackOfficeBuilt = async (): Promise<void> => {
  if (existsSync(join(ROOT, "dist", "back-office", "index.html"))) return;
  await run("npm", ["run", "build:admin"], { cwd: ROOT, timeout: 180_000 });
  assert.ok(existsSync(join(ROOT, "dist", "back-office", "index.html")), "npm run build:admin wrote no index.html");
};

/**
 * Skips the calling suite, saying why, when Debian's Chromium is missing; under CI=true that is
 * a failure instead (.ci/run installs it).
 */
export const requireChromium = (context: Mocha.Context): void => {
  if (existsSync(CHROMIUM)) return;
  if (process.env.CI === "true") throw new Error(`Chromium is required in CI (CI=true) at ${CHROMIUM}; .ci/run installs Debian's chromium`);
  console.log(`    skipped: no Chromium at ${CHROMIUM} (apt-get install chromium; set CI=true to require it)`);
  context.skip();
};

/**
 * One headless Chromium for a test file. playwright-core gives it a fresh temporary
 * --user-data-dir of its own (and removes it on close); it refuses one passed in `args`.
 */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    timeout: 60_000,
  });

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** The name of the focused element (page scripts as strings: the tests' types have no DOM). */
export const focusedName = (page: Page): Promise<unknown> => page.evaluate("document.activeElement?.getAttribute('name')");

/** The serious and critical axe-core violations of the page as it is now, one line each. */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  if ((await page.evaluate("typeof window.axe")) !== "object") await page.evaluate(axe.source);
  const violations = (await page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))",
  )) as Array<{ id: string; impact: string; help: string; targets: string[] }>;
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.slice(0, 3).join("; ")})`);
};

/**
 * Scans the page at 1280 px and at 390 px (asserting no serious or critical violation and no
 * sideways scrolling of the page on the phone), with a full-page screenshot of each under
 * test-results/.
 */
export const checkPage = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    assert.deepEqual(await seriousViolations(page), [], `${name} at ${size.width} px`);
    if (size === PHONE) {
      const overflow = Number(await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"));
      assert.ok(overflow <= 0, `${name} scrolls sideways by ${overflow} px at 390 px wide`);
    }
    await page.screenshot({ path: join(SCREENSHOTS, `back-office-${name}-${size.width}.png`), fullPage: true });
  }
  if (before !== null) await page.setViewportSize(before);
};
