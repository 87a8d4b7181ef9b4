// Builds the back office into dist/back-office of the package, served by the Koa app at /admin
// (adapters/http/back-office-page.ts). Assets get content hashes, so they can be cached for a year.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/admin/",
  plugins: [react()],
  // The typed admin client, by the name embedders import it with; built from its source here.
  resolve: { alias: { "storefront/admin-client": fileURLToPath(new URL("../../client/admin.ts", import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL("../../dist/back-office", import.meta.url)),
    emptyOutDir: true,
    assetsDir: "assets",
    // No inline data: URLs for small assets: the page's CSP allows images from this origin only.
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
