// Customers (`customers.read`): search by email, name or phone prefix, page size and cursor kept
// in the URL; each customer's page shows their figures, recent orders and addresses, and block or
// unblock for members with `customers.block` (a block ends the customer's sessions at once).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { answer, api, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime, formatMoney, humanize } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink, hrefOf } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";
import { can, type Session } from "../session.js";

const FILTERS = ["q"] as const;

export const CustomersPage = () => {
  const [hint, setHint] = useState<string>();
  const list = useListPage({
    path: "/admin/customers",
    filters: FILTERS,
    name: "customers",
    fetch: async ({ chosen, cursor, limit }) => answer(await api.GET("/admin/v1/customers", { params: { query: { ...chosen, ...(cursor ? { cursor } : {}), limit } } })),
    check: (next) => (next.q !== undefined && next.q.length < 2 ? "Type at least 2 characters of an email, a name or a phone number." : undefined),
    onRefused: setHint,
  });
  const { kept: filters, cursor, key, rows: customers } = list;
  return (
    <>
      <h1>Customers</h1>
      <form key={key} className="filters" role="search" onSubmit={list.submit}>
        <label className="wide">
          Search
          <input type="search" name="q" defaultValue={filters.q ?? ""} placeholder="Start of an email, a name or a phone number" />
        </label>
        <div className="actions">
          <button type="submit">Search</button>
          {filters.q !== undefined ? (
            <a href="/admin/customers" onClick={followLink}>
              Clear search
            </a>
          ) : null}
        </div>
      </form>
      <Notice kind="error">{hint}</Notice>
      {customers.isError ? <Notice kind="error">{explain(customers.error)}</Notice> : null}
      {customers.isPending ? (
        <p className="loading">Loading customers…</p>
      ) : customers.data === undefined ? null : customers.data.customers.length === 0 ? (
        <p>No customer{filters.q !== undefined ? " matches this search" : " yet"}.</p>
      ) : (
        <ScrollArea label="Customers" busy={customers.isFetching}>
          <table className="customers">
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Joined</th>
                <th scope="col">Paid orders</th>
                <th scope="col">Spent</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {customers.data.customers.map((c) => (
                <tr key={c.id}>
                  <td>
                    <a href={`/admin/customers/${c.id}`} onClick={followLink}>
                      {c.name}
                    </a>
                    <br />
                    <span className="muted">{c.email}</span>
                  </td>
                  <td>{c.join_date}</td>
                  <td className="n">{c.total_purchases}</td>
                  <td className="n">{formatMoney(c.total_spent, c.currency)}</td>
                  <td>{c.blocked ? "blocked" : c.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/customers" kept={filters} cursor={cursor} next={customers.data?.pagination.has_more ? customers.data.pagination.next_cursor : null} />
    </>
  );
};

const BlockForm = ({ id, blocked, onDone }: { id: string; blocked: boolean; onDone: () => Promise<unknown> }) => {
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const change = useMutation({
    mutationFn: async () =>
      blocked
        ? answer(await api.POST("/admin/v1/customers/{id}/unblock", { params: { path: { id } } }))
        : answer(await api.POST("/admin/v1/customers/{id}/block", { params: { path: { id } }, body: reason.trim() === "" ? {} : { reason: reason.trim() } })),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const done = await change.mutateAsync();
      setResult({
        ok: done.blocked
          ? `${done.name} is blocked: they cannot sign in${done.sessions_ended > 0 ? `, and ${done.sessions_ended} session${done.sessions_ended === 1 ? "" : "s"} ended` : ""}.`
          : `${done.name} is unblocked: they can sign in again.`,
      });
      setReason("");
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="block-title">
      <h2 id="block-title">{blocked ? "Unblock" : "Block"}</h2>
      {blocked ? null : (
        <label>
          Reason (for the staff; the customer is not shown it)
          <input name="block-reason" value={reason} onChange={(e) => setReason(e.target.value)} autoComplete="off" />
        </label>
      )}
      <button type="submit" className={blocked ? undefined : "danger"} disabled={change.isPending}>
        {blocked ? "Unblock customer" : "Block customer"}
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

export const CustomerDetailPage = ({ id, session }: { id: string; session: Session }) => {
  const client = useQueryClient();
  const customer = useQuery({ queryKey: ["customer", id], queryFn: async () => answer(await api.GET("/admin/v1/customers/{id}", { params: { path: { id } } })) });
  if (customer.isPending) return <p className="loading">Loading the customer…</p>;
  if (customer.isError) return <Notice kind="error">{explain(customer.error)}</Notice>;
  const c = customer.data;
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ["customer", id] }), client.invalidateQueries({ queryKey: ["customers"] })]);
  return (
    <>
      <p>
        <a href="/admin/customers" onClick={followLink}>
          ← Customers
        </a>
      </p>
      <h1>{c.name}</h1>
      <dl className="facts">
        <dt>Email</dt>
        <dd>
          {c.email} {c.email_confirmed ? "(confirmed)" : "(not confirmed)"}
        </dd>
        <dt>Phone</dt>
        <dd>{c.phone ?? "—"}</dd>
        <dt>Joined</dt>
        <dd>{c.join_date}</dd>
        <dt>Paid orders</dt>
        <dd>{c.total_purchases}</dd>
        <dt>Spent</dt>
        <dd>{formatMoney(c.total_spent, c.currency)}</dd>
        <dt>Last bought</dt>
        <dd>{c.last_purchase_at === null ? "never" : formatDateTime(c.last_purchase_at)}</dd>
        <dt>State</dt>
        <dd data-field="customer_state">{c.blocked ? `blocked since ${formatDateTime(c.blocked_at ?? c.updated_at)}${c.block_reason ? ` (${c.block_reason})` : ""}` : c.status}</dd>
        <dt>Emails</dt>
        <dd data-field="email_status">
          {c.email_status === "ok"
            ? c.emails_turned_off.length === 0
              ? "sent"
              : `sent, but turned off: ${c.emails_turned_off.map(humanize).join(", ")}`
            : `not sent: the address ${c.email_status === "bouncing" ? "bounced" : "is malformed"}${c.email_status_at === null ? "" : ` on ${formatDateTime(c.email_status_at)}`}${c.email_status_reason === null ? "" : ` (${c.email_status_reason})`}`}
        </dd>
      </dl>
      <h2>Recent orders</h2>
      {c.recent_orders.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <ScrollArea label="Recent orders">
          <table>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {c.recent_orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <a href={`/admin/orders/${o.id}`} onClick={followLink}>
                      {o.order_number}
                    </a>
                  </td>
                  <td>{formatDateTime(o.created_at)}</td>
                  <td>{humanize(o.order_status)}</td>
                  <td>{humanize(o.payment_status)}</td>
                  <td className="n">{formatMoney(o.total_amount, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <p>
        <a href={hrefOf("/admin/orders", { q: c.email })} onClick={followLink}>
          All orders placed with {c.email}
        </a>
      </p>
      {c.addresses.length > 0 ? (
        <>
          <h2>Addresses</h2>
          <ul>
            {c.addresses.map((a, i) => (
              <li key={i}>{[a.name, a.line1, a.line2, a.city, a.region].filter(Boolean).join(", ")}</li>
            ))}
          </ul>
        </>
      ) : null}
      {can(session, "customers.block") ? <BlockForm id={c.id} blocked={c.blocked} onDone={refresh} /> : null}
    </>
  );
};
