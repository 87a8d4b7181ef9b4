// One order: its lines, totals and addresses, its timeline, and what the member's role lets them
// do with it: fulfil lines with carrier and tracking, refund by lines or by amount (a fresh
// Idempotency-Key per attempt), cancel, print the packing slip, open the invoice of a paid order.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { answer, api, explain, newIdempotencyKey } from "../api.js";
import type { components } from "storefront/admin-client";
import { Notice } from "../feedback.js";
import { ScrollArea } from "../scroll-area.js";
import { formatDateTime, formatMoney, humanize, parseMoney } from "../formatting.js";
import { followLink } from "../navigation.js";
import { can, type Session } from "../session.js";

type Order = components["schemas"]["AdminOrder"];
type Line = Order["items"][number];

/** After a write: the order, its timeline, the lists and the dashboard are read again. */
const useRefresh = (id: string) => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["order", id] }),
      client.invalidateQueries({ queryKey: ["timeline", id] }),
      client.invalidateQueries({ queryKey: ["orders"] }),
      client.invalidateQueries({ queryKey: ["dashboard"] }),
    ]);
};

/** Whole units 0..max typed in a field, or undefined. */
const unitsOf = (text: string | undefined, max: number): number | undefined => {
  const value = (text ?? "").trim() === "" ? 0 : Number(text);
  return Number.isInteger(value) && value >= 0 && value <= max ? value : undefined;
};

