import { ProductSearchIndex } from "../application/ports/product-search-index.js";
import { openBenchApplication } from "./bench-application.js";
import { readFileSync } from "node:fs";
const seed = JSON.parse(readFileSync(process.argv[3]!, "utf8"));
const app = openBenchApplication(process.argv[2]!);
const index = app.container.get(ProductSearchIndex);
const nameOf = async (ids: string[]) => {
  const rows = await app.database.select<{ id: string; name: string }>(`select id, name from products where id in (${ids.map(() => "?").join(",")})`, ids);
  const m = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((i) => m.get(i));
};
for (const q of process.argv.slice(4)) {
  const found = await index.text(seed.store_id, q, { limit: 5 });
  console.log(q, "|", found.total, found.estimated, "\n   ", (await nameOf(found.hits.map((h) => h.productId))).join("\n    "), "\n   ", found.hits.map((h) => h.score.toFixed(3)).join(" "));
}
await app.close();
