// Price rules (`catalog.read` to see them; every write needs `pricing.manage`): the store's
// segment, tier and volume discounts with what each rewards, how much it takes off, which
// products it covers and whether it is on; add a rule, change one in a panel, delete one after a
// confirming second click. Below them, the exchange rates from the base currency: add a
// currency, change a rate, delete one (prices in it then fall back to the base currency).
// Members without `pricing.manage` see both lists and no form.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, explain, noContent } from "../api.js";
import { ConfirmButton } from "../confirm-button.js";
import { closeEditor } from "../editing.js";
import { Notice } from "../feedback.js";
import { formatDateTime, formatMoney, instantOfTyped, parseMoney, TIME_ZONE, typedAmount } from "../formatting.js";
import { followLink } from "../navigation.js";
import { ScrollArea } from "../scroll-area.js";
import { can, type Session } from "../session.js";

type Rule = components["schemas"]["PriceRule"];
type Rate = components["schemas"]["ExchangeRate"];
type Category = components["schemas"]["Category"];
type Kind = Rule["kind"];
type DiscountType = Rule["discount_type"];
type Segment = "new" | "returning" | "loyal";
type Result = { ok?: string; error?: string };
/** A rule as the form sends it (create and change alike: the whole rule). */
type RuleBody = {
  name: string;
  kind: Kind;
  segment: Segment | null;
  tier: string | null;
  min_quantity: number | null;
  min_lifetime_spend: number | null;
  discount_type: DiscountType;
  value: number;
  product_ids: string[] | null;
  category_ids: string[] | null;
  active: boolean;
};

