// Orders: search (order number, email or phone) and filters kept in the URL, so a list can be
// bookmarked and the back button returns to the previous one; cursor paging (`cursor` in the URL).
import { answer, api, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { ScrollArea } from "../scroll-area.js";
import { formatDateTime, formatMoney, humanize } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink } from "../navigation.js";
import { Pager } from "../pager.js";

const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded", "partially_refunded"] as const;
const FULFILMENT_STATUSES = ["unfulfilled", "partially_fulfilled", "fulfilled"] as const;
const FILTERS = ["q", "status", "payment_status", "fulfilment_status", "created_from", "created_to"] as const;

const Choice = ({ name, label, options, value }: { name: string; label: string; options: readonly string[]; value: string | undefined }) => (
  <label>
    {label}
    <select name={name} defaultValue={value ?? ""}>
      <option value="">any</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {humanize(o)}
        </option>
      ))}
    </select>
  </label>
);

export const OrdersPage = () => {
  const list = useListPage({
    path: "/admin/orders",
    filters: FILTERS,
    name: "orders",
    fetch: async ({ chosen, cursor, limit }) =>
      answer(
        await api.GET("/admin/v1/orders", {
          params: {
            query: {
              ...(chosen.q ? { q: chosen.q } : {}),
              ...(chosen.status ? { status: chosen.status as (typeof ORDER_STATUSES)[number] } : {}),
              ...(chosen.payment_status ? { payment_status: chosen.payment_status as (typeof PAYMENT_STATUSES)[number] } : {}),
              ...(chosen.fulfilment_status ? { fulfilment_status: chosen.fulfilment_status as (typeof FULFILMENT_STATUSES)[number] } : {}),
              ...(chosen.created_from ? { created_from: chosen.created_from } : {}),
              ...(chosen.created_to ? { created_to: chosen.created_to } : {}),
              ...(cursor ? { cursor } : {}),
              limit,
            },
          },
        }),
      ),
  });
  const { kept: filters, cursor, key, rows: orders } = list;

  return (
    <>
      <h1>Orders</h1>
      {/* Keyed by the URL's filters: going back re-fills the form with the earlier ones. */}
      <form key={key} className="filters" role="search" onSubmit={list.submit}>
        <label className="wide">
          Search
          <input type="search" name="q" defaultValue={filters.q ?? ""} placeholder="Order number, email or phone" />
        </label>
        <Choice name="status" label="Status" options={ORDER_STATUSES} value={filters.status} />
        <Choice name="payment_status" label="Payment" options={PAYMENT_STATUSES} value={filters.payment_status} />
        <Choice name="fulfilment_status" label="Fulfilment" options={FULFILMENT_STATUSES} value={filters.fulfilment_status} />
        <label>
          Placed from
          <input type="date" name="created_from" defaultValue={filters.created_from ?? ""} />
        </label>
        <label>
          Placed before
          <input type="date" name="created_to" defaultValue={filters.created_to ?? ""} />
        </label>
        <div className="actions">
          <button type="submit">Search</button>
          {FILTERS.some((name) => filters[name] !== undefined) ? (
            <a href="/admin/orders" onClick={followLink}>
              Clear filters
            </a>
          ) : null}
        </div>
      </form>
      {orders.isError ? <Notice kind="error">{explain(orders.error)}</Notice> : null}
      {orders.isPending ? (
        <p className="loading">Loading orders…</p>
      ) : orders.data === undefined ? null : orders.data.orders.length === 0 ? (
        <p>No order matches{FILTERS.some((name) => filters[name] !== undefined) ? " these filters" : ""}.</p>
      ) : (
        <ScrollArea label="Orders" busy={orders.isFetching}>
          <table className="orders">
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col">Fulfilment</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <a href={`/admin/orders/${o.id}`} onClick={followLink}>
                      {o.order_number}
                    </a>
                  </td>
                  <td>{formatDateTime(o.created_at)}</td>
                  <td>
                    {o.customer_name}
                    <br />
                    <span className="muted">{o.customer_email}</span>
                  </td>
                  <td>{humanize(o.order_status)}</td>
                  <td>{humanize(o.payment_status)}</td>
                  <td>{humanize(o.fulfilment_status)}</td>
                  <td className="n">{formatMoney(o.total_amount, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/orders" kept={filters} cursor={cursor} next={orders.data?.pagination.has_more ? orders.data.pagination.next_cursor : null} />
    </>
  );
};
