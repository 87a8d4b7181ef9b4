// The audit log (`audit.read`): every staff and key write with who, when, the request and each
// changed field's value before and after; filters, page size and cursor kept in the URL.
import { answer, api, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime, TIME_ZONE } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";

const FILTERS = ["operation", "resource_type", "resource_id", "actor_id", "from", "to"] as const;

/** A changed value in a line: strings as they are, anything else as JSON, long ones cut. */
const shown = (value: unknown): string => {
  const text = value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

export const AuditLogPage = () => {
  const list = useListPage({
    path: "/admin/audit-log",
    filters: FILTERS,
    name: "audit-log",
    fetch: async ({ chosen, cursor, limit }) => answer(await api.GET("/admin/v1/audit-log", { params: { query: { ...chosen, ...(cursor ? { cursor } : {}), limit } } })),
  });
  const { kept: filters, key, cursor, rows: entries } = list;
  const { filtered } = list;
  return (
    <>
      <h1>Audit log</h1>
      <form key={key} className="filters" role="search" onSubmit={list.submit}>
        <label>
          Operation
          <input name="operation" defaultValue={filters.operation ?? ""} placeholder="createRefund, staff.disable" />
        </label>
        <label>
          Resource type
          <input name="resource_type" defaultValue={filters.resource_type ?? ""} placeholder="order, staff_member" />
        </label>
        <label>
          Resource id
          <input name="resource_id" defaultValue={filters.resource_id ?? ""} />
        </label>
        <label>
          Actor id
          <input name="actor_id" defaultValue={filters.actor_id ?? ""} />
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={filters.from ?? ""} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filters.to ?? ""} />
        </label>
        <div className="actions">
          <button type="submit">Filter</button>
          {filtered ? (
            <a href="/admin/audit-log" onClick={followLink}>
              Clear filters
            </a>
          ) : null}
        </div>
      </form>
      <p className="muted">Times in {TIME_ZONE}; dates in the filters are days of UTC.</p>
      {entries.isError ? <Notice kind="error">{explain(entries.error)}</Notice> : null}
      {entries.isPending ? (
        <p className="loading">Loading the audit log…</p>
      ) : entries.data === undefined ? null : entries.data.data.length === 0 ? (
        <p>No entry{filtered ? " matches these filters" : " yet"}.</p>
      ) : (
        <ScrollArea label="Audit entries" busy={entries.isFetching}>
          <table className="audit">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>
                    {entry.actor.label} <span className="muted">({entry.actor.type.replace("_", " ")})</span>
                  </td>
                  <td>{entry.operation}</td>
                  <td>
                    {entry.resource_type === "order" && entry.resource_id !== null ? (
                      <a href={`/admin/orders/${entry.resource_id}`} onClick={followLink}>
                        order {entry.resource_id.slice(0, 8)}
                      </a>
                    ) : (
                      <>
                        {entry.resource_type} <span className="muted">{entry.resource_id?.slice(0, 8) ?? ""}</span>
                      </>
                    )}
                  </td>
                  <td>
                    <ul className="changes">
                      {Object.entries(entry.changes).map(([field, [before, after]]) => (
                        <li key={field}>
                          {field}: {shown(before)} → {shown(after)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/audit-log" kept={filters} cursor={cursor} next={entries.data?.pagination.has_more ? entries.data.pagination.next_cursor : null} />
    </>
  );
};
