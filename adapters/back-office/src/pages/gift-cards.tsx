// Gift cards (`gift_cards.manage`: owners, managers and support): the store's cards newest first
// (page size and cursor in the URL) with their code, balance and initial amount in the card's
// currency, state, expiry and use; issue a card (its code is shown with the answer, and stays on
// the card's page); a card's page shows its balance and its ledger (issue, each order it paid,
// each amount given back), changes its expiry date and usage cap, and deactivates it after a
// confirming second click (or switches a deactivated card on again).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, explain, newIdempotencyKey, noContent } from "../api.js";
import { ConfirmButton } from "../confirm-button.js";
import { Notice } from "../feedback.js";
import { formatDateTime, formatMoney, minorDigits, parseMoney } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";
import { can, type Session } from "../session.js";

type GiftCard = components["schemas"]["GiftCard"];
type GiftCardDetail = components["schemas"]["GiftCardDetail"];
type Outcome = { ok?: string; error?: string };

/** Gift card amounts are decimal major units of the card's currency (the API's choice); shown as money of it. */
const money = (major: number, currency: string): string => formatMoney(Math.round(major * 10 ** minorDigits(currency)), currency);

const stateOf = (card: GiftCard): string => {
  if (card.status === "inactive") return "deactivated";
  if (card.status === "full_redeemed") return "used up";
  if (card.expiry_date !== null && card.expiry_date < new Date().toISOString().slice(0, 10)) return "expired";
  return "active";
};

const expiryOf = (card: GiftCard): string => (card.expiry_date === null ? "never" : `end of ${card.expiry_date}`);

const FILTERS = [] as const;

