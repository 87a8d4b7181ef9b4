// Products (`catalog.read`): the list with search (kept in the URL with the page size and cursor),
// rows selectable for a bulk edit of price (`catalog.write`) or stock (`stock.adjust`, through the
// stock-adjustment operation with a reason); a product's page edits each variant's price and
// adjusts its stock with a reason, and uploads an image (`catalog.write`, the media upload
// operation) with a preview of the chosen file before it is sent.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatMoney, parseMoney } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";
import { can, type Session } from "../session.js";

type Product = components["schemas"]["ProductDetail"];
type StockReason = "received" | "damaged" | "lost" | "count" | "returned" | "other";
const REASONS: readonly StockReason[] = ["received", "count", "damaged", "lost", "returned", "other"];
/** A product's image as the catalog keeps it. */
type ProductImage = components["schemas"]["Media"];

interface VariantRow {
  readonly variant_id: string;
  readonly sku: string;
  readonly variant_name: string;
  readonly price: number;
  readonly stock: number;
}

/** A simple product is its own only variant; a product with variants lists them. */
const variantsOf = (product: Product): VariantRow[] =>
  "variants" in product && Array.isArray(product.variants)
    ? (product.variants as VariantRow[]).map((v) => ({ variant_id: v.variant_id, sku: v.sku, variant_name: v.variant_name, price: v.price, stock: v.stock }))
    : [{ variant_id: (product as { variant_id: string }).variant_id, sku: (product as { sku: string }).sku, variant_name: "", price: (product as { price: number }).price, stock: (product as { stock: number }).stock }];

const FILTERS = ["search"] as const;

const setPrice = async (productId: string, variantId: string, price: number) =>
  answer(await api.PATCH("/admin/v1/products/{id}/variants/{variant_id}", { params: { path: { id: productId, variant_id: variantId } }, body: { price } }));

const adjustStock = async (variantId: string, delta: number, reason: StockReason, note: string) =>
  answer(await api.POST("/admin/v1/variants/{id}/stock-adjustments", { params: { path: { id: variantId } }, body: { delta, reason, ...(note.trim() !== "" ? { note: note.trim() } : {}) } }));

/** A whole number of units other than 0, negative to take away. */
const deltaOf = (text: string): number | undefined => (/^[+-]?\d+$/.test(text.trim()) && Number(text) !== 0 ? Number(text) : undefined);

export const ProductsPage = ({ session }: { session: Session }) => {
  const client = useQueryClient();
  const list = useListPage({
    path: "/admin/products",
    filters: FILTERS,
    name: "products",
    fetch: async ({ chosen, cursor, limit }) => answer(await api.GET("/admin/v1/products", { params: { query: { ...chosen, ...(cursor ? { cursor } : {}), limit } } })),
  });
  const { kept: filters, key, cursor, rows: products } = list;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [key]);
  const rows = products.data?.products ?? [];
  const chosen = rows.filter((p) => selected.has(p.product_id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const mayBulk = can(session, "catalog.write") || can(session, "stock.adjust");
  return (
    <>
      <h1>Products</h1>
      <form key={key} className="filters" role="search" onSubmit={list.submit}>
        <label>
          Search
          <input type="search" name="search" defaultValue={filters.search ?? ""} placeholder="Name, SKU or brand" />
        </label>
        <div className="actions">
          <button type="submit">Search</button>
          {filters.search ? (
            <a href="/admin/products" onClick={followLink}>
              Clear search
            </a>
          ) : null}
        </div>
      </form>
      {products.isError ? <Notice kind="error">{explain(products.error)}</Notice> : null}
      {products.isPending ? (
        <p className="loading">Loading the products…</p>
      ) : rows.length === 0 ? (
        <p>No product{filters.search ? " matches this search" : " yet"}.</p>
      ) : (
        <ScrollArea label="Products" busy={products.isFetching}>
          <table className="products">
            <thead>
              <tr>
                {mayBulk ? (
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select every product on this page"
                      checked={chosen.length === rows.length}
                      onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((p) => p.product_id)) : new Set())}
                    />
                  </th>
                ) : null}
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.product_id}>
                  {mayBulk ? (
                    <td>
                      <input type="checkbox" aria-label={`Select ${p.name}`} checked={selected.has(p.product_id)} onChange={(e) => toggle(p.product_id, e.target.checked)} />
                    </td>
                  ) : null}
                  <td>
                    <a href={`/admin/products/${p.product_id}`} onClick={followLink}>
                      {p.name}
                    </a>
                    {p.is_active ? null : <span className="muted"> (retired)</span>}
                  </td>
                  <td>{p.sku}</td>
                  <td className="n">{formatMoney(p.price, p.display_currency)}</td>
                  <td className="n">{p.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/products" kept={filters} cursor={cursor} next={products.data?.pagination.has_more ? products.data.pagination.next_cursor : null} />
      {mayBulk && rows.length > 0 ? (
        <BulkEdit session={session} chosen={chosen} currency={rows[0]!.display_currency} onDone={() => client.invalidateQueries({ queryKey: ["products"] })} />
      ) : null}
    </>
  );
};

