// The browser suites' own checks can fail: the accessibility scan (test/support/back-office-browser.ts)
// finds serious and critical violations on a page that has them, again after the page changed
// without a reload (axe-core is loaded once a document), and none on the same page made right.
// docs/back-office.md, "How it is tested"; docs/decisions/operations.md, "operations-23".
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { launchChromium, requireChromium, seriousViolations } from "../support/back-office-browser.js";

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
  <h1>Orders</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <button></button>
  <p style="color:#bbb;background:#fff">Pale text on white</p>
</main></body></html>`;

const FIXED = `<!doctype html><html lang="en"><head><title>Fixed</title></head><body><main>
  <h1>Orders</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Logo">
  <button>Refund</button>
  <p style="color:#333;background:#fff">Dark text on white</p>
</main></body></html>`;

describe("the browser suites' accessibility scan", function () {
  this.timeout(60_000);
  let browser: Browser;
  before(async function () {
    requireChromium(this);
    browser = await launchChromium();
  });
  after(() => browser?.close());

  it("names each serious or critical violation, finds a new one after a change without reload, and none once fixed", async () => {
    const page = await browser.newPage();
    await page.setContent(BROKEN);
    const found = await seriousViolations(page);
    const ids = found.map((line) => /^\w+ ([\w-]+):/.exec(line)?.[1]).sort();
    assert.deepEqual(ids, ["button-name", "color-contrast", "image-alt"], found.join("\n"));
    assert.match(found.find((line) => line.includes("image-alt"))!, /^critical image-alt: .+ \(img\)$/);

    // The same document changed by a script, as a client-side route change does: axe-core stays
    // loaded and sees the new element.
    await page.evaluate("document.querySelector('main').insertAdjacentHTML('beforeend', '<input type=\"text\">')");
    assert.ok((await seriousViolations(page)).some((line) => line.includes(" label: ")), "an input without a label is found after the change");

    await page.setContent(FIXED);
    assert.deepEqual(await seriousViolations(page), []);
    await page.close();
  });
});
