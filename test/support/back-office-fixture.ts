// One setup for every back office test file in Chromium: a fresh application on a freshly seeded
// demo store, served on a loopback port, one headless Chromium, and pages that record every
// script or console error and every request that would leave the server's origin (a CDN or a
// leak). After each test, no page may have logged an error and no request may have left.
// Call it at the top of a `describe`: it registers the suite's hooks and returns the fixture,
// whose fields are set once its `before` hook ran (a suite's own `before` hooks run after it).
import assert from "node:assert/strict";
import pino from "pino";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createApplication, type Application } from "../../composition/container.js";
import { seedDemoStore, type DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { DESKTOP, ensureBackOfficeBuilt, launchChromium, requireChromium } from "./back-office-browser.js";
import { serve, type TestClient } from "./http-client.js";
import { testConfig } from "./test-application.js";

export interface BackOfficeFixture {
  application: Application;
  client: TestClient;
  demo: DemoStoreSummary;
  browser: Browser;
  /** A page in a context of its own (its own cookies), at the desktop size, on the server's origin. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /** Signs in through the sign-in page and waits for the signed-in layout. */
  signIn(page: Page, email: string, password: string): Promise<void>;
  signInAsOwner(page: Page): Promise<void>;
  /** The labels of the main menu's links. */
  menuOf(page: Page): Promise<string[]>;
}

export const backOfficeFixture = (options: { env?: Record<string, string> } = {}): BackOfficeFixture => {
  const pageErrors: string[] = [];
  const offOrigin: string[] = [];
  const fixture = {
    newPage: async () => {
      const context = await fixture.browser.newContext({ viewport: DESKTOP, baseURL: fixture.client.url });
      const page = await context.newPage();
      page.on("pageerror", (error) => pageErrors.push(String(error)));
      page.on("console", (message) => {
        // Failed requests are the app's to explain (a 401 before sign-in, a refused write); a
        // script error or a CSP refusal is a fault.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) pageErrors.push(message.text());
      });
      await context.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => {
        offOrigin.push(route.request().url());
        return route.abort();
      });
      return { context, page };
    },
    signIn: async (page: Page, email: string, password: string) => {
      await page.goto("/admin");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Signed in as").waitFor();
    },
    signInAsOwner: (page: Page) => fixture.signIn(page, fixture.demo.staff_owner!.email, fixture.demo.staff_owner!.password),
    menuOf: (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link").allInnerTexts(),
  } as BackOfficeFixture;

  before(async function () {
    requireChromium(this);
    await ensureBackOfficeBuilt();
    fixture.application = createApplication(testConfig({ env: { STOREFRONT_SCRYPT_COST: "1024", ...options.env } }), { logger: pino({ level: "silent" }) });
    await fixture.application.migrate();
    fixture.demo = await seedDemoStore(fixture.application.container);
    fixture.client = await serve(fixture.application.httpApp());
    fixture.browser = await launchChromium();
  });
  after(async () => {
    await fixture.browser?.close();
    await fixture.client?.close();
    await fixture.application?.close();
  });
  afterEach(() => {
    assert.deepEqual(pageErrors.splice(0), [], "the pages logged errors");
    assert.deepEqual(offOrigin.splice(0), [], "no request may leave the server's origin");
  });
  return fixture;
};