const SEGMENTS: readonly { value: Segment; label: string }[] = [
  { value: "new", label: "new customers (no paid order yet)" },
  { value: "returning", label: "returning customers" },
  { value: "loyal", label: "loyal customers" },
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;




const conditionOf = (rule: Rule, currency: string): string => {
  if (rule.kind === "segment") return `Segment: ${SEGMENTS.find((s) => s.value === rule.segment)?.label ?? rule.segment ?? "none"}`;
  if (rule.kind === "tier") return `Tier "${rule.tier ?? ""}": customers who spent ${formatMoney(rule.min_lifetime_spend ?? 0, currency)} or more`;
  return `Volume: ${rule.min_quantity ?? "?"} units or more of a product`;
};

const discountOf = (rule: Pick<Rule, "discount_type" | "value">, currency: string): string =>
  rule.discount_type === "percentage" ? `${rule.value} % off` : `${formatMoney(rule.value, currency)} off each unit`;

/** A product's name linked to its page, read once per product. */
const ProductLink = ({ id }: { id: string }) => {
  const product = useQuery({
    queryKey: ["product-name", id],
    staleTime: 5 * 60_000,
    queryFn: async () => answer(await api.GET("/admin/v1/products/{id}", { params: { path: { id } } })).name,
  });
  return (
    <a href={`/admin/products/${id}`} onClick={followLink}>
      {product.data ?? (product.isError ? `unknown product ${id}` : id)}
    </a>
  );
};

const AppliesTo = ({ rule, categories }: { rule: Rule; categories: readonly Category[] }) => {
  if (rule.product_ids === null && rule.category_ids === null) return <>every product</>;
  const named = (rule.category_ids ?? []).map((id) => categories.find((c) => c.id === id)?.name ?? id);
  const products = rule.product_ids ?? [];
  if (named.length === 0 && products.length === 0) return <>no product</>;
  return (
    <>
      {named.length > 0 ? <span>categories: {named.join(", ")}</span> : null}
      {named.length > 0 && products.length > 0 ? <br /> : null}
      {products.length > 0 ? (
        <span>
          products:{" "}
          {products.map((id, i) => (
            <span key={id}>
              {i > 0 ? ", " : null}
              <ProductLink id={id} />
            </span>
          ))}
        </span>
      ) : null}
    </>
  );
};

/** The form's values as a rule, or what to correct (said before any request). */
const readRule = (form: HTMLFormElement, kind: Kind, discountType: DiscountType, currency: string): { body?: RuleBody; error?: string } => {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const name = text("name");
  if (name === "") return { error: "Give the rule a name." };
  let segment: Segment | null = null;
  let tier: string | null = null;
  let minQuantity: number | null = null;
  let minSpend: number | null = null;
  if (kind === "segment") {
    segment = SEGMENTS.find((s) => s.value === text("segment"))?.value ?? null;
    if (segment === null) return { error: "Choose the segment the rule rewards." };
  } else if (kind === "tier") {
    tier = text("tier");
    if (tier === "") return { error: "Name the tier the rule rewards, for example gold." };
    const spend = parseMoney(text("min_lifetime_spend"), currency);
    if (spend === undefined) return { error: `Enter the lifetime spend that holds the tier in ${currency}, for example 50000.` };
    minSpend = spend;
  } else {
    const quantity = Number(text("min_quantity"));
    if (!Number.isInteger(quantity) || quantity < 2 || quantity > 1_000_000) return { error: "The minimum quantity is a whole number of units from 2 to 1000000." };
    minQuantity = quantity;
  }
  let value: number;
  if (discountType === "percentage") {
    const raw = text("value");
    value = Number(raw);
    if (raw === "" || !Number.isFinite(value) || value < 0 || value > 100) return { error: "A percentage discount is a number from 0 to 100." };
  } else {
    const minor = parseMoney(text("value"), currency);
    if (minor === undefined || minor <= 0) return { error: `Enter the amount off each unit in ${currency}, for example 100.` };
    value = minor;
  }
  const categoryIds = data.getAll("category_ids").map(String);
  const productIds = text("product_ids").split(/[\s,]+/).filter((id) => id !== "");
  const wrong = productIds.find((id) => !UUID.test(id));
  if (wrong !== undefined) return { error: `"${wrong}" is not a product id: copy it from the product's address (/admin/products/...).` };
  const scoped = categoryIds.length > 0 || productIds.length > 0;
  return {
    body: {
      name,
      kind,
      segment,
      tier,
      min_quantity: minQuantity,
      min_lifetime_spend: minSpend,
      discount_type: discountType,
      value,
      product_ids: scoped && productIds.length > 0 ? productIds : null,
      category_ids: scoped && categoryIds.length > 0 ? categoryIds : null,
      active: data.get("active") === "on",
    },
  };
};

/** The fields of a rule, for adding one or changing one (`rule` then fills them). */
const RuleFields = ({ rule, currency, categories }: { rule: Rule | undefined; currency: string; categories: readonly Category[] }) => {
  const [kind, setKind] = useState<Kind>(rule?.kind ?? "volume");
  const [discountType, setDiscountType] = useState<DiscountType>(rule?.discount_type ?? "percentage");
  return (
    <>
      <label>
        Name
        <input name="name" defaultValue={rule?.name ?? ""} autoComplete="off" required maxLength={200} />
      </label>
      <label>
        Rewards
        <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <option value="volume">a quantity (volume)</option>
          <option value="segment">a customer segment</option>
          <option value="tier">a customer tier (lifetime spend)</option>
        </select>
      </label>
      {kind === "segment" ? (
        <label>
          Segment
          <select name="segment" defaultValue={rule?.segment ?? "returning"}>
            {SEGMENTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      ) : kind === "tier" ? (
        <>
          <label>
            Tier name
            <input name="tier" defaultValue={rule?.tier ?? ""} autoComplete="off" maxLength={64} />
          </label>
          <label>
            Lifetime spend that holds the tier, in {currency}
            <input name="min_lifetime_spend" inputMode="decimal" defaultValue={rule?.min_lifetime_spend != null ? typedAmount(rule.min_lifetime_spend, currency) : ""} autoComplete="off" />
          </label>
        </>
      ) : (
        <label>
          From this many units of a product
          <input name="min_quantity" inputMode="numeric" defaultValue={rule?.min_quantity ?? ""} autoComplete="off" />
        </label>
      )}
      <label>
        Discount
        <select name="discount_type" value={discountType} onChange={(e) => setDiscountType(e.target.value as DiscountType)}>
          <option value="percentage">a percentage of the price</option>
          <option value="fixed">a fixed amount off each unit</option>
        </select>
      </label>
      <label>
        {discountType === "percentage" ? "Percent off (0 to 100)" : `Amount off each unit, in ${currency}`}
        <input
          name="value"
          inputMode="decimal"
          defaultValue={rule === undefined || rule.discount_type !== discountType ? "" : discountType === "percentage" ? rule.value : typedAmount(rule.value, currency)}
          autoComplete="off"
        />
      </label>
      <fieldset>
        <legend>Applies to (nothing chosen: every product; otherwise a product in a chosen category or listed below)</legend>
        {categories.map((c) => (
          <label key={c.id} className="inline">
            <input type="checkbox" name="category_ids" value={c.id} defaultChecked={rule?.category_ids?.includes(c.id) === true} /> {c.name}
          </label>
        ))}
        <label>
          Product ids (from a product's address, separated by spaces or commas)
          <input name="product_ids" defaultValue={(rule?.product_ids ?? []).join(" ")} autoComplete="off" />
        </label>
      </fieldset>
      <label className="inline">
        <input type="checkbox" name="active" defaultChecked={rule?.active ?? true} /> On (prices use it)
      </label>
    </>
  );
};

const saidOf = (rule: Rule, currency: string): string =>
  `${rule.name}: ${discountOf(rule, currency)}, ${conditionOf(rule, currency).replace(/^\w+: /, "for ")}${rule.active ? "" : " (off: prices do not use it)"}.`;

const AddRule = ({ currency, categories, onDone }: { currency: string; categories: readonly Category[]; onDone: () => Promise<unknown> }) => {
  const [result, setResult] = useState<Result>({});
  const [formKey, setFormKey] = useState(0);
  const create = useMutation({ mutationFn: async (body: RuleBody) => answer(await api.POST("/admin/v1/price-rules", { body })) });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const read = readRule(form, String(new FormData(form).get("kind")) as Kind, String(new FormData(form).get("discount_type")) as DiscountType, currency);
    if (read.body === undefined) return setResult({ error: read.error });
    try {
      const rule = await create.mutateAsync(read.body);
      setResult({ ok: `Rule added. ${saidOf(rule, currency)} Prices follow at once.` });
      setFormKey((k) => k + 1);
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="add-rule-title" noValidate>
      <h2 id="add-rule-title">Add a price rule</h2>
      <RuleFields key={formKey} rule={undefined} currency={currency} categories={categories} />
      <button type="submit" disabled={create.isPending}>
        Add rule
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const EditRule = ({ rule, currency, categories, onDone, onClose }: { rule: Rule; currency: string; categories: readonly Category[]; onDone: () => Promise<unknown>; onClose: () => void }) => {
  const [result, setResult] = useState<Result>({});
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [rule.id]);
  const save = useMutation({
    mutationFn: async (body: RuleBody) => answer(await api.PATCH("/admin/v1/price-rules/{id}", { params: { path: { id: rule.id } }, body })),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const read = readRule(form, String(new FormData(form).get("kind")) as Kind, String(new FormData(form).get("discount_type")) as DiscountType, currency);
    if (read.body === undefined) return setResult({ error: read.error });
    try {
      const saved = await save.mutateAsync(read.body);
      setResult({ ok: `Saved. ${saidOf(saved, currency)} Prices follow at once.` });
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <section className="panel" aria-labelledby="edit-rule-title">
      <h2 id="edit-rule-title" ref={heading} tabIndex={-1}>
        Change the rule “{rule.name}”
      </h2>
      <form onSubmit={submit} noValidate>
        <RuleFields rule={rule} currency={currency} categories={categories} />
        <div className="actions">
          <button type="submit" disabled={save.isPending}>
            Save rule
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
};



const RuleRow = ({ rule, currency, categories, manage, onEdit, onResult }: { rule: Rule; currency: string; categories: readonly Category[]; manage: boolean; onEdit: () => void; onResult: (result: Result) => Promise<unknown> }) => {
  const remove = useMutation({ mutationFn: async () => noContent(await api.DELETE("/admin/v1/price-rules/{id}", { params: { path: { id: rule.id } } })) });
  const doDelete = async () => {
    try {
      await remove.mutateAsync();
      await onResult({ ok: `Deleted the rule “${rule.name}”: prices no longer use it.` });
    } catch (problem) {
      await onResult({ error: explain(problem) });
    }
  };
  return (
    <tr>
      <th scope="row">{rule.name}</th>
      <td>{conditionOf(rule, currency)}</td>
      <td>{discountOf(rule, currency)}</td>
      <td>
        <AppliesTo rule={rule} categories={categories} />
      </td>
      <td>{rule.active ? "on" : "off"}</td>
      <td>{formatDateTime(rule.updated_at)}</td>
      {manage ? (
        <td>
          <div className="actions">
            <button type="button" onClick={onEdit} aria-label={`Change ${rule.name}`} data-change={rule.id}>
              Change
            </button>
            <ConfirmButton verb="delete" what={`the rule ${rule.name}`} pending={remove.isPending} onConfirmed={doDelete} />
          </div>
        </td>
      ) : null}
    </tr>
  );
};

const RateRow = ({ rate, manage, onResult }: { rate: Rate; manage: boolean; onResult: (result: Result) => Promise<unknown> }) => {
  const [typed, setTyped] = useState("");
  const save = useMutation({
    mutationFn: async (value: number) => answer(await api.PATCH("/admin/v1/exchange-rates/{currency}", { params: { path: { currency: rate.currency } }, body: { rate: value } })),
  });
  const remove = useMutation({ mutationFn: async () => noContent(await api.DELETE("/admin/v1/exchange-rates/{currency}", { params: { path: { currency: rate.currency } } })) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(typed.trim());
    if (typed.trim() === "" || !Number.isFinite(value) || value <= 0) return onResult({ error: `Enter the new rate of ${rate.currency}: a positive number of ${rate.currency} per ${rate.base_currency}, for example 0.0077.` });
    try {
      const done = await save.mutateAsync(value);
      setTyped("");
      await onResult({ ok: `Rate of ${done.currency} set: 1 ${done.base_currency} = ${done.rate} ${done.currency}, from ${formatDateTime(done.as_of)}. Prices in ${done.currency} follow at once.` });
    } catch (problem) {
      await onResult({ error: explain(problem) });
    }
  };
  const doDelete = async () => {
    try {
      await remove.mutateAsync();
      await onResult({ ok: `Deleted the rate of ${rate.currency}: prices asked in ${rate.currency} are now shown in ${rate.base_currency}.` });
    } catch (problem) {
      await onResult({ error: explain(problem) });
    }
  };
  return (
    <tr>
      <th scope="row">{rate.currency}</th>
      <td className="n">
        1 {rate.base_currency} = {rate.rate} {rate.currency}
      </td>
      <td>{formatDateTime(rate.as_of)}</td>
      <td>{formatDateTime(rate.updated_at)}</td>
      {manage ? (
        <td>
          <form className="inline-form" onSubmit={submit}>
            <label>
              New rate of {rate.currency}
              <input inputMode="decimal" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" size={8} />
            </label>
            <button type="submit" disabled={save.isPending}>
              Save rate
            </button>
            <ConfirmButton verb="delete" what={`the rate of ${rate.currency}`} pending={remove.isPending} onConfirmed={doDelete} />
          </form>
        </td>
      ) : null}
    </tr>
  );
};

const ExchangeRates = ({ manage, baseCurrency }: { manage: boolean; baseCurrency: string }) => {
  const client = useQueryClient();
  const [result, setResult] = useState<Result>({});
  const [added, setAdded] = useState<Result>({});
  const rates = useQuery({ queryKey: ["exchange-rates"], queryFn: async () => answer(await api.GET("/admin/v1/exchange-rates")).exchange_rates });
  const create = useMutation({
    mutationFn: async (body: components["schemas"]["ExchangeRateInput"]) => answer(await api.POST("/admin/v1/exchange-rates", { body })),
  });
  const report = async (next: Result) => {
    setResult(next);
    await client.invalidateQueries({ queryKey: ["exchange-rates"] });
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currency = String(data.get("currency") ?? "").trim().toUpperCase();
    const rate = Number(String(data.get("rate") ?? "").trim());
    const from = String(data.get("as_of") ?? "").trim();
    if (!/^[A-Z]{3}$/.test(currency)) return setAdded({ error: "Enter the currency's three-letter ISO code, for example USD." });
    if (currency === baseCurrency) return setAdded({ error: `${baseCurrency} is the base currency: it needs no rate.` });
    if (!Number.isFinite(rate) || rate <= 0 || String(data.get("rate") ?? "").trim() === "") return setAdded({ error: `Enter the rate: a positive number of ${currency} per ${baseCurrency}, for example 0.0077.` });
    const at = from === "" ? undefined : instantOfTyped(from);
    const asOf = at === undefined || Number.isNaN(at) ? undefined : new Date(at);
    if (from !== "" && asOf === undefined) return setAdded({ error: "Enter when the rate holds from as a date and time, or leave it empty for now." });
    try {
      const done = await create.mutateAsync({ currency: currency as components["schemas"]["CurrencyCode"], rate, ...(asOf !== undefined ? { as_of: asOf.toISOString() } : {}) });
      setAdded({ ok: `Rate of ${done.currency} added: 1 ${done.base_currency} = ${done.rate} ${done.currency}, from ${formatDateTime(done.as_of)}.` });
      form.reset();
      await client.invalidateQueries({ queryKey: ["exchange-rates"] });
    } catch (problem) {
      setAdded({ error: explain(problem) });
    }
  };
  return (
    <section aria-labelledby="rates-title">
      <h2 id="rates-title">Exchange rates</h2>
      <p className="muted">Prices are kept in {baseCurrency}; a shopper whose place uses another currency sees them converted at its rate. A currency without a rate is shown in {baseCurrency}.</p>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
      {rates.isError ? <Notice kind="error">{explain(rates.error)}</Notice> : null}
      {rates.isPending ? (
        <p className="loading">Loading exchange rates…</p>
      ) : rates.data === undefined ? null : rates.data.length === 0 ? (
        <p>No exchange rate yet: every price is shown in {baseCurrency}.</p>
      ) : (
        <ScrollArea label="Exchange rates" busy={rates.isFetching}>
          <table>
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col">Rate</th>
                <th scope="col">Holds from</th>
                <th scope="col">Last changed</th>
                {manage ? <th scope="col">Change</th> : null}
              </tr>
            </thead>
            <tbody>
              {rates.data.map((r) => (
                <RateRow key={r.currency} rate={r} manage={manage} onResult={report} />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      {manage ? (
        <form className="panel" onSubmit={submit} aria-labelledby="add-rate-title" noValidate>
          <h3 id="add-rate-title">Add a currency</h3>
          <label>
            Currency (ISO code)
            <input name="currency" autoComplete="off" maxLength={3} placeholder="USD" />
          </label>
          <label>
            Units of it per 1 {baseCurrency}
            <input name="rate" inputMode="decimal" autoComplete="off" placeholder="0.0077" />
          </label>
          <label>
            Holds from ({TIME_ZONE}; empty: now)
            <input name="as_of" type="datetime-local" />
          </label>
          <button type="submit" disabled={create.isPending}>
            Add rate
          </button>
          <Notice kind="success">{added.ok}</Notice>
          <Notice kind="error">{added.error}</Notice>
        </form>
      ) : null}
    </section>
  );
};

export const PriceRulesPage = ({ session }: { session: Session }) => {
  const client = useQueryClient();
  const manage = can(session, "pricing.manage");
  const [result, setResult] = useState<Result>({});
  const [editing, setEditing] = useState<string>();
  const rules = useQuery({ queryKey: ["price-rules"], queryFn: async () => answer(await api.GET("/admin/v1/price-rules")).price_rules });
  const categories = useQuery({
    queryKey: ["categories", "all"],
    staleTime: 5 * 60_000,
    // The list answers active or hidden categories, not both: a rule may name either.
    queryFn: async () => {
      const [shown, hidden] = await Promise.all([true, false].map(async (active) => answer(await api.GET("/admin/v1/categories", { params: { query: { active, limit: 100 } } })).categories));
      return [...shown!, ...hidden!.map((c) => ({ ...c, name: `${c.name} (hidden)` }))];
    },
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["price-rules"] });
  const report = async (next: Result) => {
    setResult(next);
    await refresh();
  };
  const failed = rules.error ?? categories.error;
  // The store's base currency, in which fixed discounts and lifetime spends are kept (every member has it from /me).
  const base = session.store.base_currency;
  const edited = rules.data?.find((r) => r.id === editing);
  return (
    <>
      <h1>Price rules</h1>
      <p className="muted">
        Discounts the price list takes off after any sale price: for a customer segment, for a customer tier (by what they have spent), or for a quantity of one product. The best rule of each kind applies; prices follow a change at once.
      </p>
      {manage ? null : <p>Your role may read these; changing them needs an owner, a manager or a catalog member.</p>}
      {failed ? <Notice kind="error">{explain(failed)}</Notice> : null}
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
      {rules.isPending || categories.data === undefined ? (
        failed ? null : <p className="loading">Loading price rules…</p>
      ) : rules.data === undefined ? null : (
        <>
          {rules.data.length === 0 ? (
            <p>No price rule yet{manage ? ": add one below" : ""}.</p>
          ) : (
            <ScrollArea label="Price rules" busy={rules.isFetching}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Rule</th>
                    <th scope="col">For</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Applies to</th>
                    <th scope="col">State</th>
                    <th scope="col">Last changed</th>
                    {manage ? <th scope="col">Actions</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {rules.data.map((r) => (
                    <RuleRow
                      key={r.id}
                      rule={r}
                      currency={base}
                      categories={categories.data}
                      manage={manage}
                      onEdit={() => setEditing(r.id)}
                      onResult={async (next) => {
                        if (next.ok !== undefined && editing === r.id) setEditing(undefined);
                        await report(next);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          )}
          {manage && edited !== undefined ? <EditRule key={edited.id} rule={edited} currency={base} categories={categories.data} onDone={refresh} onClose={() => closeEditor(edited.id, setEditing)} /> : null}
          {manage ? <AddRule currency={base} categories={categories.data} onDone={refresh} /> : null}
          <ExchangeRates manage={manage} baseCurrency={base} />
        </>
      )}
    </>
  );
};
