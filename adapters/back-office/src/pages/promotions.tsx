// Promotions (`catalog.read` to see them; every write needs `pricing.manage`): the store's
// promotions filtered by their state now (in the URL with the page size and cursor), each with its
// kind, value (a percentage, or money in the store's currency), conditions, dates, limits and
// state; members with `pricing.manage` create one (an amount off, or a percentage or amount off
// the covered items), and on a promotion's page change it, switch it off or on, and delete it
// after a confirming second click. Promotions apply by themselves at checkout: they have no code.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components, paths } from "storefront/admin-client";
import { answer, api, ApiProblem, explain, noContent } from "../api.js";
import { ConfirmButton } from "../confirm-button.js";
import { Notice } from "../feedback.js";
import { formatDateTime, formatMoney, instantOfTyped, parseMoney, TIME_ZONE, typedAmount, typedDateTime } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";
import { can, type Session } from "../session.js";

type Promotion = components["schemas"]["Promotion"];
type PromotionBody = NonNullable<paths["/admin/v1/promotions"]["post"]["requestBody"]>["content"]["application/json"];
type PromotionPatch = NonNullable<paths["/admin/v1/promotions/{id}"]["patch"]["requestBody"]>["content"]["application/json"];
type Outcome = { ok?: string; error?: string };

const FILTERS = ["status"] as const;
/** The states the list can show (the API's `status`); none chosen shows them all. */
const STATES = ["all", "active", "scheduled", "expired", "inactive"] as const;
type State = (typeof STATES)[number];

const KINDS: Record<Promotion["type"], string> = {
  fixed: "amount off the order",
  discount: "discount on items",
  bundle: "bundle (a complete set costs less)",
  bogo: "buy a set, get a set free",
};

const isPercentage = (p: Pick<Promotion, "type" | "discount_type">): boolean => p.type !== "fixed" && p.discount_type === "percentage";

/** What the promotion takes off, in words: "15 % off", "KES 500.00 off". */
const valueOf = (p: Promotion, currency: string): string => {
  if (p.type === "bogo") return `${p.bogo_free_products.length} product${p.bogo_free_products.length === 1 ? "" : "s"} free`;
  const off = isPercentage(p) ? `${p.discount_value} % off` : `${formatMoney(p.discount_value, currency)} off`;
  return p.type === "bundle" ? `${off} each complete set` : off;
};

const conditionsOf = (p: Promotion, currency: string): string =>
  [p.min_purchase > 0 ? `from ${formatMoney(p.min_purchase, currency)}` : "no minimum", p.max_discount !== null ? `at most ${formatMoney(p.max_discount, currency)} off` : null].filter(Boolean).join(", ");

const limitsOf = (p: Promotion): string =>
  `${p.usage_limit === null ? "no limit in all" : `${p.usage_limit} use${p.usage_limit === 1 ? "" : "s"} in all`}, ${p.usage_per_customer === null ? "no limit per customer" : `${p.usage_per_customer} per customer`}`;

const stateOf = (p: Promotion): string =>
  p.status === "active" ? "active now" : p.status === "scheduled" ? "scheduled (not started)" : p.status === "expired" ? "expired (ended or used up)" : "switched off";

const coverageOf = (p: Promotion): string =>
  p.applicable_products.length === 0 && p.applicable_categories.length === 0
    ? "every item"
    : [
        p.applicable_products.length > 0 ? `${p.applicable_products.length} product${p.applicable_products.length === 1 ? "" : "s"}` : null,
        p.applicable_categories.length > 0 ? `${p.applicable_categories.length} categor${p.applicable_categories.length === 1 ? "y" : "ies"}` : null,
      ]
        .filter(Boolean)
        .join(" and ");

