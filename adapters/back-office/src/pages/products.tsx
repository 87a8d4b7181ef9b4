// Products (`catalog.read`): the list with search (kept in the URL with the page size and cursor),
// rows selectable for a bulk edit of price (`catalog.write`) or stock (`stock.adjust`, through the
// stock-adjustment operation with a reason), and a "New product" panel (`catalog.write`) that
// creates a product with its first variant and opens its page. A product's page edits the
// product's own fields (name, slug, description, brand, category and subcategory, tags, weight,
// on sale, featured: only what changed is sent), each variant's price, its own fields (name, SKU,
// sale price, low-stock threshold, attributes, default) and its stock (only through a stock
// adjustment with a reason: never the variant's `stock` field), adds a variant (created with
// stock 0, its first units received through the ledger) and deletes one, uploads an image with a
// preview of the chosen file before it is sent, and deletes the product (asked twice), back to
// the list with what happened. A wrong value is said beside its field before any request; the
// API's refusal beside the field it names. Members without `catalog.write` see no editor.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useEffect, useState, type FormEvent } from "react";
import type { components, operations } from "storefront/admin-client";
import { answer, api, ApiProblem, explain, noContent } from "../api.js";
import { ConfirmButton } from "../confirm-button.js";
import { Notice } from "../feedback.js";
import { formatMoney, parseMoney, typedAmount } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink, navigate } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";
import { can, type Session } from "../session.js";

type Product = components["schemas"]["ProductDetail"];
type StockReason = "received" | "damaged" | "lost" | "count" | "returned" | "other";
const REASONS: readonly StockReason[] = ["received", "count", "damaged", "lost", "returned", "other"];
/** A product's image as the catalog keeps it. */
type ProductImage = components["schemas"]["Media"];

type VariantRow = Pick<components["schemas"]["Variant"], "variant_id" | "sku" | "variant_name" | "price" | "sale_price" | "stock" | "threshold" | "variant_attributes" | "is_default">;
type ProductPatch = NonNullable<operations["adminUpdateProduct"]["requestBody"]>["content"]["application/json"];
type ProductInput = NonNullable<operations["adminCreateProduct"]["requestBody"]>["content"]["application/json"];
type VariantPatch = NonNullable<operations["adminUpdateVariant"]["requestBody"]>["content"]["application/json"];
type VariantInput = NonNullable<operations["adminAddVariant"]["requestBody"]>["content"]["application/json"];

const rowOf = (v: VariantRow): VariantRow => ({
  variant_id: v.variant_id,
  sku: v.sku,
  variant_name: v.variant_name,
  price: v.price,
  sale_price: v.sale_price,
  stock: v.stock,
  threshold: v.threshold,
  variant_attributes: v.variant_attributes,
  is_default: v.is_default,
});