export const GiftCardsPage = ({ session }: { session: Session }) => {
  const client = useQueryClient();
  const list = useListPage({
    path: "/admin/gift-cards",
    filters: FILTERS,
    name: "gift-cards",
    fetch: async ({ cursor, limit }) => answer(await api.GET("/admin/v1/gift-cards", { params: { query: { limit, ...(cursor ? { cursor } : {}) } } })),
  });
  const { kept, cursor, rows: cards } = list;
  return (
    <>
      <h1>Gift cards</h1>
      {cards.isError ? <Notice kind="error">{explain(cards.error)}</Notice> : null}
      {cards.isPending ? (
        <p className="loading">Loading gift cards…</p>
      ) : cards.data === undefined ? null : cards.data.gift_cards.length === 0 ? (
        <p>No gift card yet{can(session, "gift_cards.manage") ? ": issue one below" : ""}.</p>
      ) : (
        <ScrollArea label="Gift cards" busy={cards.isFetching}>
          <table className="gift-cards">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Balance</th>
                <th scope="col">Issued with</th>
                <th scope="col">State</th>
                <th scope="col">Expires</th>
                <th scope="col">Issued</th>
                <th scope="col">Orders paid</th>
              </tr>
            </thead>
            <tbody>
              {cards.data.gift_cards.map((g) => (
                <tr key={g.id}>
                  <td>
                    <a href={`/admin/gift-cards/${g.id}`} onClick={followLink}>
                      <code>{g.code}</code>
                    </a>
                  </td>
                  <td className="n">{money(g.balance, g.currency)}</td>
                  <td className="n">{money(g.initial_balance, g.currency)}</td>
                  <td>{stateOf(g)}</td>
                  <td>{expiryOf(g)}</td>
                  <td>{g.issued_date}</td>
                  <td className="n">{g.redemption_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/gift-cards" kept={kept} cursor={cursor} next={cards.data?.pagination.has_more ? cards.data.pagination.next_cursor : null} />
      {can(session, "gift_cards.manage") ? <IssueForm session={session} onIssued={() => client.invalidateQueries({ queryKey: ["gift-cards"] })} /> : null}
    </>
  );
};

type IssueField = "initial_balance" | "currency" | "expiry_date" | "maximum_usage_percentage" | "customer_id";

const FieldError = ({ field, message }: { field: string; message: string | undefined }) =>
  message === undefined ? null : (
    <span className="field-error" id={`gift-card-${field}-error`}>
      {message}
    </span>
  );

const describeWith = (errors: Partial<Record<string, string>>) => (field: string) =>
  errors[field] !== undefined ? { "aria-invalid": true, "aria-describedby": `gift-card-${field}-error` } : {};

/** A usage cap typed as a percentage: null for none (100 %), or what is wrong with it. */
const capOf = (raw: string): { cap?: number | null; error?: string } => {
  if (raw === "") return { cap: null };
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 100 && Math.round(n * 100) === n * 100 ? { cap: n } : { error: "A percentage from 0 to 100 (at most two decimals), or empty for 100 %." };
};

const IssueForm = ({ session, onIssued }: { session: Session; onIssued: () => Promise<unknown> }) => {
  // The store's base currency (a card's default), which every member has from /me.
  const currency = session.store.base_currency;
  const [errors, setErrors] = useState<Partial<Record<IssueField, string>>>({});
  const [result, setResult] = useState<Outcome & { card?: GiftCard }>({});
  const [generation, setGeneration] = useState(0);
  const issue = useMutation({
    mutationFn: async (body: components["schemas"]["GiftCardInput"]) =>
      answer(await api.POST("/admin/v1/gift-cards", { params: { header: { "Idempotency-Key": newIdempotencyKey("gift-card") } }, body })),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: IssueField) => String(data.get(name) ?? "").trim();
    const found: Partial<Record<IssueField, string>> = {};
    const code = text("currency").toUpperCase() || currency;
    if (!/^[A-Z]{3}$/.test(code)) found.currency = "A currency is three letters (ISO 4217), such as KES; empty for the store's.";
    const minor = parseMoney(text("initial_balance"), code);
    if (minor === undefined || minor <= 0) found.initial_balance = `Enter the amount the card holds in ${code}, for example 2500${minorDigits(code) > 0 ? ".50" : ""}.`;
    const expiry = text("expiry_date");
    if (expiry !== "" && expiry < new Date().toISOString().slice(0, 10)) found.expiry_date = "The last day of use cannot be in the past.";
    const cap = capOf(text("maximum_usage_percentage"));
    if (cap.error !== undefined) found.maximum_usage_percentage = cap.error;
    const customer = text("customer_id");
    if (customer !== "" && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(customer)) found.customer_id = "A customer's id (from their page's address), or empty.";
    setErrors(found);
    if (Object.keys(found).length > 0) return setResult({ error: "Some values need correcting: see beside each field. No card was issued." });
    try {
      const card = await issue.mutateAsync({
        initial_balance: minor! / 10 ** minorDigits(code),
        currency: code,
        ...(expiry !== "" ? { expiry_date: expiry } : {}),
        ...(cap.cap !== null && cap.cap !== undefined ? { maximum_usage_percentage: cap.cap } : {}),
        ...(customer !== "" ? { customer_id: customer } : {}),
      });
      setResult({ ok: `Issued a gift card holding ${money(card.initial_balance, card.currency)}, ${card.expiry_date === null ? "never expiring" : `usable until the end of ${card.expiry_date}`}.`, card });
      setGeneration((n) => n + 1);
      await onIssued();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  const describe = describeWith(errors);
  return (
    <form key={generation} className="panel" onSubmit={submit} aria-labelledby="issue-title" noValidate>
      <h2 id="issue-title">Issue a gift card</h2>
      <div className="inline-form">
        <label>
          Amount it holds
          <input name="initial_balance" inputMode="decimal" autoComplete="off" {...describe("initial_balance")} />
          <FieldError field="initial_balance" message={errors.initial_balance} />
        </label>
        <label>
          Currency (empty: {currency})
          <input name="currency" autoComplete="off" maxLength={3} size={5} {...describe("currency")} />
          <FieldError field="currency" message={errors.currency} />
        </label>
      </div>
      <div className="inline-form">
        <label>
          Last day of use (empty: never expires)
          <input type="date" name="expiry_date" {...describe("expiry_date")} />
          <FieldError field="expiry_date" message={errors.expiry_date} />
        </label>
        <label>
          Most of an order it may pay, % (empty: 100)
          <input name="maximum_usage_percentage" inputMode="decimal" autoComplete="off" {...describe("maximum_usage_percentage")} />
          <FieldError field="maximum_usage_percentage" message={errors.maximum_usage_percentage} />
        </label>
      </div>
      <label>
        For the customer with id (optional)
        <input name="customer_id" autoComplete="off" {...describe("customer_id")} />
        <FieldError field="customer_id" message={errors.customer_id} />
      </label>
      <button type="submit" disabled={issue.isPending}>
        Issue gift card
      </button>
      <Notice kind="success">{result.ok}</Notice>
      {result.card !== undefined ? (
        <div className="secret-once" role="status">
          <p>
            <strong>The card's code</strong>, to give to its holder (it stays on the card's page):
          </p>
          <code className="secret" data-testid="gift-card-code">
            {result.card.code}
          </code>
          <p>
            <a href={`/admin/gift-cards/${result.card.id}`} onClick={followLink}>
              Open the new card
            </a>
          </p>
        </div>
      ) : null}
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const EditCardForm = ({ card, onSaved }: { card: GiftCardDetail; onSaved: () => Promise<unknown> }) => {
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [result, setResult] = useState<Outcome>({});
  const save = useMutation({
    mutationFn: async (body: components["schemas"]["GiftCardPatch"]) => answer(await api.PATCH("/admin/v1/gift-cards/{id}", { params: { path: { id: card.id } }, body })),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const expiry = String(data.get("expiry_date") ?? "").trim();
    const cap = capOf(String(data.get("maximum_usage_percentage") ?? "").trim());
    const found: Record<string, string> = {};
    if (cap.error !== undefined) found.maximum_usage_percentage = cap.error;
    setErrors(found);
    if (Object.keys(found).length > 0) return setResult({ error: "Some values need correcting: see beside each field. Nothing was saved." });
    const patch: components["schemas"]["GiftCardPatch"] = {};
    const expiryDate = expiry === "" ? null : expiry;
    if (expiryDate !== card.expiry_date) patch.expiry_date = expiryDate;
    if (cap.cap !== card.maximum_usage_percentage) patch.maximum_usage_percentage = cap.cap ?? null;
    if (Object.keys(patch).length === 0) return setResult({ ok: "Nothing changed: every value is as saved." });
    try {
      const done = await save.mutateAsync(patch);
      setResult({
        ok: `Saved: the card ${done.expiry_date === null ? "never expires" : `is usable until the end of ${done.expiry_date}`} and may pay ${done.maximum_usage_percentage ?? 100} % of an order; it is ${stateOf(done)}.`,
      });
      await onSaved();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  const describe = describeWith(errors);
  return (
    <form key={card.updated_at} className="panel" onSubmit={submit} aria-labelledby="edit-card-title" noValidate>
      <h2 id="edit-card-title">Expiry and usage cap</h2>
      <div className="inline-form">
        <label>
          Last day of use (empty: never expires; a past day ends the card)
          <input type="date" name="expiry_date" defaultValue={card.expiry_date ?? ""} />
        </label>
        <label>
          Most of an order it may pay, % (empty: 100)
          <input name="maximum_usage_percentage" inputMode="decimal" defaultValue={card.maximum_usage_percentage === null ? "" : String(card.maximum_usage_percentage)} autoComplete="off" {...describe("maximum_usage_percentage")} />
          <FieldError field="maximum_usage_percentage" message={errors.maximum_usage_percentage} />
        </label>
      </div>
      <button type="submit" disabled={save.isPending}>
        Save expiry and cap
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const CardSwitch = ({ card, onChanged }: { card: GiftCardDetail; onChanged: () => Promise<unknown> }) => {
  const [result, setResult] = useState<Outcome>({});
  const deactivate = useMutation({ mutationFn: async () => noContent(await api.DELETE("/admin/v1/gift-cards/{id}", { params: { path: { id: card.id } } })) });
  const reactivate = useMutation({
    mutationFn: async () => answer(await api.PATCH("/admin/v1/gift-cards/{id}", { params: { path: { id: card.id } }, body: { status: "active" } })),
  });
  const doDeactivate = async () => {
    try {
      await deactivate.mutateAsync();
      setResult({ ok: `Deactivated ${card.code}: it no longer pays for orders. Its balance of ${money(card.balance, card.currency)} and its ledger are kept.` });
      await onChanged();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  const doReactivate = async () => {
    try {
      const done = await reactivate.mutateAsync();
      setResult({ ok: `Switched on ${done.code}: it is ${stateOf(done)}, holding ${money(done.balance, done.currency)}.` });
      await onChanged();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <section className="panel" aria-labelledby="card-switch-title">
      <h2 id="card-switch-title">{card.status === "inactive" ? "Switch on" : "Deactivate"}</h2>
      <div className="actions">
        {card.status === "inactive" ? (
          <button type="button" onClick={doReactivate} disabled={reactivate.isPending}>
            Switch the card on again
          </button>
        ) : (
          <ConfirmButton verb="deactivate" what={card.code} pending={deactivate.isPending} onConfirmed={doDeactivate} />
        )}
      </div>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
};

const LEDGER_KINDS: Record<GiftCardDetail["ledger"][number]["kind"], string> = { issue: "issued", redemption: "paid an order", restoration: "given back" };

export const GiftCardDetailPage = ({ id, session }: { id: string; session: Session }) => {
  const client = useQueryClient();
  const card = useQuery({ queryKey: ["gift-card", id], queryFn: async () => answer(await api.GET("/admin/v1/gift-cards/{id}", { params: { path: { id } } })) });
  const back = (
    <p>
      <a href="/admin/gift-cards" onClick={followLink}>
        ← Gift cards
      </a>
    </p>
  );
  if (card.isPending) return <p className="loading">Loading the gift card…</p>;
  if (card.isError)
    return (
      <>
        {back}
        <Notice kind="error">{explain(card.error)}</Notice>
      </>
    );
  const g = card.data;
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ["gift-card", id] }), client.invalidateQueries({ queryKey: ["gift-cards"] })]);
  return (
    <>
      {back}
      <h1>
        Gift card <code>{g.code}</code>
      </h1>
      <dl className="facts">
        <dt>Balance</dt>
        <dd data-field="gift_card_balance">{money(g.balance, g.currency)}</dd>
        <dt>Issued with</dt>
        <dd>{money(g.initial_balance, g.currency)}</dd>
        <dt>State</dt>
        <dd data-field="gift_card_state">{stateOf(g)}</dd>
        <dt>Expires</dt>
        <dd>{expiryOf(g)}</dd>
        <dt>May pay</dt>
        <dd>{g.maximum_usage_percentage ?? 100} % of an order</dd>
        <dt>Issued</dt>
        <dd>{g.issued_date}</dd>
        <dt>Last used</dt>
        <dd>{g.last_used_date ?? "never"}</dd>
        <dt>Orders paid</dt>
        <dd>{g.redemption_count}</dd>
        <dt>Customer</dt>
        <dd>
          {g.customer_id === null ? (
            "anyone holding the code"
          ) : (
            <a href={`/admin/customers/${g.customer_id}`} onClick={followLink}>
              the customer's page
            </a>
          )}
        </dd>
      </dl>
      <h2>History</h2>
      <ScrollArea label="Gift card history">
        <table className="ledger">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
              <th scope="col">Balance after</th>
              <th scope="col">Order</th>
            </tr>
          </thead>
          <tbody>
            {g.ledger.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.created_at)}</td>
                <td>{LEDGER_KINDS[entry.kind]}</td>
                <td className="n">{money(entry.amount, g.currency)}</td>
                <td className="n">{money(entry.balance_after, g.currency)}</td>
                <td>
                  {entry.order_id === null ? (
                    "—"
                  ) : (
                    <a href={`/admin/orders/${entry.order_id}`} onClick={followLink}>
                      order {entry.order_id.slice(0, 8)}
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      {can(session, "gift_cards.manage") ? (
        <>
          <CardSwitch card={g} onChanged={refresh} />
          <EditCardForm card={g} onSaved={refresh} />
        </>
      ) : null}
    </>
  );
};
