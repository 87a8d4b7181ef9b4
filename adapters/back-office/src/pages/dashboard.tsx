// The dashboard: today, 7 and 30 days, orders and revenue by day (a chart, with its table),
// top products and low stock, from GET /admin/v1/dashboard counted in the shown time zone.
import { useQuery } from "@tanstack/react-query";
import { answer, api, explain } from "../api.js";
import type { components } from "storefront/admin-client";
import { Notice } from "../feedback.js";
import { ScrollArea } from "../scroll-area.js";
import { formatDateTime, formatDay, formatMoney, TIME_ZONE } from "../formatting.js";

type Dashboard = components["schemas"]["Dashboard"];
type Period = Dashboard["today"];

const PeriodCard = ({ title, period, currency }: { title: string; period: Period; currency: string }) => (
  <section className="card" aria-labelledby={`period-${title}`}>
    <h2 id={`period-${title}`}>{title}</h2>
    <dl>
      <dt>Orders</dt>
      <dd>{period.orders}</dd>
      <dt>Paid</dt>
      <dd>{period.paid_orders}</dd>
      <dt>Revenue</dt>
      <dd>{formatMoney(period.revenue, currency)}</dd>
      <dt>Average order</dt>
      <dd>{formatMoney(period.average_order_value, currency)}</dd>
      <dt>Refunds</dt>
      <dd>
        {period.refunds.count} ({formatMoney(period.refunds.amount, currency)})
      </dd>
    </dl>
  </section>
);

const WIDTH = 600;
const HEIGHT = 200;

/** Revenue as bars and orders as a line over the 30 days; the same figures follow as a table. */
const SalesChart = ({ days, currency }: { days: Dashboard["by_day"]; currency: string }) => {
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenue));
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const step = WIDTH / Math.max(1, days.length);
  const points = days.map((d, i) => `${(i + 0.5) * step},${HEIGHT - (d.orders / maxOrders) * (HEIGHT - 10)}`).join(" ");
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-caption" preserveAspectRatio="none">
        {days.map((d, i) => {
          const height = (d.revenue / maxRevenue) * (HEIGHT - 10);
          return (
            <rect key={d.date} className="bar" x={i * step + 1} y={HEIGHT - height} width={Math.max(1, step - 2)} height={height}>
              <title>{`${formatDay(d.date)}: ${d.orders} orders, ${formatMoney(d.revenue, currency)}`}</title>
            </rect>
          );
        })}
        <polyline className="line" points={points} fill="none" />
      </svg>
      <figcaption id="chart-caption">
        Revenue (bars, up to {formatMoney(maxRevenue, currency)} a day) and orders (line, up to {maxOrders} a day) for the last {days.length} days: {orders} orders,{" "}
        {formatMoney(total, currency)} in all.
      </figcaption>
      <details>
        <summary>Figures by day</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Paid</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{formatDay(d.date)}</td>
                <td className="n">{d.orders}</td>
                <td className="n">{d.paid_orders}</td>
                <td className="n">{formatMoney(d.revenue, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
};

export const DashboardPage = () => {
  const dashboard = useQuery({
    queryKey: ["dashboard", TIME_ZONE],
    queryFn: async () => answer(await api.GET("/admin/v1/dashboard", { params: { query: { timezone: TIME_ZONE } } })),
  });
  if (dashboard.isPending) return <p className="loading">Loading the dashboard…</p>;
  if (dashboard.isError) return <Notice kind="error">{explain(dashboard.error)}</Notice>;
  const d = dashboard.data;
  return (
    <>
      <h1>Dashboard</h1>
      <p className="muted">
        Days of {d.timezone}; amounts in {d.currency}. As of {formatDateTime(d.generated_at)}.
      </p>
      <div className="cards">
        <PeriodCard title="Today" period={d.today} currency={d.currency} />
        <PeriodCard title="Last 7 days" period={d.last_7_days} currency={d.currency} />
        <PeriodCard title="Last 30 days" period={d.last_30_days} currency={d.currency} />
      </div>
      <h2>Orders and revenue by day</h2>
      <SalesChart days={d.by_day} currency={d.currency} />
      <div className="columns">
        <section aria-labelledby="top-products">
          <h2 id="top-products">Top products (30 days, by revenue)</h2>
          {d.top_products.by_revenue.length === 0 ? (
            <p>No paid orders in the last 30 days.</p>
          ) : (
            <ScrollArea label="Top products">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Units</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {d.top_products.by_revenue.map((p) => (
                    <tr key={p.product_id}>
                      <td>{p.name}</td>
                      <td className="n">{p.units}</td>
                      <td className="n">{formatMoney(p.revenue, d.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          )}
        </section>
        <section aria-labelledby="low-stock">
          <h2 id="low-stock">Low stock (at most {d.low_stock.at_or_below} units)</h2>
          {d.low_stock.variants.length === 0 ? (
            <p>Every variant has more than {d.low_stock.at_or_below} units.</p>
          ) : (
            <ScrollArea label="Low stock">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">SKU</th>
                    <th scope="col">In stock</th>
                  </tr>
                </thead>
                <tbody>
                  {d.low_stock.variants.map((v) => (
                    <tr key={v.variant_id}>
                      <td>
                        {v.product_name} <span className="muted">{v.variant_name}</span>
                      </td>
                      <td>{v.sku}</td>
                      <td className="n">{v.stock}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {d.low_stock.has_more ? <p className="muted">More variants are low than are listed here.</p> : null}
            </ScrollArea>
          )}
        </section>
      </div>
    </>
  );
};
