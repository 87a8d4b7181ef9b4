// GET /docs: the API reference, Swagger UI (the `swagger-ui-dist` package) served from
// node_modules by the app itself, no CDN, reading /v1/openapi.json. Public, like the document.
// The page gets its own Content-Security-Policy: its scripts and styles come from this origin only.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type Router from "@koa/router";

export const DOCS_PATH = "/docs";

/** Swagger UI sets inline style attributes and uses data: images; nothing else is loosened. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Storefront API reference</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/docs-init.js"></script>
  </body>
</html>
`;

// An external script, so the policy needs no 'unsafe-inline' for scripts.
const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    displayOperationId: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

const ASSETS: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const distDirectory = (): string => dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/** Adds GET /docs and its assets to the router; the assets are read once, on first request. */
export const mountDocsPage = (router: Router<any>): void => {
  const cache = new Map<string, Buffer>();
  const asset = (name: string): Buffer => {
    let bytes = cache.get(name);
    if (bytes === undefined) {
      bytes = readFileSync(join(distDirectory(), name));
      cache.set(name, bytes);
    }
    return bytes;
  };

  router.get(DOCS_PATH, (ctx) => {
    ctx.set("Content-Security-Policy", DOCS_CONTENT_SECURITY_POLICY);
    ctx.set("Cache-Control", "no-cache");
    ctx.type = "text/html; charset=utf-8";
    ctx.body = PAGE;
  });
  router.get(`${DOCS_PATH}/docs-init.js`, (ctx) => {
    ctx.set("Cache-Control", "no-cache");
    ctx.type = "text/javascript; charset=utf-8";
    ctx.body = INIT;
  });
  for (const [name, type] of Object.entries(ASSETS)) {
    router.get(`${DOCS_PATH}/${name}`, (ctx) => {
      ctx.set("Cache-Control", "public, max-age=86400");
      ctx.type = type;
      ctx.body = asset(name);
    });
  }
};

/** The paths mountDocsPage serves, which need no API key. */
export const DOCS_PUBLIC_PATHS: readonly string[] = [DOCS_PATH, `${DOCS_PATH}/docs-init.js`, ...Object.keys(ASSETS).map((name) => `${DOCS_PATH}/${name}`)];