type Outcome = { ok?: string; error?: string };
type Listed = components["schemas"]["ProductListItem"];

/** One price, or one stock change with its reason, for every selected row (its listed variant). */
const BulkEdit = ({ session, chosen, currency, onDone }: { session: Session; chosen: readonly Listed[]; currency: string; onDone: () => Promise<unknown> }) => {
  const [price, setPriceText] = useState("");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState<StockReason>("received");
  const [result, setResult] = useState<Outcome>({});
  // Rows are changed one by one (one request each): the bar says how far it has gone.
  const [progress, setProgress] = useState<{ done: number; total: number; what: string }>();
  const bulk = useMutation({
    mutationFn: async ({ what, change }: { what: string; change: (p: Listed) => Promise<unknown> }) => {
      const failed: string[] = [];
      setProgress({ done: 0, total: chosen.length, what });
      for (const [i, p] of chosen.entries()) {
        try {
          await change(p);
        } catch (problem) {
          failed.push(`${p.name}: ${explain(problem)}`);
        }
        setProgress({ done: i + 1, total: chosen.length, what });
      }
      return failed;
    },
    onSettled: () => setProgress(undefined),
  });
  const run = async (what: string, change: (p: Listed) => Promise<unknown>) => {
    if (chosen.length === 0) return setResult({ error: "Select the products to change first (the boxes in the first column)." });
    setResult({});
    const failed = await bulk.mutateAsync({ what, change });
    const done = chosen.length - failed.length;
    setResult({ ...(done > 0 ? { ok: `${what} for ${done} product${done === 1 ? "" : "s"}.` } : {}), ...(failed.length > 0 ? { error: `Not changed: ${failed.join(" ")}` } : {}) });
    await onDone();
  };
  const submitPrice = async (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMoney(price, currency);
    if (minor === undefined || minor <= 0) return setResult({ error: `Enter a price in ${currency}, for example 1500.` });
    await run(`Price set to ${formatMoney(minor, currency)}`, (p) => setPrice(p.product_id, p.variant_id, minor));
  };
  const submitStock = async (event: FormEvent) => {
    event.preventDefault();
    const n = deltaOf(delta);
    if (n === undefined) return setResult({ error: "Enter the units to add (or, with a minus, to take away), for example 5 or -2." });
    await run(`Stock ${n > 0 ? `raised by ${n}` : `lowered by ${-n}`} (${reason})`, (p) => adjustStock(p.variant_id, n, reason, "bulk edit"));
  };
  return (
    <section className="panel" aria-labelledby="bulk-title">
      <h2 id="bulk-title">Bulk edit ({chosen.length} selected)</h2>
      <p className="muted">Each selected row's listed variant is changed; a product's other variants are edited on its page.</p>
      {can(session, "catalog.write") ? (
        <form className="inline-form" onSubmit={submitPrice}>
          <label>
            New price in {currency}
            <input name="bulk-price" inputMode="decimal" value={price} onChange={(e) => setPriceText(e.target.value)} autoComplete="off" />
          </label>
          <button type="submit" disabled={bulk.isPending}>
            Set price of selected
          </button>
        </form>
      ) : null}
      {can(session, "stock.adjust") ? (
        <form className="inline-form" onSubmit={submitStock}>
          <label>
            Stock change (units, negative to take away)
            <input name="bulk-delta" inputMode="numeric" value={delta} onChange={(e) => setDelta(e.target.value)} autoComplete="off" />
          </label>
          <label>
            Reason
            <select name="bulk-reason" value={reason} onChange={(e) => setReason(e.target.value as StockReason)}>
              {REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={bulk.isPending}>
            Adjust stock of selected
          </button>
        </form>
      ) : null}
      {progress !== undefined ? (
        <p className="progress" role="status">
          <progress value={progress.done} max={progress.total} aria-label="Bulk edit progress" /> {progress.what}: {progress.done} of {progress.total} products done…
        </p>
      ) : null}
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
};

const VariantEditor = ({ productId, variant, currency, session, onDone }: { productId: string; variant: VariantRow; currency: string; session: Session; onDone: () => Promise<unknown> }) => {
  const [price, setPriceText] = useState("");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState<StockReason>("received");
  const [note, setNote] = useState("");
  const [result, setResult] = useState<Outcome>({});
  const name = variant.variant_name || variant.sku;
  const savePrice = useMutation({ mutationFn: (minor: number) => setPrice(productId, variant.variant_id, minor) });
  const adjust = useMutation({ mutationFn: (n: number) => adjustStock(variant.variant_id, n, reason, note) });
  const submitPrice = async (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMoney(price, currency);
    if (minor === undefined || minor <= 0) return setResult({ error: `Enter a price in ${currency}, for example 1500.` });
    try {
      await savePrice.mutateAsync(minor);
      setResult({ ok: `${name}: price set to ${formatMoney(minor, currency)}.` });
      setPriceText("");
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  const submitStock = async (event: FormEvent) => {
    event.preventDefault();
    const n = deltaOf(delta);
    if (n === undefined) return setResult({ error: "Enter the units to add (or, with a minus, to take away), for example 5 or -2." });
    try {
      const entry = await adjust.mutateAsync(n);
      setResult({ ok: `${name}: stock ${entry.stock_before} → ${entry.stock_after} (${entry.reason}).` });
      setDelta("");
      setNote("");
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <section className="panel" aria-label={`Variant ${name}`}>
      <h3>
        {name} <span className="muted">{variant.sku}</span>
      </h3>
      <p>
        Price <strong data-field="variant_price">{formatMoney(variant.price, currency)}</strong>, stock <strong data-field="variant_stock">{variant.stock}</strong>
      </p>
      {can(session, "catalog.write") ? (
        <form className="inline-form" onSubmit={submitPrice}>
          <label>
            New price of {name} in {currency}
            <input inputMode="decimal" value={price} onChange={(e) => setPriceText(e.target.value)} autoComplete="off" />
          </label>
          <button type="submit" disabled={savePrice.isPending}>
            Save price
          </button>
        </form>
      ) : null}
      {can(session, "stock.adjust") ? (
        <form className="inline-form" onSubmit={submitStock}>
          <label>
            Stock change of {name}
            <input inputMode="numeric" value={delta} onChange={(e) => setDelta(e.target.value)} autoComplete="off" />
          </label>
          <label>
            Reason for {name}
            <select value={reason} onChange={(e) => setReason(e.target.value as StockReason)}>
              {REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          <label>
            Note for {name} (optional)
            <input value={note} onChange={(e) => setNote(e.target.value)} autoComplete="off" />
          </label>
          <button type="submit" disabled={adjust.isPending}>
            Adjust stock
          </button>
        </form>
      ) : null}
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
};

/** Choose an image, see it, then upload it and add it to the product (the first becomes its main image). */
const ImageUpload = ({ product, onDone }: { product: Product; onDone: () => Promise<unknown> }) => {
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [result, setResult] = useState<Outcome>({});
  useEffect(() => {
    if (file === undefined) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const media = answer(
        await api.POST("/admin/v1/media", {
          params: { query: { file_name: chosen.name } },
          // The file's own bytes, as they are: the server decides from them what the image is.
          body: chosen as unknown as string,
          bodySerializer: (body: unknown) => body as string,
          headers: { "Content-Type": chosen.type !== "" ? chosen.type : "application/octet-stream" },
        }),
      );
      const images = (product.media as readonly ProductImage[]).map((m) => ({ url: m.url, type: m.type ?? "image", alt_text: m.alt_text ?? null, is_primary: m.is_primary === true }));
      const first = images.length === 0;
      const thumbnail = media.variants.find((v) => v.name === "600")?.url ?? media.url;
      answer(
        await api.PATCH("/admin/v1/products/{id}", {
          params: { path: { id: product.product_id } },
          body: { media: [...images, { url: media.url, type: "image", alt_text: product.name, is_primary: first }], ...(first || product.thumbnail_url === null ? { thumbnail_url: thumbnail } : {}) },
        }),
      );
      return media;
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file === undefined) return setResult({ error: "Choose an image first (JPEG, PNG, WebP, GIF or AVIF, at most 10 MB)." });
    try {
      const media = await upload.mutateAsync(file);
      setResult({ ok: `Uploaded ${media.file_name ?? "the image"} (${media.width}×${media.height}) and added it to ${product.name}.` });
      setFile(undefined);
      (event.target as HTMLFormElement).reset();
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="upload-title">
      <h2 id="upload-title">Add an image</h2>
      <label>
        Image file
        <input type="file" name="image" accept="image/png,image/jpeg,image/webp,image/gif,image/avif" onChange={(e) => setFile(e.target.files?.[0])} />
      </label>
      {preview !== undefined ? <img className="preview" src={preview} alt={`Preview of ${file?.name ?? "the chosen image"}`} /> : null}
      <button type="submit" disabled={upload.isPending}>
        {upload.isPending ? "Uploading…" : "Upload image"}
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

export const ProductDetailPage = ({ id, session }: { id: string; session: Session }) => {
  const client = useQueryClient();
  const product = useQuery({ queryKey: ["product", id], queryFn: async () => answer(await api.GET("/admin/v1/products/{id}", { params: { path: { id } } })) });
  if (product.isPending) return <p className="loading">Loading the product…</p>;
  if (product.isError) return <Notice kind="error">{explain(product.error)}</Notice>;
  const p = product.data;
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ["product", id] }), client.invalidateQueries({ queryKey: ["products"] })]);
  const images: readonly ProductImage[] = p.media;
  return (
    <>
      <p>
        <a href="/admin/products" onClick={followLink}>
          ← Products
        </a>
      </p>
      <h1>{p.name}</h1>
      <dl className="facts">
        <dt>Slug</dt>
        <dd>{p.product_slug}</dd>
        <dt>Category</dt>
        <dd>{p.category_name ?? "—"}</dd>
        <dt>State</dt>
        <dd>{p.is_active ? "on sale" : "retired"}</dd>
      </dl>
      <h2>Images</h2>
      {images.length === 0 ? (
        <p>No image yet.</p>
      ) : (
        <ul className="images">
          {images.map((m) => (
            <li key={m.url}>
              <img src={m.url} alt={m.alt_text ?? p.name} />
              {m.is_primary ? <span className="muted"> main image</span> : null}
            </li>
          ))}
        </ul>
      )}
      {can(session, "catalog.write") ? <ImageUpload product={p} onDone={refresh} /> : null}
      <h2>Variants</h2>
      {variantsOf(p).map((v) => (
        <VariantEditor key={v.variant_id} productId={p.product_id} variant={v} currency={p.display_currency} session={session} onDone={refresh} />
      ))}
    </>
  );
};
