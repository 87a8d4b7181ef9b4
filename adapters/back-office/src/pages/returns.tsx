// Returns (`returns.manage`): the list newest first, filtered by status with the page size and
// cursor in the URL; a return's page shows its lines named as the order names them, its history,
// and the next steps its status allows: approve or refuse (a note the customer sees) a requested
// return, receive an approved one line by line with or without restock, and refund an approved
// or received one (its lines, or an amount) through the refund operation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, explain, newIdempotencyKey } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime, formatMoney, humanize, parseMoney } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";

type Return = components["schemas"]["ReturnWithEvents"];
type ReturnStatus = Return["status"];

const FILTERS = ["status"] as const;
const STATUSES: readonly ReturnStatus[] = ["requested", "approved", "received", "refunded", "refused"];
/** The status filter of the URL, when it is one of the statuses. */
const statusOf = (chosen: { status?: string }): ReturnStatus | undefined => STATUSES.find((s) => s === chosen.status);
const units = (r: { lines: readonly { quantity: number }[] }) => r.lines.reduce((sum, line) => sum + line.quantity, 0);

export const ReturnsPage = () => {
  const list = useListPage({
    path: "/admin/returns",
    filters: FILTERS,
    name: "returns",
    fetch: async ({ chosen, cursor, limit }) => {
      const status = statusOf(chosen);
      return answer(await api.GET("/admin/v1/returns", { params: { query: { ...(status ? { status } : {}), ...(cursor ? { cursor } : {}), limit } } }));
    },
  });
  const { kept: filters, key, cursor, rows: returns } = list;
  const status = statusOf(list.chosen);
  const filtered = status !== undefined;
  return (
    <>
      <h1>Returns</h1>
      <form key={key} className="filters" role="search" onSubmit={list.submit}>
        <label>
          Status
          <select name="status" defaultValue={status ?? ""}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </select>
        </label>
        <div className="actions">
          <button type="submit">Filter</button>
          {filtered ? (
            <a href="/admin/returns" onClick={followLink}>
              Clear filters
            </a>
          ) : null}
        </div>
      </form>
      {returns.isError ? <Notice kind="error">{explain(returns.error)}</Notice> : null}
      {returns.isPending ? (
        <p className="loading">Loading the returns…</p>
      ) : returns.data === undefined ? null : returns.data.returns.length === 0 ? (
        <p>No return{filtered ? " matches this filter" : " yet"}.</p>
      ) : (
        <ScrollArea label="Returns" busy={returns.isFetching}>
          <table>
            <thead>
              <tr>
                <th scope="col">Asked</th>
                <th scope="col">Status</th>
                <th scope="col">Units</th>
                <th scope="col">Reason</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {returns.data.returns.map((r) => (
                <tr key={r.id}>
                  <td>
                    <a href={`/admin/returns/${r.id}`} onClick={followLink} aria-label={`Return of ${formatDateTime(r.created_at)}, ${humanize(r.status)}`}>
                      {formatDateTime(r.created_at)}
                    </a>
                  </td>
                  <td>{humanize(r.status)}</td>
                  <td className="n">{units(r)}</td>
                  <td>{r.reason}</td>
                  <td>
                    <a href={`/admin/orders/${r.order_id}`} onClick={followLink}>
                      order {r.order_id.slice(0, 8)}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/returns" kept={filters} cursor={cursor} next={returns.data?.pagination.has_more ? returns.data.pagination.next_cursor : null} />
    </>
  );
};

/** A form's refusal, said beside it (what a step did is said on the page: the form goes with the step). */
type Outcome = { error?: string };
type OrderLine = { id: string; sku: string; product_name: string; variant_name: string; unit_price: number };

/** Approve (optional note) or refuse (a note, required: the customer sees it) a requested return. */
const DecideForm = ({ id, onDone }: { id: string; onDone: (said: string) => Promise<unknown> }) => {
  const [note, setNote] = useState("");
  const [result, setResult] = useState<Outcome>({});
  const decide = useMutation({
    mutationFn: async (approve: boolean) => {
      const trimmed = note.trim();
      return approve
        ? answer(await api.POST("/admin/v1/returns/{id}/approve", { params: { path: { id } }, body: trimmed === "" ? {} : { note: trimmed } }))
        : answer(await api.POST("/admin/v1/returns/{id}/refuse", { params: { path: { id } }, body: { note: trimmed } }));
    },
  });
  const run = async (approve: boolean) => {
    if (!approve && note.trim() === "") return setResult({ error: "Write why the return is refused: the customer sees this note." });
    try {
      await decide.mutateAsync(approve);
      setResult({});
      setNote("");
      await onDone(approve ? "The return is approved: receive the goods when they arrive." : "The return is refused; the customer sees your note.");
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <form className="panel" aria-labelledby="decide-title" onSubmit={(e) => e.preventDefault()}>
      <h2 id="decide-title">Approve or refuse</h2>
      <label>
        Note (the customer sees it; needed to refuse)
        <input name="return-note" value={note} onChange={(e) => setNote(e.target.value)} autoComplete="off" />
      </label>
      <div className="actions">
        <button type="button" onClick={() => void run(true)} disabled={decide.isPending}>
          Approve return
        </button>
        <button type="button" className="danger" onClick={() => void run(false)} disabled={decide.isPending}>
          Refuse return
        </button>
      </div>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

/** Units received per line (at most those asked back), each back in stock or not. */
const ReceiveForm = ({ ret, lineOf, onDone }: { ret: Return; lineOf: (id: string) => OrderLine | undefined; onDone: (said: string) => Promise<unknown> }) => {
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [result, setResult] = useState<Outcome>({});
  const receive = useMutation({
    mutationFn: async (lines: { line_id: string; quantity: number; restock: boolean }[]) => answer(await api.POST("/admin/v1/returns/{id}/receive", { params: { path: { id: ret.id } }, body: { lines } })),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines: { line_id: string; quantity: number; restock: boolean }[] = [];
    for (const line of ret.lines) {
      const text = counts[line.line_id] ?? String(line.quantity);
      const n = Number(text);
      const name = lineOf(line.line_id)?.sku ?? line.line_id.slice(0, 8);
      if (!/^\d+$/.test(text.trim()) || n > line.quantity) return setResult({ error: `Units received of ${name} must be a whole number from 0 to ${line.quantity}.` });
      lines.push({ line_id: line.line_id, quantity: n, restock: restock[line.line_id] ?? true });
    }
    if (lines.every((l) => l.quantity === 0)) return setResult({ error: "Enter the units that arrived, on at least one line." });
    try {
      const done = await receive.mutateAsync(lines);
      const back = done.lines.reduce((sum, l) => sum + l.restocked_quantity, 0);
      const got = done.lines.reduce((sum, l) => sum + l.received_quantity, 0);
      setResult({});
      await onDone(`Received ${got} unit${got === 1 ? "" : "s"}; ${back === 0 ? "none went" : `${back} went`} back in stock. Refund the return next.`);
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="receive-title">
      <h2 id="receive-title">Receive</h2>
      {ret.lines.map((line) => {
        const name = lineOf(line.line_id);
        const label = name ? `${name.product_name}${name.variant_name ? ` (${name.variant_name})` : ""}, ${name.sku}` : `line ${line.line_id.slice(0, 8)}`;
        return (
          <fieldset key={line.line_id}>
            <legend>{label}</legend>
            <label>
              Units received of {name?.sku ?? line.line_id.slice(0, 8)} (asked back: {line.quantity})
              <input inputMode="numeric" value={counts[line.line_id] ?? String(line.quantity)} onChange={(e) => setCounts({ ...counts, [line.line_id]: e.target.value })} />
            </label>
            <label className="inline">
              <input type="checkbox" checked={restock[line.line_id] ?? true} onChange={(e) => setRestock({ ...restock, [line.line_id]: e.target.checked })} /> Back in stock ({name?.sku ?? "this line"})
            </label>
          </fieldset>
        );
      })}
      <button type="submit" disabled={receive.isPending}>
        Record receipt
      </button>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

/** Refunds the return's lines, or an amount, through the refund operation (one key per attempt). */
const RefundForm = ({ ret, currency, onDone }: { ret: Return; currency: string; onDone: (said: string) => Promise<unknown> }) => {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<Outcome>({});
  const refund = useMutation({
    mutationFn: async (body: { amount?: number; reason?: string }) =>
      answer(await api.POST("/admin/v1/returns/{id}/refund", { params: { path: { id: ret.id }, header: { "Idempotency-Key": newIdempotencyKey("return-refund") } }, body })),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let minor: number | undefined;
    if (amount.trim() !== "") {
      minor = parseMoney(amount, currency);
      if (minor === undefined || minor <= 0) return setResult({ error: `Enter an amount in ${currency}, or leave it empty to refund the returned lines.` });
    }
    try {
      const done = await refund.mutateAsync({ ...(minor !== undefined ? { amount: minor } : {}), ...(reason.trim() !== "" ? { reason: reason.trim() } : {}) });
      const what = formatMoney(done.refund.amount, done.refund.currency);
      if (done.refund.status === "failed") {
        setResult({ error: `The refund of ${what} failed at the payment provider: nothing was returned. Try again, or refund by hand and note it.` });
        return;
      }
      setResult({});
      await onDone(done.refund.status === "succeeded" ? `Refunded ${what}; the return is refunded.` : `Refund of ${what} asked; the provider has not confirmed it yet.`);
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="return-refund-title">
      <h2 id="return-refund-title">Refund</h2>
      <label>
        Amount in {currency} (empty: the returned lines at the price paid)
        <input name="return-refund-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} autoComplete="off" />
      </label>
      <label>
        Reason (optional)
        <input name="return-refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} autoComplete="off" />
      </label>
      <button type="submit" disabled={refund.isPending}>
        Refund return
      </button>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

export const ReturnDetailPage = ({ id }: { id: string }) => {
  const client = useQueryClient();
  const [said, setSaid] = useState<string>();
  const ret = useQuery({ queryKey: ["return", id], queryFn: async () => answer(await api.GET("/admin/v1/returns/{id}", { params: { path: { id } } })) });
  const orderId = ret.data?.order_id;
  const order = useQuery({
    queryKey: ["order", orderId],
    enabled: orderId !== undefined,
    queryFn: async () => answer(await api.GET("/admin/v1/orders/{id}", { params: { path: { id: orderId! } } })),
  });
  if (ret.isPending) return <p className="loading">Loading the return…</p>;
  if (ret.isError) return <Notice kind="error">{explain(ret.error)}</Notice>;
  const r = ret.data;
  const lines = new Map<string, OrderLine>((order.data?.items ?? []).map((item) => [item.id, item]));
  const currency = order.data?.currency;
  const refresh = (what: string) => {
    setSaid(what);
    return Promise.all([client.invalidateQueries({ queryKey: ["return", id] }), client.invalidateQueries({ queryKey: ["returns"] }), client.invalidateQueries({ queryKey: ["order", orderId] })]);
  };
  return (
    <>
      <p>
        <a href="/admin/returns" onClick={followLink}>
          ← Returns
        </a>
      </p>
      <h1>Return of {formatDateTime(r.created_at)}</h1>
      <dl className="facts">
        <dt>Status</dt>
        <dd data-field="return_status">{humanize(r.status)}</dd>
        <dt>Order</dt>
        <dd>
          <a href={`/admin/orders/${r.order_id}`} onClick={followLink}>
            {order.data?.order_number ?? `order ${r.order_id.slice(0, 8)}`}
          </a>
          {order.data ? <span className="muted"> {order.data.customer_email}</span> : null}
        </dd>
        <dt>Customer's reason</dt>
        <dd>{r.reason}</dd>
        {r.staff_note !== null ? (
          <>
            <dt>Staff note</dt>
            <dd>{r.staff_note}</dd>
          </>
        ) : null}
      </dl>
      <Notice kind="success">{said}</Notice>
      {order.isError ? <Notice kind="error">{`The order could not be read, so lines show by id: ${explain(order.error)}`}</Notice> : null}
      <h2>Lines</h2>
      <ScrollArea label="Returned lines">
        <table className="return-lines">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Asked back</th>
              <th scope="col">Received</th>
              <th scope="col">Back in stock</th>
              {currency ? <th scope="col">Unit price</th> : null}
            </tr>
          </thead>
          <tbody>
            {r.lines.map((line) => {
              const item = lines.get(line.line_id);
              return (
                <tr key={line.line_id}>
                  <td>{item ? `${item.product_name}${item.variant_name ? ` (${item.variant_name})` : ""} · ${item.sku}` : line.line_id.slice(0, 8)}</td>
                  <td className="n">{line.quantity}</td>
                  <td className="n">{line.received_quantity}</td>
                  <td className="n">{line.restocked_quantity}</td>
                  {currency ? <td className="n">{item ? formatMoney(item.unit_price, currency) : "—"}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollArea>
      {r.status === "requested" ? <DecideForm id={r.id} onDone={refresh} /> : null}
      {r.status === "approved" ? <ReceiveForm ret={r} lineOf={(lineId) => lines.get(lineId)} onDone={refresh} /> : null}
      {(r.status === "approved" || r.status === "received") && currency ? <RefundForm ret={r} currency={currency} onDone={refresh} /> : null}
      {r.refund_id !== null ? (
        <p>
          Refunded:{" "}
          <a href={`/admin/orders/${r.order_id}`} onClick={followLink}>
            see the refund in the order's timeline
          </a>
          .
        </p>
      ) : null}
      <h2>History</h2>
      <ol className="timeline">
        {r.events.map((e, i) => (
          <li key={i}>
            <time dateTime={e.at}>{formatDateTime(e.at)}</time> {e.from_status === null ? "asked" : `${humanize(e.from_status)} → ${humanize(e.to_status)}`} by {e.actor_label}{" "}
            <span className="muted">({e.actor_type.replace("_", " ")})</span>
            {e.note ? `: ${e.note}` : ""}
          </li>
        ))}
      </ol>
    </>
  );
};