/** A simple product is its own only variant (its variant fields are flat); a product with variants lists them. */
const variantsOf = (product: Product): VariantRow[] => ("variants" in product && Array.isArray(product.variants) ? product.variants.map(rowOf) : [rowOf(product as components["schemas"]["ProductListItem"])]);

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
  const [creating, setCreating] = useState(false);
  // What a product's page said when it deleted the product: shown here once.
  const [farewell] = useState(() => leftWith);
  useEffect(() => () => void (leftWith = undefined), []);
  const closeNew = () => {
    setCreating(false);
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>('button[aria-controls="new-product"]')?.focus());
  };
  return (
    <>
      <h1>Products</h1>
      <Notice kind="success">{farewell}</Notice>
      {can(session, "catalog.write") ? (
        <p>
          <button type="button" aria-expanded={creating} aria-controls="new-product" onClick={() => setCreating(!creating)}>
            New product
          </button>
        </p>
      ) : null}
      {creating ? <NewProductForm session={session} onClose={closeNew} /> : null}
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

const VariantEditor = ({ productId, variant, currency, session, onDone, only }: { productId: string; variant: VariantRow; currency: string; session: Session; onDone: (said?: string) => Promise<unknown>; only: boolean }) => {
  const [price, setPriceText] = useState("");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState<StockReason>("received");
  const [note, setNote] = useState("");
  const [result, setResult] = useState<Outcome>({});
  const name = variant.variant_name || variant.sku;
  const savePrice = useMutation({ mutationFn: (minor: number) => setPrice(productId, variant.variant_id, minor) });
  const adjust = useMutation({ mutationFn: (n: number) => adjustStock(variant.variant_id, n, reason, note) });
  const remove = useMutation({
    mutationFn: async () => noContent(await api.DELETE("/admin/v1/products/{id}/variants/{variant_id}", { params: { path: { id: productId, variant_id: variant.variant_id } } })),
  });
  const deleteVariant = async () => {
    try {
      await remove.mutateAsync();
      await onDone(`Deleted the variant ${name} (${variant.sku}).`);
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
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
      {can(session, "catalog.write") ? (
        <>
          <VariantDetailsForm productId={productId} variant={variant} currency={currency} onDone={onDone} />
          {only ? (
            <p className="muted">The only variant: delete the product instead.</p>
          ) : (
            <p>
              <ConfirmButton verb="delete" what={`the variant ${name}`} pending={remove.isPending} onConfirmed={deleteVariant} />
            </p>
          )}
        </>
      ) : null}
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

// ---- The editor: the product's own fields, variants' fields, new product, deletes ----

type Errors = Partial<Record<string, string>>;

const FieldError = ({ id, message }: { id: string; message: string | undefined }) =>
  message === undefined ? null : (
    <span className="field-error" id={`${id}-error`}>
      {message}
    </span>
  );

/** `aria-invalid` and the error's id for a control whose value is wrong. */
const describeWith = (errors: Errors, prefix: string) => (field: string) =>
  errors[field] !== undefined ? { "aria-invalid": true, "aria-describedby": `${prefix}-${field}-error` } : {};

/** The form's field an API refusal names: `variants[0].sku` and `sku` are the SKU, `tags[2]` the tags, `shipping_info.weight_grams` the weight. */
const fieldOfParam = (param: string | undefined, fields: readonly string[]): string | undefined => {
  if (param === undefined) return undefined;
  const plain = param.replace(/^variants\[\d+\]\./, "").replace(/^shipping_info\./, "").replace(/^variant_attributes\..*$/, "variant_attributes").replace(/\[\d+\]$/, "");
  return fields.find((f) => f === plain);
};

/** The refusal beside its field when the API names one of the form's fields, else in the form's notice. */
const refusal = (problem: unknown, fields: readonly string[], setErrors: (errors: Errors) => void, nothing: string): string => {
  const field = problem instanceof ApiProblem ? fieldOfParam(problem.param, fields) : undefined;
  if (field === undefined || !(problem instanceof ApiProblem)) return explain(problem);
  // A value refused (a SKU or slug already used is a 409): the API's words and to correct it, not to reload.
  setErrors({ [field]: `${problem.message} Correct it and try again.` });
  return `The server refused a value: see beside the field. ${nothing}`;
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;
const WHOLE = /^\d+$/;
const CORRECT = "Some values need correcting: see beside each field.";

/** Tags typed separated by commas: the list (null for none), or what is wrong. */
const tagsOf = (text: string): { tags: string[] | null; error?: string } => {
  const tags = text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
  if (tags.some((t) => t.length > 50)) return { tags, error: "A tag is at most 50 characters." };
  if (tags.length > 50) return { tags, error: "At most 50 tags." };
  return { tags: tags.length === 0 ? null : tags };
};

/** Attributes typed one a line as `name: value`, or what is wrong. */
const attributesOf = (text: string): { attributes: Record<string, string>; error?: string } => {
  const attributes: Record<string, string> = {};
  for (const line of text.split("\n").map((l) => l.trim())) {
    if (line === "") continue;
    const at = line.indexOf(":");
    const name = at < 0 ? "" : line.slice(0, at).trim();
    const value = at < 0 ? "" : line.slice(at + 1).trim();
    if (name === "" || value === "") return { attributes, error: `Write each attribute on its own line as name: value (for example size: M); "${line}" is not.` };
    if (name.length > 50 || value.length > 200) return { attributes, error: "An attribute's name is at most 50 characters, its value at most 200." };
    attributes[name] = value;
  }
  return { attributes };
};

const attributesText = (attributes: Readonly<Record<string, string>>): string =>
  Object.entries(attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const useCategories = () =>
  useQuery({ queryKey: ["categories", "for-products"], queryFn: async () => answer(await api.GET("/admin/v1/categories", { params: { query: { limit: 200 } } })).categories });

const useSubcategories = (categoryId: string) =>
  useQuery({
    queryKey: ["subcategories", categoryId],
    enabled: categoryId !== "",
    queryFn: async () => answer(await api.GET("/admin/v1/subcategories", { params: { query: { category_id: categoryId, limit: 500 } } })).subcategories,
  });

/** The category and subcategory selects: the subcategories offered are the chosen category's. */
const PlacementFields = ({ prefix, category, subcategory, errors }: { prefix: string; category: string | null; subcategory: string | null; errors: Errors }) => {
  const [categoryId, setCategoryId] = useState(category ?? "");
  const [subcategoryId, setSubcategoryId] = useState(subcategory ?? "");
  const categories = useCategories();
  const subcategories = useSubcategories(categoryId);
  const describe = describeWith(errors, prefix);
  const known = categories.data ?? [];
  return (
    <div className="inline-form">
      <label>
        Category
        <select name="category_id" value={categoryId} onChange={(e) => {
            setCategoryId(e.target.value);
            setSubcategoryId("");
          }} {...describe("category_id")}>
          <option value="">None</option>
          {category !== null && categories.isSuccess && !known.some((c) => c.id === category) ? <option value={category}>(current, hidden category)</option> : null}
          {known.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id={`${prefix}-category_id`} message={errors.category_id ?? (categories.isError ? explain(categories.error) : undefined)} />
      </label>
      <label>
        Subcategory
        <select name="subcategory_id" value={subcategoryId} onChange={(e) => setSubcategoryId(e.target.value)} disabled={categoryId === ""} {...describe("subcategory_id")}>
          <option value="">None</option>
          {subcategoryId !== "" && subcategories.isSuccess && !subcategories.data.some((s) => s.id === subcategoryId) ? <option value={subcategoryId}>(current, hidden subcategory)</option> : null}
          {(subcategories.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <FieldError id={`${prefix}-subcategory_id`} message={errors.subcategory_id} />
      </label>
    </div>
  );
};

/** The product-level values of a form, checked: the values, and what is wrong beside each field. */
const readProductFields = (data: FormData) => {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const found: Errors = {};
  const name = text("name");
  if (name === "") found.name = "A product needs a name.";
  else if (name.length > 200) found.name = "A name is at most 200 characters.";
  const description = String(data.get("description") ?? "").trim();
  if (description.length > 20_000) found.description = "A description is at most 20,000 characters.";
  const brand = text("brand");
  if (brand.length > 200) found.brand = "A brand is at most 200 characters.";
  const tags = tagsOf(text("tags"));
  if (tags.error !== undefined) found.tags = tags.error;
  const weight = text("weight_grams");
  if (weight !== "" && !WHOLE.test(weight)) found.weight_grams = "A whole number of grams, for example 450, or empty.";
  return {
    found,
    name,
    description: description === "" ? null : description,
    brand: brand === "" ? null : brand,
    category_id: text("category_id") === "" ? null : text("category_id"),
    subcategory_id: text("subcategory_id") === "" ? null : text("subcategory_id"),
    tags: tags.tags,
    weight: weight === "" ? undefined : Number(weight),
    is_active: data.get("is_active") === "on",
    featured: data.get("featured") === "on",
  };
};

const PRODUCT_FIELDS = ["name", "slug", "description", "brand", "category_id", "subcategory_id", "tags", "weight_grams", "is_active", "featured"] as const;

/** The product's own fields, filled with its values (empty for a new one). */
const ProductFields = ({ prefix, product, errors }: { prefix: string; product?: Product; errors: Errors }) => {
  const describe = describeWith(errors, prefix);
  return (
    <>
      <div className="inline-form">
        <label>
          Name
          <input name="name" defaultValue={product?.name ?? ""} autoComplete="off" {...describe("name")} />
          <FieldError id={`${prefix}-name`} message={errors.name} />
        </label>
        {product !== undefined ? (
          <label>
            Slug (in the product's address)
            <input name="slug" defaultValue={product.product_slug} autoComplete="off" {...describe("slug")} />
            <FieldError id={`${prefix}-slug`} message={errors.slug} />
          </label>
        ) : null}
        <label>
          Brand (optional)
          <input name="brand" defaultValue={product?.brand ?? ""} autoComplete="off" {...describe("brand")} />
          <FieldError id={`${prefix}-brand`} message={errors.brand} />
        </label>
      </div>
      <label>
        Description (optional)
        <textarea name="description" rows={4} defaultValue={product?.description ?? ""} {...describe("description")} />
        <FieldError id={`${prefix}-description`} message={errors.description} />
      </label>
      <PlacementFields prefix={prefix} category={product?.category_id ?? null} subcategory={product?.subcategory_id ?? null} errors={errors} />
      <div className="inline-form">
        <label>
          Tags (separated by commas)
          <input name="tags" defaultValue={(product?.tags ?? []).join(", ")} autoComplete="off" {...describe("tags")} />
          <FieldError id={`${prefix}-tags`} message={errors.tags} />
        </label>
        <label>
          Packed weight in grams (optional)
          <input name="weight_grams" inputMode="numeric" defaultValue={product?.shipping_info.weight_grams?.toString() ?? ""} autoComplete="off" {...describe("weight_grams")} />
          <FieldError id={`${prefix}-weight_grams`} message={errors.weight_grams} />
        </label>
      </div>
      <div className="inline-form">
        <label className="inline">
          <input type="checkbox" name="is_active" defaultChecked={product?.is_active ?? true} /> On sale (unticked: retired, hidden from shoppers)
        </label>
        <label className="inline">
          <input type="checkbox" name="featured" defaultChecked={product?.featured ?? false} /> Featured
        </label>
      </div>
    </>
  );
};

/** The product's own fields: only what changed is sent (`PATCH /admin/v1/products/{id}`). */
const ProductDetailsForm = ({ product, onDone }: { product: Product; onDone: () => Promise<unknown> }) => {
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Outcome>({});
  const save = useMutation({ mutationFn: async (body: ProductPatch) => answer(await api.PATCH("/admin/v1/products/{id}", { params: { path: { id: product.product_id } }, body })) });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = readProductFields(data);
    const slug = String(data.get("slug") ?? "").trim();
    if (!SLUG.test(slug)) read.found.slug = "Lowercase letters, digits and hyphens (1 to 200), starting with a letter or digit.";
    setErrors(read.found);
    if (Object.keys(read.found).length > 0) return setResult({ error: `${CORRECT} Nothing was saved.` });
    const patch: ProductPatch = {};
    if (read.name !== product.name) patch.name = read.name;
    if (slug !== product.product_slug) patch.slug = slug;
    if (read.description !== (product.description ?? null)) patch.description = read.description;
    if (read.brand !== (product.brand ?? null)) patch.brand = read.brand;
    if (read.category_id !== (product.category_id ?? null)) patch.category_id = read.category_id;
    if (read.subcategory_id !== (product.subcategory_id ?? null) || patch.category_id !== undefined) patch.subcategory_id = read.subcategory_id;
    if (!sameJson(read.tags, product.tags ?? null)) patch.tags = read.tags;
    if (read.weight !== product.shipping_info.weight_grams) {
      const { weight_grams: _old, ...rest } = product.shipping_info;
      patch.shipping_info = read.weight === undefined ? rest : { ...rest, weight_grams: read.weight };
    }
    if (read.is_active !== product.is_active) patch.is_active = read.is_active;
    if (read.featured !== product.featured) patch.featured = read.featured;
    if (Object.keys(patch).length === 0) return setResult({ ok: "Nothing changed: every value is as saved." });
    try {
      const done = await save.mutateAsync(patch);
      const changed = Object.keys(patch).map((k) => (k === "shipping_info" ? "weight" : k === "is_active" ? "on sale" : k.replace(/_id$/, "").replace(/_/g, " ")));
      setResult({ ok: `Saved ${changed.join(", ")} of ${done.name}.` });
      await onDone();
    } catch (problem) {
      setResult({ error: refusal(problem, PRODUCT_FIELDS, setErrors, "Nothing was saved.") });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="details-title" noValidate>
      <h2 id="details-title">Product details</h2>
      {/* Filled again with the saved values after each change (the notices stay). */}
      <ProductFields key={product.updated_at} prefix="product" product={product} errors={errors} />
      <button type="submit" disabled={save.isPending}>
        Save product details
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const VARIANT_FIELDS = ["sku", "variant_name", "price", "sale_price", "threshold", "variant_attributes", "is_default", "stock"] as const;

/** A variant's own values typed in a form (not its stock), checked. */
const readVariantFields = (data: FormData, currency: string, price: number | undefined) => {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const found: Errors = {};
  const sku = text("sku");
  if (sku === "") found.sku = "A variant needs a SKU.";
  else if (sku.length > 100) found.sku = "A SKU is at most 100 characters.";
  const variant_name = text("variant_name");
  if (variant_name.length > 200) found.variant_name = "A name is at most 200 characters.";
  const saleText = text("sale_price");
  const sale = saleText === "" ? null : parseMoney(saleText, currency);
  if (sale === undefined) found.sale_price = `A price in ${currency}, for example 1200, or empty when not on sale.`;
  else if (sale !== null && price !== undefined && sale >= price) found.sale_price = `The sale price must be below the price (${formatMoney(price, currency)}).`;
  const thresholdText = text("threshold");
  if (thresholdText !== "" && !WHOLE.test(thresholdText)) found.threshold = "A whole number of units, or empty for none.";
  const attributes = attributesOf(String(data.get("variant_attributes") ?? ""));
  if (attributes.error !== undefined) found.variant_attributes = attributes.error;
  return { found, sku, variant_name, sale_price: sale ?? null, threshold: thresholdText === "" ? null : Number(thresholdText), variant_attributes: attributes.attributes };
};

/** The variant fields a form shares between adding and changing a variant. */
const VariantFields = ({ prefix, variant, currency, errors }: { prefix: string; variant?: VariantRow; currency: string; errors: Errors }) => {
  const describe = describeWith(errors, prefix);
  return (
    <>
      <div className="inline-form">
        <label>
          Variant name{variant === undefined ? " (optional)" : ""}
          <input name="variant_name" defaultValue={variant?.variant_name ?? ""} autoComplete="off" {...describe("variant_name")} />
          <FieldError id={`${prefix}-variant_name`} message={errors.variant_name} />
        </label>
        <label>
          SKU
          <input name="sku" defaultValue={variant?.sku ?? ""} autoComplete="off" {...describe("sku")} />
          <FieldError id={`${prefix}-sku`} message={errors.sku} />
        </label>
        <label>
          Sale price in {currency} (empty: not on sale)
          <input name="sale_price" inputMode="decimal" defaultValue={variant?.sale_price == null ? "" : typedAmount(variant.sale_price, currency)} autoComplete="off" {...describe("sale_price")} />
          <FieldError id={`${prefix}-sale_price`} message={errors.sale_price} />
        </label>
        <label>
          Low-stock threshold (optional)
          <input name="threshold" inputMode="numeric" defaultValue={variant?.threshold?.toString() ?? ""} autoComplete="off" {...describe("threshold")} />
          <FieldError id={`${prefix}-threshold`} message={errors.threshold} />
        </label>
      </div>
      <label>
        Attributes, one a line as name: value (for example size: M)
        <textarea name="variant_attributes" rows={2} defaultValue={variant === undefined ? "" : attributesText(variant.variant_attributes)} {...describe("variant_attributes")} />
        <FieldError id={`${prefix}-variant_attributes`} message={errors.variant_attributes} />
      </label>
    </>
  );
};

/** A variant's own fields, only what changed (`PATCH .../variants/{variant_id}`); its stock is never among them. */
const VariantDetailsForm = ({ productId, variant, currency, onDone }: { productId: string; variant: VariantRow; currency: string; onDone: () => Promise<unknown> }) => {
  const prefix = `variant-${variant.variant_id}`;
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Outcome>({});
  const name = variant.variant_name || variant.sku;
  const save = useMutation({
    mutationFn: async (body: VariantPatch) => answer(await api.PATCH("/admin/v1/products/{id}/variants/{variant_id}", { params: { path: { id: productId, variant_id: variant.variant_id } }, body })),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = readVariantFields(data, currency, variant.price);
    setErrors(read.found);
    if (Object.keys(read.found).length > 0) return setResult({ error: `${CORRECT} Nothing was saved.` });
    const patch: VariantPatch = {};
    if (read.sku !== variant.sku) patch.sku = read.sku;
    if (read.variant_name !== variant.variant_name) patch.variant_name = read.variant_name;
    if (read.sale_price !== variant.sale_price) patch.sale_price = read.sale_price;
    if (read.threshold !== variant.threshold) patch.threshold = read.threshold;
    if (!sameJson(read.variant_attributes, variant.variant_attributes)) patch.variant_attributes = read.variant_attributes;
    if (data.get("is_default") === "on" && !variant.is_default) patch.is_default = true;
    if (Object.keys(patch).length === 0) return setResult({ ok: "Nothing changed: every value is as saved." });
    try {
      const done = await save.mutateAsync(patch);
      setResult({ ok: `Saved ${Object.keys(patch).map((k) => k.replace(/^variant_/, "").replace(/_/g, " ")).join(", ")} of ${done.variant_name || done.sku}.` });
      await onDone();
    } catch (problem) {
      setResult({ error: refusal(problem, VARIANT_FIELDS, setErrors, "Nothing was saved.") });
    }
  };
  return (
    <form onSubmit={submit} aria-label={`Details of ${name}`} noValidate>
      <Fragment key={JSON.stringify(variant)}>
        <VariantFields prefix={prefix} variant={variant} currency={currency} errors={errors} />
        {variant.is_default ? (
          <p className="muted">The default variant (the one lists show).</p>
        ) : (
          <label className="inline">
            <input type="checkbox" name="is_default" /> Make {name} the default variant
          </label>
        )}
      </Fragment>
      <button type="submit" disabled={save.isPending}>
        Save variant details
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

/** First units of a new variant: received through the stock ledger (the variant is created with stock 0). */
const receiveFirstUnits = async (variantId: string, units: number): Promise<string> => {
  if (units === 0) return "";
  try {
    const entry = await adjustStock(variantId, units, "received", "first stock");
    return ` Stock ${entry.stock_before} → ${entry.stock_after} (received).`;
  } catch (problem) {
    return ` Its stock was not received: ${explain(problem)} Adjust it on the product's page.`;
  }
};

const FirstStockField = ({ prefix, errors }: { prefix: string; errors: Errors }) => (
  <label>
    Units in stock (received through the stock ledger; empty: 0)
    <input name="first_stock" inputMode="numeric" autoComplete="off" {...describeWith(errors, prefix)("first_stock")} />
    <FieldError id={`${prefix}-first_stock`} message={errors.first_stock} />
  </label>
);

const readFirstStock = (data: FormData, found: Errors): number => {
  const text = String(data.get("first_stock") ?? "").trim();
  if (text === "") return 0;
  if (!WHOLE.test(text)) found.first_stock = "A whole number of units from 0, or empty.";
  return Number(text);
};

const readPrice = (data: FormData, currency: string, found: Errors): number | undefined => {
  const minor = parseMoney(String(data.get("price") ?? ""), currency);
  if (minor === undefined || minor <= 0) found.price = `Enter a price in ${currency}, for example 1500.`;
  return minor;
};

/** Adds a variant (`POST .../variants`), its stock 0 and its first units through the ledger. */
const AddVariantForm = ({ session, productId, currency, onDone }: { session: Session; productId: string; currency: string; onDone: () => Promise<unknown> }) => {
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Outcome>({});
  const [generation, setGeneration] = useState(0);
  const add = useMutation({ mutationFn: async (body: VariantInput) => answer(await api.POST("/admin/v1/products/{id}/variants", { params: { path: { id: productId } }, body })) });
  const mayStock = can(session, "stock.adjust");
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Errors = {};
    const price = readPrice(data, currency, found);
    const read = readVariantFields(data, currency, price);
    Object.assign(found, read.found);
    const units = mayStock ? readFirstStock(data, found) : 0;
    setErrors(found);
    if (Object.keys(found).length > 0) return setResult({ error: `${CORRECT} No variant was added.` });
    try {
      const variant = await add.mutateAsync({
        sku: read.sku,
        price: price!,
        stock: 0,
        ...(read.sale_price !== null ? { sale_price: read.sale_price } : {}),
        ...(read.threshold !== null ? { threshold: read.threshold } : {}),
        ...(read.variant_name !== "" ? { variant_name: read.variant_name } : {}),
        variant_attributes: read.variant_attributes,
      });
      const stock = await receiveFirstUnits(variant.variant_id, units);
      setResult({ ok: `Added the variant ${variant.variant_name || variant.sku} at ${formatMoney(variant.price, currency)}.${stock}` });
      setGeneration((n) => n + 1);
      await onDone();
    } catch (problem) {
      setResult({ error: refusal(problem, [...VARIANT_FIELDS, "price"], setErrors, "No variant was added.") });
    }
  };
  return (
    <form key={generation} className="panel" onSubmit={submit} aria-labelledby="add-variant-title" noValidate>
      <h2 id="add-variant-title">Add a variant</h2>
      <label>
        Price in {currency}
        <input name="price" inputMode="decimal" autoComplete="off" {...describeWith(errors, "new-variant")("price")} />
        <FieldError id="new-variant-price" message={errors.price} />
      </label>
      <VariantFields prefix="new-variant" currency={currency} errors={errors} />
      {mayStock ? <FirstStockField prefix="new-variant" errors={errors} /> : null}
      <button type="submit" disabled={add.isPending}>
        Add variant
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

/** What the list says once, after a product's page deleted it. */
let leftWith: string | undefined;

/** Creates a product with its first variant (`POST /admin/v1/products`), then opens its page. */
const NewProductForm = ({ session, onClose }: { session: Session; onClose: () => void }) => {
  const client = useQueryClient();
  const currency = session.store.base_currency;
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Outcome>({});
  const create = useMutation({ mutationFn: async (body: ProductInput) => answer(await api.POST("/admin/v1/products", { body })) });
  const mayStock = can(session, "stock.adjust");
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = readProductFields(data);
    const found: Errors = { ...read.found };
    const price = readPrice(data, currency, found);
    const variant = readVariantFields(data, currency, price);
    Object.assign(found, variant.found);
    const units = mayStock ? readFirstStock(data, found) : 0;
    setErrors(found);
    if (Object.keys(found).length > 0) return setResult({ error: `${CORRECT} No product was created.` });
    try {
      const created = await create.mutateAsync({
        name: read.name,
        ...(read.description !== null ? { description: read.description } : {}),
        ...(read.brand !== null ? { brand: read.brand } : {}),
        ...(read.category_id !== null ? { category_id: read.category_id } : {}),
        ...(read.subcategory_id !== null ? { subcategory_id: read.subcategory_id } : {}),
        ...(read.tags !== null ? { tags: read.tags } : {}),
        ...(read.weight !== undefined ? { shipping_info: { weight_grams: read.weight } } : {}),
        is_active: read.is_active,
        featured: read.featured,
        variants: [
          {
            sku: variant.sku,
            price: price!,
            stock: 0,
            ...(variant.sale_price !== null ? { sale_price: variant.sale_price } : {}),
            ...(variant.threshold !== null ? { threshold: variant.threshold } : {}),
            ...(variant.variant_name !== "" ? { variant_name: variant.variant_name } : {}),
            variant_attributes: variant.variant_attributes,
          },
        ],
      });
      const stock = await receiveFirstUnits(variantsOf(created)[0]!.variant_id, units);
      await client.invalidateQueries({ queryKey: ["products"] });
      leftWith = undefined;
      createdWith = `Created ${created.name}.${stock}`;
      navigate(`/admin/products/${created.product_id}`);
    } catch (problem) {
      setResult({ error: refusal(problem, [...PRODUCT_FIELDS, ...VARIANT_FIELDS, "price"], setErrors, "No product was created.") });
    }
  };
  return (
    <form id="new-product" className="panel" onSubmit={submit} aria-labelledby="new-product-title" noValidate>
      <h2 id="new-product-title">New product</h2>
      <ProductFields prefix="new-product" errors={errors} />
      <h3>Its first variant</h3>
      <label>
        Price in {currency}
        <input name="price" inputMode="decimal" autoComplete="off" {...describeWith(errors, "new-product")("price")} />
        <FieldError id="new-product-price" message={errors.price} />
      </label>
      <VariantFields prefix="new-product" currency={currency} errors={errors} />
      {mayStock ? <FirstStockField prefix="new-product" errors={errors} /> : null}
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          Create product
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

/** What a product's page says once, after the new-product form created it. */
let createdWith: string | undefined;

/** Deletes the product (asked twice); one that orders point at is retired instead, and the list says which. */
const DeleteProduct = ({ product }: { product: Product }) => {
  const client = useQueryClient();
  const [error, setError] = useState<string>();
  const remove = useMutation({
    mutationFn: async () => {
      noContent(await api.DELETE("/admin/v1/products/{id}", { params: { path: { id: product.product_id } } }));
      const after = await api.GET("/admin/v1/products/{id}", { params: { path: { id: product.product_id } } });
      return after.response.status === 404 ? "deleted" : "retired";
    },
  });
  const confirmed = async () => {
    try {
      const outcome = await remove.mutateAsync();
      leftWith = outcome === "deleted" ? `Deleted ${product.name}.` : `${product.name} is retired instead of deleted: orders point at it, so their history keeps it. Shoppers no longer see it.`;
      client.removeQueries({ queryKey: ["product", product.product_id] });
      await client.invalidateQueries({ queryKey: ["products"] });
      navigate("/admin/products");
    } catch (problem) {
      setError(explain(problem));
    }
  };
  return (
    <section className="panel" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete the product</h2>
      <p className="muted">With all its variants. A product that orders point at is retired instead, so their history keeps it.</p>
      <ConfirmButton verb="delete" what={product.name} pending={remove.isPending} onConfirmed={confirmed} />
      <Notice kind="error">{error}</Notice>
    </section>
  );
};

export const ProductDetailPage = ({ id, session }: { id: string; session: Session }) => {
  const client = useQueryClient();
  const product = useQuery({ queryKey: ["product", id], queryFn: async () => answer(await api.GET("/admin/v1/products/{id}", { params: { path: { id } } })) });
  // What the new-product form said when it created this product: shown here once.
  const [welcome] = useState(() => createdWith);
  const [said, setSaid] = useState<string>();
  useEffect(() => () => void (createdWith = undefined), []);
  if (product.isPending) return <p className="loading">Loading the product…</p>;
  if (product.isError) return <Notice kind="error">{explain(product.error)}</Notice>;
  const p = product.data;
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ["product", id] }), client.invalidateQueries({ queryKey: ["products"] })]);
  const images: readonly ProductImage[] = p.media;
  const variants = variantsOf(p);
  return (
    <>
      <p>
        <a href="/admin/products" onClick={followLink}>
          ← Products
        </a>
      </p>
      <h1>{p.name}</h1>
      <Notice kind="success">{welcome}</Notice>
      <dl className="facts">
        <dt>Slug</dt>
        <dd>{p.product_slug}</dd>
        <dt>Category</dt>
        <dd>{p.category_name ?? "—"}</dd>
        <dt>Subcategory</dt>
        <dd>{p.subcategory_name ?? "—"}</dd>
        <dt>Brand</dt>
        <dd>{p.brand ?? "—"}</dd>
        <dt>Tags</dt>
        <dd>{p.tags === null || p.tags.length === 0 ? "—" : p.tags.join(", ")}</dd>
        <dt>State</dt>
        <dd>{p.is_active ? "on sale" : "retired"}</dd>
      </dl>
      {p.description !== null ? <p className="description">{p.description}</p> : null}
      {can(session, "catalog.write") ? <ProductDetailsForm product={p} onDone={refresh} /> : null}
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
      <Notice kind="success">{said}</Notice>
      {variants.map((v) => (
        <VariantEditor
          key={v.variant_id}
          productId={p.product_id}
          variant={v}
          currency={p.display_currency}
          session={session}
          onDone={(message?: string) => {
            setSaid(message);
            return refresh();
          }}
          only={variants.length === 1}
        />
      ))}
      {can(session, "catalog.write") ? <AddVariantForm session={session} productId={p.product_id} currency={p.display_currency} onDone={refresh} /> : null}
      {can(session, "catalog.write") ? <DeleteProduct product={p} /> : null}
    </>
  );
};