export const PromotionsPage = ({ session }: { session: Session }) => {
  const client = useQueryClient();
  // The store's base currency, in which promotion amounts are kept (every member has it from /me).
  const currency = session.store.base_currency;
  const list = useListPage({
    path: "/admin/promotions",
    filters: FILTERS,
    name: "promotions",
    fetch: async ({ chosen, cursor, limit }) => {
      const status: State = STATES.find((s) => s === chosen.status) ?? "all";
      return answer(await api.GET("/admin/v1/promotions", { params: { query: { status, limit, ...(cursor ? { cursor } : {}) } } }));
    },
  });
  const { kept, cursor, key, rows: promotions } = list;
  const state: State = STATES.find((s) => s === kept.status) ?? "all";
  return (
    <>
      <h1>Promotions</h1>
      <p className="muted">Promotions apply by themselves at checkout when a cart meets them; they have no code to type.</p>
      <form key={key} className="filters" role="search" aria-label="Filter promotions" onSubmit={list.submit}>
        <label>
          State now
          <select name="status" defaultValue={state}>
            <option value="all">all</option>
            <option value="active">active now</option>
            <option value="scheduled">scheduled</option>
            <option value="expired">expired</option>
            <option value="inactive">switched off</option>
          </select>
        </label>
        <div className="actions">
          <button type="submit">Show</button>
          {list.filtered ? (
            <a href="/admin/promotions" onClick={followLink}>
              Show all
            </a>
          ) : null}
        </div>
      </form>
      {promotions.isError ? <Notice kind="error">{explain(promotions.error)}</Notice> : null}
      {promotions.isPending ? (
        <p className="loading">Loading promotions…</p>
      ) : promotions.data === undefined ? null : promotions.data.promotions.length === 0 ? (
        <p>No promotion{state === "all" ? " yet" : ` is ${state === "inactive" ? "switched off" : state}`}.</p>
      ) : (
        <ScrollArea label="Promotions" busy={promotions.isFetching}>
          <table className="promotions">
            <thead>
              <tr>
                <th scope="col">Promotion</th>
                <th scope="col">Kind</th>
                <th scope="col">Value</th>
                <th scope="col">Conditions</th>
                <th scope="col">Runs</th>
                <th scope="col">Limits</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {promotions.data.promotions.map((p) => (
                <tr key={p.id}>
                  <td>
                    <a href={`/admin/promotions/${p.id}`} onClick={followLink}>
                      {p.name}
                    </a>
                    {p.display_type !== "" ? (
                      <>
                        <br />
                        <span className="muted">{p.display_type}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{KINDS[p.type]}</td>
                  <td>{valueOf(p, currency)}</td>
                  <td>{conditionsOf(p, currency)}</td>
                  <td>
                    {formatDateTime(p.start_date)} to {formatDateTime(p.end_date)}
                  </td>
                  <td>{limitsOf(p)}</td>
                  <td>{stateOf(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/promotions" kept={kept} cursor={cursor} next={promotions.data?.pagination.has_more ? promotions.data.pagination.next_cursor : null} />
      {can(session, "pricing.manage") ? (
        <CreatePromotionForm currency={currency} onCreated={() => client.invalidateQueries({ queryKey: ["promotions"] })} />
      ) : null}
    </>
  );
};

// ---- The form, shared by create and edit ----

const FIELDS = ["name", "description", "discount_value", "min_purchase", "max_discount", "start_date", "end_date", "usage_limit", "usage_per_customer"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** An API refusal that keeps the parameter it named, to say it beside its field. */
class FieldProblem extends ApiProblem {
  constructor(
    problem: ApiProblem,
    readonly field: string | undefined,
  ) {
    super(problem.status, problem.code, problem.message, problem.requestId);
  }
}

const answerNamingField = <T,>(result: { data?: T; error?: unknown; response: Response }): T => {
  try {
    return answer(result);
  } catch (problem) {
    const param = (result.error as { error?: { param?: string } } | undefined)?.error?.param;
    throw problem instanceof ApiProblem ? new FieldProblem(problem, param) : problem;
  }
};




interface Read {
  readonly body: PromotionBody;
  readonly errors: Errors;
  /** The start as typed (empty: now on create, unchanged on edit). */
  readonly startText: string;
  readonly endText: string;
}

/** The form's values as the API's body, or what is wrong with each field (said before any request). */
const readForm = (form: HTMLFormElement, currency: string, type: Promotion["type"], discountType: Promotion["discount_type"]): Read => {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const errors: Errors = {};
  const body: Record<string, unknown> = { type, discount_type: type === "fixed" ? "fixed" : discountType };
  const name = text("name");
  if (name === "") errors.name = "Give the promotion a name (staff and customers see it).";
  else if (name.length > 200) errors.name = "The name is at most 200 characters.";
  body.name = name;
  body.description = text("description");
  if (type !== "bogo") {
    const value = text("discount_value");
    if (type !== "fixed" && discountType === "percentage") {
      const n = Number(value);
      if (value === "" || !Number.isFinite(n) || n < 0 || n > 100) errors.discount_value = "A percentage is a number from 0 to 100, for example 15.";
      else body.discount_value = n;
    } else {
      const minor = parseMoney(value, currency);
      if (minor === undefined) errors.discount_value = `Enter the amount off in ${currency}, for example 500.`;
      else body.discount_value = minor;
    }
  }
  const minPurchase = text("min_purchase");
  if (minPurchase === "") body.min_purchase = 0;
  else {
    const minor = parseMoney(minPurchase, currency);
    if (minor === undefined) errors.min_purchase = `Enter an amount in ${currency}, or leave it empty for no minimum.`;
    else body.min_purchase = minor;
  }
  const maxDiscount = text("max_discount");
  if (maxDiscount === "") body.max_discount = null;
  else {
    const minor = parseMoney(maxDiscount, currency);
    if (minor === undefined) errors.max_discount = `Enter an amount in ${currency}, or leave it empty for no cap.`;
    else body.max_discount = minor;
  }
  const instant = (field: "start_date" | "end_date", raw: string): number | undefined => {
    if (raw === "") return undefined;
    const at = instantOfTyped(raw);
    if (Number.isNaN(at)) errors[field] = "Enter a date and a time.";
    else body[field] = new Date(at).toISOString();
    return Number.isNaN(at) ? undefined : at;
  };
  const startText = text("start_date");
  const endText = text("end_date");
  const start = instant("start_date", startText);
  const end = instant("end_date", endText);
  if (endText === "") errors.end_date = "Choose when the promotion ends.";
  else if (end !== undefined && end <= (start ?? Date.now())) errors.end_date = start === undefined ? "The end must be in the future (the promotion starts now)." : "The end must be after the start.";
  for (const field of ["usage_limit", "usage_per_customer"] as const) {
    const raw = text(field);
    const n = Number(raw);
    if (raw === "") body[field] = null;
    else if (!Number.isInteger(n) || n < 1 || n > 1_000_000_000) errors[field] = "A whole number from 1, or empty for no limit.";
    else body[field] = n;
  }
  body.status = data.get("switch") === "inactive" ? "inactive" : "active";
  return { body: body as PromotionBody, errors, startText, endText };
};

/** Only what changed from the saved promotion (dates compared as shown: to the minute). */
const changesOf = (read: Read, p: Promotion): PromotionPatch => {
  const patch: Record<string, unknown> = {};
  const body = read.body as Record<string, unknown>;
  for (const key of ["name", "description", "discount_type", "discount_value", "min_purchase", "max_discount", "usage_limit", "usage_per_customer", "status"] as const) {
    if (!(key in body)) continue;
    const before = key === "status" ? (p.status === "inactive" ? "inactive" : "active") : p[key];
    if (body[key] !== before) patch[key] = body[key];
  }
  if (read.startText !== "" && read.startText !== typedDateTime(p.start_date)) patch.start_date = body.start_date;
  if (read.endText !== typedDateTime(p.end_date)) patch.end_date = body.end_date;
  return patch as PromotionPatch;
};

const FieldError = ({ field, message }: { field: Field; message: string | undefined }) =>
  message === undefined ? null : (
    <span className="field-error" id={`promotion-${field}-error`}>
      {message}
    </span>
  );

/** The fields of a promotion, empty or filled with a saved one's values. */
const PromotionFields = ({
  promotion,
  currency,
  type,
  onType,
  discountType,
  onDiscountType,
  errors,
}: {
  promotion: Promotion | undefined;
  currency: string;
  type: Promotion["type"];
  onType: ((type: Promotion["type"]) => void) | undefined;
  discountType: Promotion["discount_type"];
  onDiscountType: (type: Promotion["discount_type"]) => void;
  errors: Errors;
}) => {
  const describe = (field: Field) => (errors[field] !== undefined ? { "aria-invalid": true, "aria-describedby": `promotion-${field}-error` } : {});
  const percentage = type !== "fixed" && discountType === "percentage";
  const p = promotion;
  return (
    <>
      <label>
        Name
        <input name="name" defaultValue={p?.name ?? ""} autoComplete="off" {...describe("name")} />
        <FieldError field="name" message={errors.name} />
      </label>
      <label>
        Description (optional)
        <input name="description" defaultValue={p?.description ?? ""} autoComplete="off" {...describe("description")} />
        <FieldError field="description" message={errors.description} />
      </label>
      {onType !== undefined ? (
        <label>
          Kind
          <select name="type" value={type} onChange={(e) => onType(e.target.value === "fixed" ? "fixed" : "discount")}>
            <option value="discount">discount on items (a percentage or an amount)</option>
            <option value="fixed">amount off the order</option>
          </select>
        </label>
      ) : null}
      {type === "bogo" ? null : (
        <div className="inline-form">
          {type !== "fixed" ? (
            <label>
              Value is
              <select name="discount_type" value={discountType} onChange={(e) => onDiscountType(e.target.value === "fixed" ? "fixed" : "percentage")}>
                <option value="percentage">a percentage</option>
                <option value="fixed">an amount in {currency}</option>
              </select>
            </label>
          ) : null}
          <label>
            {percentage ? "Percentage off (0-100)" : `Amount off in ${currency}`}
            <input
              name="discount_value"
              inputMode="decimal"
              defaultValue={p === undefined || p.type === "bogo" ? "" : isPercentage(p) ? String(p.discount_value) : typedAmount(p.discount_value, currency)}
              autoComplete="off"
              {...describe("discount_value")}
            />
            <FieldError field="discount_value" message={errors.discount_value} />
          </label>
        </div>
      )}
      <div className="inline-form">
        <label>
          Minimum purchase in {currency} (empty: none)
          <input name="min_purchase" inputMode="decimal" defaultValue={p !== undefined && p.min_purchase > 0 ? typedAmount(p.min_purchase, currency) : ""} autoComplete="off" {...describe("min_purchase")} />
          <FieldError field="min_purchase" message={errors.min_purchase} />
        </label>
        <label>
          Most taken off in {currency} (empty: no cap)
          <input name="max_discount" inputMode="decimal" defaultValue={p?.max_discount != null ? typedAmount(p.max_discount, currency) : ""} autoComplete="off" {...describe("max_discount")} />
          <FieldError field="max_discount" message={errors.max_discount} />
        </label>
      </div>
      <div className="inline-form">
        <label>
          Starts ({TIME_ZONE}{p === undefined ? "; empty: now" : ""})
          <input type="datetime-local" name="start_date" defaultValue={p !== undefined ? typedDateTime(p.start_date) : ""} {...describe("start_date")} />
          <FieldError field="start_date" message={errors.start_date} />
        </label>
        <label>
          Ends, excluded ({TIME_ZONE})
          <input type="datetime-local" name="end_date" defaultValue={p !== undefined ? typedDateTime(p.end_date) : ""} {...describe("end_date")} />
          <FieldError field="end_date" message={errors.end_date} />
        </label>
      </div>
      <div className="inline-form">
        <label>
          Uses in all (empty: no limit)
          <input name="usage_limit" inputMode="numeric" defaultValue={p?.usage_limit != null ? String(p.usage_limit) : ""} autoComplete="off" {...describe("usage_limit")} />
          <FieldError field="usage_limit" message={errors.usage_limit} />
        </label>
        <label>
          Uses per customer (empty: no limit)
          <input name="usage_per_customer" inputMode="numeric" defaultValue={p?.usage_per_customer != null ? String(p.usage_per_customer) : ""} autoComplete="off" {...describe("usage_per_customer")} />
          <FieldError field="usage_per_customer" message={errors.usage_per_customer} />
        </label>
      </div>
      <label>
        Switch
        <select name="switch" defaultValue={p?.status === "inactive" ? "inactive" : "active"}>
          <option value="active">on (applies between its dates)</option>
          <option value="inactive">off (never applies)</option>
        </select>
      </label>
    </>
  );
};

/** Says an API refusal beside the field its `param` names, or as a whole. */
const refusal = (problem: unknown): { errors: Errors; error: string } => {
  const field = problem instanceof FieldProblem ? FIELDS.find((f) => f === problem.field) : undefined;
  return field !== undefined ? { errors: { [field]: explain(problem) }, error: "The server refused a value: see beside the field." } : { errors: {}, error: explain(problem) };
};

const CreatePromotionForm = ({ currency, onCreated }: { currency: string; onCreated: () => Promise<unknown> }) => {
  const [type, setType] = useState<Promotion["type"]>("discount");
  const [discountType, setDiscountType] = useState<Promotion["discount_type"]>("percentage");
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Outcome & { id?: string }>({});
  const [generation, setGeneration] = useState(0);
  const create = useMutation({ mutationFn: async (body: PromotionBody) => answerNamingField(await api.POST("/admin/v1/promotions", { body })) });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readForm(event.currentTarget, currency, type, discountType);
    setErrors(read.errors);
    if (Object.keys(read.errors).length > 0) return setResult({ error: "Some values need correcting: see beside each field. Nothing was created." });
    try {
      const p = await create.mutateAsync(read.body);
      setResult({ ok: `Created ${p.name}: ${valueOf(p, currency)}, ${stateOf(p)}, until ${formatDateTime(p.end_date)}.`, id: p.id });
      setGeneration((n) => n + 1);
      await onCreated();
    } catch (problem) {
      const said = refusal(problem);
      setErrors(said.errors);
      setResult({ error: said.error });
    }
  };
  return (
    <form key={generation} className="panel" onSubmit={submit} aria-labelledby="create-promotion-title" noValidate>
      <h2 id="create-promotion-title">Create a promotion</h2>
      <p className="muted">Amounts are in the store's currency, {currency}. It covers every item; bundles and buy-a-set-get-a-set promotions name their products and are made through the admin API.</p>
      <PromotionFields promotion={undefined} currency={currency} type={type} onType={setType} discountType={discountType} onDiscountType={setDiscountType} errors={errors} />
      <button type="submit" disabled={create.isPending}>
        Create promotion
      </button>
      <Notice kind="success">{result.ok}</Notice>
      {result.id !== undefined ? (
        <p>
          <a href={`/admin/promotions/${result.id}`} onClick={followLink}>
            Open the new promotion
          </a>
        </p>
      ) : null}
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const EditPromotionForm = ({ promotion, currency, onSaved }: { promotion: Promotion; currency: string; onSaved: () => Promise<unknown> }) => {
  const [discountType, setDiscountType] = useState<Promotion["discount_type"]>(promotion.discount_type);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Outcome>({});
  const save = useMutation({
    mutationFn: async (body: PromotionPatch) => answerNamingField(await api.PATCH("/admin/v1/promotions/{id}", { params: { path: { id: promotion.id } }, body })),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readForm(event.currentTarget, currency, promotion.type, discountType);
    // An unchanged end in the past is the saved one: only a new end must be in the future.
    const errs = { ...read.errors };
    if (read.endText === typedDateTime(promotion.end_date) && read.startText === typedDateTime(promotion.start_date)) delete errs.end_date;
    setErrors(errs);
    if (Object.keys(errs).length > 0) return setResult({ error: "Some values need correcting: see beside each field. Nothing was saved." });
    const patch = changesOf(read, promotion);
    if (Object.keys(patch).length === 0) return setResult({ ok: "Nothing changed: every value is as saved." });
    try {
      const p = await save.mutateAsync(patch);
      setResult({ ok: `Saved ${Object.keys(patch).map((k) => k.replace(/_/g, " ")).join(", ")}: ${p.name} is ${valueOf(p, currency)}, ${stateOf(p)}.` });
      await onSaved();
    } catch (problem) {
      const said = refusal(problem);
      setErrors(said.errors);
      setResult({ error: said.error });
    }
  };
  return (
    <form key={promotion.updated_at} className="panel" onSubmit={submit} aria-labelledby="edit-promotion-title" noValidate>
      <h2 id="edit-promotion-title">Change the promotion</h2>
      <PromotionFields promotion={promotion} currency={currency} type={promotion.type} onType={undefined} discountType={discountType} onDiscountType={setDiscountType} errors={errors} />
      <button type="submit" disabled={save.isPending}>
        Save changes
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const PromotionActions = ({ promotion, onChanged, onDeleted }: { promotion: Promotion; onChanged: () => Promise<unknown>; onDeleted: (message: string) => void }) => {
  const [result, setResult] = useState<Outcome>({});
  const off = promotion.status === "inactive";
  const toggle = useMutation({
    mutationFn: async () => answer(await api.PATCH("/admin/v1/promotions/{id}", { params: { path: { id: promotion.id } }, body: { status: off ? "active" : "inactive" } })),
  });
  const remove = useMutation({ mutationFn: async () => noContent(await api.DELETE("/admin/v1/promotions/{id}", { params: { path: { id: promotion.id } } })) });
  const doToggle = async () => {
    try {
      const p = await toggle.mutateAsync();
      setResult({ ok: p.status === "inactive" ? `Switched off: ${p.name} no longer applies at checkout.` : `Switched on: ${p.name} is ${stateOf(p)}.` });
      await onChanged();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  const doDelete = async () => {
    try {
      await remove.mutateAsync();
      onDeleted(`Deleted ${promotion.name}: it no longer applies; orders keep the discounts it gave.`);
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <section className="panel" aria-labelledby="promotion-actions-title">
      <h2 id="promotion-actions-title">Switch off or delete</h2>
      <div className="actions">
        <button type="button" className={off ? undefined : "danger"} onClick={doToggle} disabled={toggle.isPending}>
          {off ? "Switch on" : "Switch off"}
        </button>
        <ConfirmButton verb="delete" what={promotion.name} pending={remove.isPending} onConfirmed={doDelete} />
      </div>
      <p className="muted">Switching off keeps the promotion to switch on again; deleting removes it for good.</p>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
};

/** A product's name linked to its page (the product page's own query, so both share the answer). */
const ProductName = ({ id }: { id: string }) => {
  const product = useQuery({ queryKey: ["product", id], queryFn: async () => answer(await api.GET("/admin/v1/products/{id}", { params: { path: { id } } })) });
  return (
    <a href={`/admin/products/${id}`} onClick={followLink}>
      {product.data?.name ?? (product.isError ? "a product no longer in the catalog" : "a product")}
    </a>
  );
};

const ProductList = ({ label, items }: { label: string; items: readonly components["schemas"]["PromotionProduct"][] }) =>
  items.length === 0 ? null : (
    <>
      <dt>{label}</dt>
      <dd>
        <ul>
          {items.map((item) => (
            <li key={item.product_id}>
              {item.quantity} × <ProductName id={item.product_id} />
            </li>
          ))}
        </ul>
      </dd>
    </>
  );

export const PromotionDetailPage = ({ id, session }: { id: string; session: Session }) => {
  const client = useQueryClient();
  const [deleted, setDeleted] = useState<string>();
  const promotion = useQuery({
    queryKey: ["promotion", id],
    enabled: deleted === undefined,
    queryFn: async () => answer(await api.GET("/admin/v1/promotions/{id}", { params: { path: { id } } })),
  });
  const back = (
    <p>
      <a href="/admin/promotions" onClick={followLink}>
        ← Promotions
      </a>
    </p>
  );
  if (deleted !== undefined)
    return (
      <>
        {back}
        <h1>Promotion deleted</h1>
        <Notice kind="success">{deleted}</Notice>
      </>
    );
  if (promotion.isPending) return <p className="loading">Loading the promotion…</p>;
  if (promotion.isError) return <Notice kind="error">{explain(promotion.error)}</Notice>;
  const p = promotion.data;
  const c = session.store.base_currency;
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ["promotion", id] }), client.invalidateQueries({ queryKey: ["promotions"] })]);
  const onDeleted = (message: string) => {
    setDeleted(message);
    // Dropped, not only marked stale: a list read before would show the deleted one until read again.
    client.removeQueries({ queryKey: ["promotion", id] });
    client.removeQueries({ queryKey: ["promotions"] });
  };
  return (
    <>
      {back}
      <h1>{p.name}</h1>
      <dl className="facts">
        <dt>State</dt>
        <dd data-field="promotion_state">{stateOf(p)}</dd>
        <dt>Kind</dt>
        <dd>{KINDS[p.type]}</dd>
        <dt>Value</dt>
        <dd data-field="promotion_value">{valueOf(p, c)}</dd>
        <dt>Conditions</dt>
        <dd>{conditionsOf(p, c)}</dd>
        {p.type === "fixed" || p.type === "discount" ? (
          <>
            <dt>Covers</dt>
            <dd>{coverageOf(p)}</dd>
          </>
        ) : null}
        <dt>Starts</dt>
        <dd>{formatDateTime(p.start_date)}</dd>
        <dt>Ends</dt>
        <dd>{formatDateTime(p.end_date)} (excluded)</dd>
        <dt>Limits</dt>
        <dd>{limitsOf(p)}</dd>
        {p.display_type !== "" ? (
          <>
            <dt>Label</dt>
            <dd>{p.display_type}</dd>
          </>
        ) : null}
        {p.description !== "" ? (
          <>
            <dt>Description</dt>
            <dd>{p.description}</dd>
          </>
        ) : null}
        <ProductList label="Bundle" items={p.bundle_products} />
        <ProductList label="Must buy" items={p.bogo_required_products} />
        <ProductList label="Gets free" items={p.bogo_free_products} />
        <ProductList label="Gifts shipped" items={p.free_products} />
        <dt>Created</dt>
        <dd>{formatDateTime(p.created_at)}</dd>
        <dt>Changed</dt>
        <dd>{formatDateTime(p.updated_at)}</dd>
      </dl>
      {can(session, "pricing.manage") ? (
        <>
          <PromotionActions promotion={p} onChanged={refresh} onDeleted={onDeleted} />
          <EditPromotionForm promotion={p} currency={c} onSaved={refresh} />
        </>
      ) : (
        <p className="muted">Changing promotions needs the pricing permission (owners, managers and catalog staff).</p>
      )}
    </>
  );
};
