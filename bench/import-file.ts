// Writes a catalog file for `storefront import`: N products of 3 variants each, in JSON lines or
// CSV, the same bytes every run (seeded PRNG), streamed so that 1,000,000 products take no memory.
//   node --import tsx bench/import-file.ts --products 20000 --out .tmp/import/catalog-20k.jsonl
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, extname } from "node:path";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { ADJECTIVES, BRANDS, CATEGORIES, Rng } from "./bench-seed.js";

export interface ImportFileOptions {
  readonly products: number;
  readonly variantsPerProduct: number;
  readonly seed: number;
  /** A prefix of every SKU, so that two files can hold different products. */
  readonly skuPrefix: string;
}

interface FileVariant {
  sku: string;
  price: number;
  sale_price?: number;
  stock: number;
  threshold?: number;
  variant_name: string;
  variant_attributes: Record<string, string>;
  is_default?: boolean;
}

interface FileProduct {
  name: string;
  description: string;
  brand: string;
  category: string;
  subcategory: string;
  tags: string[];
  variants: FileVariant[];
}

/** The `index`-th product of the file (the PRNG is advanced in file order). */
const product = (rng: Rng, index: number, options: ImportFileOptions): FileProduct => {
  const spec = rng.pick(CATEGORIES);
  const sub = rng.pick(spec.subcategories);
  const material = rng.pick(spec.materials);
  const noun = rng.pick(sub.nouns);
  const brand = rng.pick(BRANDS);
  const name = `${brand} ${rng.pick(ADJECTIVES)} ${material} ${noun}`;
  const axis = spec.axes[0]!;
  const base = rng.int(Math.ceil(spec.price[0] / 100), Math.floor(spec.price[1] / 100)) * 100 - 1;
  const defaultAt = rng.int(0, options.variantsPerProduct - 1);
  const variants = Array.from({ length: options.variantsPerProduct }, (_, position): FileVariant => {
    const value = axis.values[position % axis.values.length]!;
    const price = base + position * 500;
    return {
      sku: `${options.skuPrefix}${spec.code}-${String(index + 1).padStart(7, "0")}-${position + 1}`,
      price,
      ...(rng.chance(0.2) ? { sale_price: Math.floor((price * rng.int(70, 90)) / 100) } : {}),
      stock: rng.int(0, 250),
      ...(rng.chance(0.5) ? { threshold: rng.int(3, 20) } : {}),
      variant_name: value,
      variant_attributes: { [axis.name]: value },
      ...(position === defaultAt ? { is_default: true } : {}),
    };
  });
  return {
    name,
    description: `The ${name} is made for everyday use, from ${material.toLowerCase()}.`,
    brand,
    category: spec.name,
    subcategory: sub.name,
    tags: rng.sample(spec.tags, rng.int(1, 3)),
    variants,
  };
};

const CSV_HEADER = "product_handle,name,description,category,subcategory,brand,tags,sku,price,sale_price,stock,threshold,variant_name,variant_attributes,is_default";
const cell = (value: string | number | undefined): string => {
  if (value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const csvRows = (p: FileProduct, handle: string): string =>
  p.variants
    .map((v, i) =>
      [
        handle,
        i === 0 ? p.name : "",
        i === 0 ? p.description : "",
        i === 0 ? p.category : "",
        i === 0 ? p.subcategory : "",
        i === 0 ? p.brand : "",
        i === 0 ? p.tags.join("|") : "",
        v.sku,
        v.price,
        v.sale_price,
        v.stock,
        v.threshold,
        v.variant_name,
        Object.entries(v.variant_attributes).map(([k, value]) => `${k}=${value}`).join(";"),
        v.is_default === true ? "true" : "",
      ]
        .map(cell)
        .join(","),
    )
    .join("\n");

/** Writes the file; answers its size in bytes. */
export const writeImportFile = async (path: string, format: "jsonl" | "csv", options: ImportFileOptions): Promise<number> => {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  const rng = new Rng(options.seed);
  let chunk = format === "csv" ? `${CSV_HEADER}\n` : "";
  for (let i = 0; i < options.products; i++) {
    const p = product(rng, i, options);
    chunk += format === "csv" ? `${csvRows(p, `p${i + 1}`)}\n` : `${JSON.stringify(p)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
  return out.bytesWritten;
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "20000" },
      variants: { type: "string", default: "3" },
      seed: { type: "string", default: "20260117" },
      "sku-prefix": { type: "string", default: "" },
      out: { type: "string", default: ".tmp/import/catalog.jsonl" },
    },
  });
  const format = extname(values.out) === ".csv" ? "csv" : "jsonl";
  const started = Date.now();
  const bytes = await writeImportFile(values.out, format, {
    products: Number(values.products),
    variantsPerProduct: Number(values.variants),
    seed: Number(values.seed),
    skuPrefix: values["sku-prefix"],
  });
  console.log(`wrote ${values.products} products to ${values.out} (${(bytes / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/"))) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