const FulfilForm = ({ order, onDone }: { order: Order; onDone: () => Promise<unknown> }) => {
  const open = order.items.filter((l) => l.quantity_fulfilled < l.quantity);
  const [units, setUnits] = useState<Record<string, string>>({});
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const fulfil = useMutation({
    mutationFn: async (body: components["schemas"]["FulfilmentLineInput"][]) =>
      answer(
        await api.POST("/admin/v1/orders/{id}/fulfilments", {
          params: { path: { id: order.id }, header: { "Idempotency-Key": newIdempotencyKey("fulfil") } },
          body: { carrier: carrier.trim(), ...(tracking.trim() !== "" ? { tracking_number: tracking.trim() } : {}), lines: body },
        }),
      ),
  });
  if (open.length === 0) return <p>Every unit has shipped.</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines: components["schemas"]["FulfilmentLineInput"][] = [];
    for (const line of open) {
      const left = line.quantity - line.quantity_fulfilled;
      const n = unitsOf(units[line.id], left);
      if (n === undefined) return setResult({ error: `Units for ${line.sku} must be a whole number from 0 to ${left}.` });
      if (n > 0) lines.push({ order_item_id: line.id, quantity: n });
    }
    if (lines.length === 0) return setResult({ error: "Enter how many units of at least one line go in the parcel." });
    if (carrier.trim() === "") return setResult({ error: "Enter the carrier (for example DHL or Store rider)." });
    try {
      const done = await fulfil.mutateAsync(lines);
      const count = lines.reduce((sum, l) => sum + l.quantity, 0);
      setResult({
        ok: `Parcel recorded: ${count} unit${count === 1 ? "" : "s"} with ${done.fulfilment.carrier}${done.fulfilment.tracking_number ? `, tracking ${done.fulfilment.tracking_number}` : ""}. The order is now ${humanize(done.order.fulfilment_status)}.`,
      });
      setUnits({});
      setTracking("");
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="fulfil-title" className="panel">
      <h2 id="fulfil-title">Fulfil</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Left to ship</th>
            <th scope="col">In this parcel</th>
          </tr>
        </thead>
        <tbody>
          {open.map((line) => (
            <tr key={line.id}>
              <td>
                {line.product_name} <span className="muted">{line.sku}</span>
              </td>
              <td className="n">{line.quantity - line.quantity_fulfilled}</td>
              <td>
                <input
                  type="number"
                  min={0}
                  max={line.quantity - line.quantity_fulfilled}
                  step={1}
                  inputMode="numeric"
                  aria-label={`Units of ${line.sku} to ship`}
                  value={units[line.id] ?? ""}
                  placeholder="0"
                  onChange={(e) => setUnits({ ...units, [line.id]: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label>
        Carrier
        <input name="carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} autoComplete="off" />
      </label>
      <label>
        Tracking number
        <input name="tracking_number" value={tracking} onChange={(e) => setTracking(e.target.value)} autoComplete="off" />
      </label>
      <button type="submit" disabled={fulfil.isPending}>
        {fulfil.isPending ? "Recording…" : "Record parcel"}
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const RefundForm = ({ order, onDone }: { order: Order; onDone: () => Promise<unknown> }) => {
  const [mode, setMode] = useState<"lines" | "amount">("lines");
  const [units, setUnits] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [restock, setRestock] = useState(false);
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const refund = useMutation({
    mutationFn: async (body: { lines?: { line_id: string; quantity: number }[]; amount?: number; restock?: boolean; reason?: string }) =>
      answer(await api.POST("/admin/v1/orders/{id}/refunds", { params: { path: { id: order.id }, header: { "Idempotency-Key": newIdempotencyKey("refund") } }, body })),
  });
  if (order.payment_status !== "paid" && order.payment_status !== "partially_refunded") {
    return (
      <section className="panel" aria-labelledby="refund-title">
        <h2 id="refund-title">Refund</h2>
        <p>Only a paid order can be refunded; this one is {humanize(order.payment_status)}.</p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const note = reason.trim() === "" ? {} : { reason: reason.trim() };
    let body: Parameters<typeof refund.mutateAsync>[0];
    if (mode === "lines") {
      const lines: { line_id: string; quantity: number }[] = [];
      for (const line of order.items) {
        const n = unitsOf(units[line.id], line.quantity);
        if (n === undefined) return setResult({ error: `Units for ${line.sku} must be a whole number from 0 to ${line.quantity}.` });
        if (n > 0) lines.push({ line_id: line.id, quantity: n });
      }
      if (lines.length === 0) return setResult({ error: "Enter how many units of at least one line to refund." });
      body = { lines, restock, ...note };
    } else {
      const minor = parseMoney(amount, order.currency);
      if (minor === undefined || minor <= 0) return setResult({ error: `Enter an amount in ${order.currency}, for example 100${formatMoney(0, order.currency).includes(".") ? ".00" : ""}.` });
      body = { amount: minor, ...note };
    }
    try {
      const done = await refund.mutateAsync(body);
      const what = formatMoney(done.amount, done.currency);
      setResult(
        done.status === "failed"
          ? { error: `The refund of ${what} failed at the payment provider: nothing was returned. Check the payment in the timeline, then try again.` }
          : { ok: done.status === "succeeded" ? `Refunded ${what}.` : `Refund of ${what} asked; the provider has not confirmed it yet (it shows in the timeline when it does).` },
      );
      setUnits({});
      setAmount("");
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby="refund-title" className="panel">
      <h2 id="refund-title">Refund</h2>
      <fieldset>
        <legend>Refund by</legend>
        <label className="inline">
          <input type="radio" name="refund-mode" checked={mode === "lines"} onChange={() => setMode("lines")} /> lines
        </label>
        <label className="inline">
          <input type="radio" name="refund-mode" checked={mode === "amount"} onChange={() => setMode("amount")} /> amount
        </label>
      </fieldset>
      {mode === "lines" ? (
        <>
          <table>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Ordered</th>
                <th scope="col">Units to refund</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.product_name} <span className="muted">{line.sku}</span>
                  </td>
                  <td className="n">{line.quantity}</td>
                  <td>
                    <input
                      type="number"
                      min={0}
                      max={line.quantity}
                      step={1}
                      inputMode="numeric"
                      aria-label={`Units of ${line.sku} to refund`}
                      value={units[line.id] ?? ""}
                      placeholder="0"
                      onChange={(e) => setUnits({ ...units, [line.id]: e.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <label className="inline">
            <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} /> Put the units back in stock
          </label>
        </>
      ) : (
        <label>
          Amount ({order.currency})
          <input name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} autoComplete="off" />
        </label>
      )}
      <label>
        Reason (optional)
        <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} autoComplete="off" />
      </label>
      <button type="submit" disabled={refund.isPending}>
        {refund.isPending ? "Refunding…" : "Refund"}
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const CancelForm = ({ order, onDone }: { order: Order; onDone: () => Promise<unknown> }) => {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const cancel = useMutation({
    mutationFn: async () =>
      answer(await api.POST("/admin/v1/orders/{id}/cancel", { params: { path: { id: order.id } }, body: reason.trim() === "" ? {} : { reason: reason.trim() } })),
  });
  if (order.order_status === "cancelled") return <Notice kind="success">{result.ok ?? "This order is cancelled."}</Notice>;
  if (!["pending", "processing"].includes(order.order_status)) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await cancel.mutateAsync();
      setResult({ ok: `Order ${order.order_number} cancelled.` });
      setAsking(false);
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <section className="panel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel</h2>
      {asking ? (
        <form onSubmit={submit}>
          <label>
            Reason (for the audit log)
            <input name="cancel-reason" value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
          </label>
          <button type="submit" className="danger" disabled={cancel.isPending}>
            Yes, cancel {order.order_number}
          </button>{" "}
          <button type="button" onClick={() => setAsking(false)}>
            Keep the order
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          Cancel order…
        </button>
      )}
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
};

const Timeline = ({ id }: { id: string }) => {
  const timeline = useQuery({ queryKey: ["timeline", id], queryFn: async () => answer(await api.GET("/admin/v1/orders/{id}/timeline", { params: { path: { id } } })) });
  if (timeline.isPending) return <p className="loading">Loading the timeline…</p>;
  if (timeline.isError) return <Notice kind="error">{explain(timeline.error)}</Notice>;
  return (
    <ol className="timeline">
      {timeline.data.entries.map((entry, i) => (
        <li key={`${entry.at}-${i}`}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> <span className={`kind kind-${entry.kind}`}>{humanize(entry.kind)}</span> {entry.title}
          {entry.actor !== null ? <span className="muted"> by {entry.actor.label}</span> : null}
        </li>
      ))}
    </ol>
  );
};

const Address = ({ title, address }: { title: string; address: Order["shipping_address"] }) => (
  <section>
    <h3>{title}</h3>
    <address>
      {[address.name, address.line1, address.line2, [address.city, address.region, address.postal_code].filter(Boolean).join(", "), address.country, address.phone]
        .filter((line) => line !== undefined && line !== "")
        .map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
    </address>
  </section>
);

export const OrderDetailPage = ({ id, session }: { id: string; session: Session }) => {
  const order = useQuery({ queryKey: ["order", id], queryFn: async () => answer(await api.GET("/admin/v1/orders/{id}", { params: { path: { id } } })) });
  const refresh = useRefresh(id);
  if (order.isPending) return <p className="loading">Loading the order…</p>;
  if (order.isError) return <Notice kind="error">{explain(order.error)}</Notice>;
  const o = order.data;
  const money = (n: number) => formatMoney(n, o.currency);
  const line = (l: Line) => (
    <tr key={l.id}>
      <td>
        {l.product_name}
        {l.variant_name !== "" && l.variant_name !== "Default" ? <span className="muted"> {l.variant_name}</span> : null}
      </td>
      <td>{l.sku}</td>
      <td className="n">{l.quantity}</td>
      <td className="n">{l.quantity_fulfilled}</td>
      <td className="n">{money(l.unit_price)}</td>
      <td className="n">{money(l.line_total)}</td>
    </tr>
  );
  return (
    <>
      <p>
        <a href="/admin/orders" onClick={followLink}>
          ← Orders
        </a>
      </p>
      <h1>Order {o.order_number}</h1>
      <dl className="facts">
        <dt>Placed</dt>
        <dd>{formatDateTime(o.created_at)}</dd>
        <dt>Customer</dt>
        <dd>
          {o.customer_name} ({o.customer_email}
          {o.customer_phone ? `, ${o.customer_phone}` : ""})
        </dd>
        <dt>Status</dt>
        <dd data-field="order_status">{humanize(o.order_status)}</dd>
        <dt>Payment</dt>
        <dd data-field="payment_status">
          {humanize(o.payment_status)} ({humanize(o.payment_method)})
        </dd>
        <dt>Fulfilment</dt>
        <dd data-field="fulfilment_status">{humanize(o.fulfilment_status)}</dd>
        {o.livemode ? null : (
          <>
            <dt>Mode</dt>
            <dd>test</dd>
          </>
        )}
      </dl>
      <h2>Lines</h2>
      <ScrollArea label="Order lines">
        <table>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col">Ordered</th>
              <th scope="col">Shipped</th>
              <th scope="col">Unit price</th>
              <th scope="col">Line total</th>
            </tr>
          </thead>
          <tbody>{o.items.map(line)}</tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Subtotal
              </th>
              <td className="n">{money(o.subtotal)}</td>
            </tr>
            {o.discount_amount > 0 ? (
              <tr>
                <th scope="row" colSpan={5}>
                  Discounts
                </th>
                <td className="n">−{money(o.discount_amount)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" colSpan={5}>
                Shipping
              </th>
              <td className="n">{money(o.shipping_amount)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                Tax
              </th>
              <td className="n">{money(o.tax_amount)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                Total
              </th>
              <td className="n">
                <strong>{money(o.total_amount)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </ScrollArea>
      <div className="columns">
        <Address title="Ship to" address={o.shipping_address} />
        <Address title="Bill to" address={o.billing_address} />
      </div>
      {o.fulfilments.length > 0 ? (
        <>
          <h2>Parcels</h2>
          <ul>
            {o.fulfilments.map((f) => (
              <li key={f.id}>
                {formatDateTime(f.created_at)}: {f.carrier}
                {f.tracking_number ? `, tracking ${f.tracking_number}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="actions-row">
        {can(session, "orders.fulfil") ? (
          // A page of its own with its own CSP, opened by the browser with the session cookie.
          <a className="button" href={`/admin/v1/orders/${encodeURIComponent(o.id)}/packing-slip`} target="_blank" rel="noopener">
            Print packing slip
          </a>
        ) : null}
        {o.payment_status === "paid" || o.payment_status === "partially_refunded" || o.payment_status === "refunded" ? (
          // Issued when the order was paid (docs/invoices.md); an order paid before invoices existed has none (404).
          <a className="button" href={`/admin/v1/orders/${encodeURIComponent(o.id)}/invoice?format=html`} target="_blank" rel="noopener">
            Invoice
          </a>
        ) : null}
      </div>
      {can(session, "orders.fulfil") && o.order_status !== "cancelled" ? <FulfilForm order={o} onDone={refresh} /> : null}
      {can(session, "orders.refund") ? <RefundForm order={o} onDone={refresh} /> : null}
      {can(session, "orders.cancel") ? <CancelForm order={o} onDone={refresh} /> : null}
      <h2>Timeline</h2>
      <Timeline id={o.id} />
    </>
  );
};
