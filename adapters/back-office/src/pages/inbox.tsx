// The inbox (`inbox.read` to read, `inbox.reply` for every write): customers' threads, those with
// something unread for the store first (the API's order), filtered by status, type, unread,
// assignee and order with the filters, page size and cursor kept in the URL; a thread's page
// shows its messages oldest first, and reply as the store, assign, close, reopen and mark read.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime, humanize } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { followLink, useLocation } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";
import { can, type Session } from "../session.js";

type Thread = components["schemas"]["InboxThread"];

const FILTERS = ["status", "type", "unread", "assignee", "order_id"] as const;
const STATUSES: readonly Thread["status"][] = ["active", "pending", "escalated", "resolved", "closed"];
const TYPES: readonly Thread["thread_type"][] = ["general", "order_inquiry", "product_inquiry", "support", "complaint", "delivery", "return", "refund", "technical"];

/** The list's query for the API from the URL's filters (`assignee=me` is the signed-in member). */
const listQuery = (filters: Partial<Record<(typeof FILTERS)[number], string>>, memberId: string) => ({
  ...(filters.status && (STATUSES as readonly string[]).includes(filters.status) ? { status: filters.status as Thread["status"] } : {}),
  ...(filters.type && (TYPES as readonly string[]).includes(filters.type) ? { type: filters.type as Thread["thread_type"] } : {}),
  ...(filters.unread === "true" || filters.unread === "false" ? { unread: filters.unread === "true" } : {}),
  ...(filters.assignee ? { assignee: filters.assignee === "me" ? memberId : filters.assignee } : {}),
  ...(filters.order_id ? { order_id: filters.order_id } : {}),
});

export const InboxPage = ({ session }: { session: Session }) => {
  const list = useListPage({
    path: "/admin/inbox",
    filters: FILTERS,
    name: "inbox",
    fetch: async ({ chosen, cursor, limit }) => answer(await api.GET("/admin/v1/inbox/threads", { params: { query: { ...listQuery(chosen, session.member.id), ...(cursor ? { cursor } : {}), limit } } })),
  });
  const { chosen, kept: filters, key, cursor, filtered, rows: threads } = list;
  return (
    <>
      <h1>Inbox</h1>
      <form key={key} className="filters" role="search" onSubmit={list.submit}>
        <label>
          Status
          <select name="status" defaultValue={chosen.status ?? ""}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type
          <select name="type" defaultValue={chosen.type ?? ""}>
            <option value="">Any</option>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {humanize(t)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Unread
          <select name="unread" defaultValue={chosen.unread ?? ""}>
            <option value="">Read or not</option>
            <option value="true">Unread only</option>
            <option value="false">Read only</option>
          </select>
        </label>
        <label>
          Assigned to
          <select name="assignee" defaultValue={chosen.assignee === "me" || chosen.assignee === "none" || chosen.assignee === undefined ? (chosen.assignee ?? "") : chosen.assignee}>
            <option value="">Anyone or nobody</option>
            <option value="me">Me</option>
            <option value="none">Nobody</option>
            {chosen.assignee !== undefined && chosen.assignee !== "me" && chosen.assignee !== "none" ? <option value={chosen.assignee}>Member {chosen.assignee.slice(0, 8)}</option> : null}
          </select>
        </label>
        <label>
          Order id
          <input name="order_id" defaultValue={chosen.order_id ?? ""} autoComplete="off" />
        </label>
        <div className="actions">
          <button type="submit">Filter</button>
          {filtered ? (
            <a href="/admin/inbox" onClick={followLink}>
              Clear filters
            </a>
          ) : null}
        </div>
      </form>
      {threads.isError ? <Notice kind="error">{explain(threads.error)}</Notice> : null}
      {threads.isPending ? (
        <p className="loading">Loading the inbox…</p>
      ) : threads.data === undefined ? null : threads.data.threads.length === 0 ? (
        <p>No thread{filtered ? " matches these filters" : " yet"}.</p>
      ) : (
        <ScrollArea label="Threads" busy={threads.isFetching}>
          <table className="threads">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Customer</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Assigned to</th>
                <th scope="col">Last message</th>
                <th scope="col">Unread</th>
              </tr>
            </thead>
            <tbody>
              {threads.data.threads.map((t) => (
                <tr key={t.id} className={t.unread_count_store > 0 ? "unread" : undefined}>
                  <td>
                    <a href={`/admin/inbox/${t.id}`} onClick={followLink}>
                      {t.subject}
                    </a>
                  </td>
                  <td>{t.customer_name}</td>
                  <td>{humanize(t.thread_type)}</td>
                  <td>{humanize(t.status)}</td>
                  <td>{t.assignee_name ?? "nobody"}</td>
                  <td>
                    {formatDateTime(t.last_message_at)} <span className="muted">by {t.last_message_by}</span>
                  </td>
                  <td className="n">{t.unread_count_store > 0 ? <strong>{t.unread_count_store} unread</strong> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/inbox" kept={filters} cursor={cursor} next={threads.data?.pagination.has_more ? threads.data.pagination.next_cursor : null} />
    </>
  );
};

type Outcome = { ok?: string; error?: string };

/** Assign, close or reopen, and mark read: each one button, its outcome said beside it. */
const ThreadActions = ({ thread, session, onDone }: { thread: Thread; session: Session; onDone: () => Promise<unknown> }) => {
  const [result, setResult] = useState<Outcome>({});
  const path = { params: { path: { id: thread.id } } };
  const act = useMutation({
    mutationFn: async (action: "assign-me" | "unassign" | "close" | "reopen" | "read"): Promise<string> => {
      switch (action) {
        case "assign-me":
          answer(await api.POST("/admin/v1/inbox/threads/{id}/assign", { ...path, body: { staff_member_id: session.member.id } }));
          return "The thread is assigned to you.";
        case "unassign":
          answer(await api.POST("/admin/v1/inbox/threads/{id}/assign", { ...path, body: { staff_member_id: null } }));
          return "The thread is assigned to nobody.";
        case "close":
          answer(await api.POST("/admin/v1/inbox/threads/{id}/close", path));
          return "The thread is closed; a message from the customer reopens it.";
        case "reopen":
          answer(await api.POST("/admin/v1/inbox/threads/{id}/reopen", path));
          return "The thread is active again.";
        case "read":
          answer(await api.POST("/admin/v1/inbox/threads/{id}/read", path));
          return "The customer's messages are marked read.";
      }
    },
  });
  const run = async (action: Parameters<typeof act.mutateAsync>[0]) => {
    try {
      setResult({ ok: await act.mutateAsync(action) });
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  const open = thread.status !== "closed" && thread.status !== "resolved";
  return (
    <section className="panel" aria-labelledby="thread-actions">
      <h2 id="thread-actions">Actions</h2>
      <div className="actions">
        {thread.assignee_id === session.member.id ? (
          <button type="button" onClick={() => void run("unassign")} disabled={act.isPending}>
            Unassign
          </button>
        ) : (
          <button type="button" onClick={() => void run("assign-me")} disabled={act.isPending}>
            Assign to me
          </button>
        )}
        {thread.unread_count_store > 0 ? (
          <button type="button" onClick={() => void run("read")} disabled={act.isPending}>
            Mark read
          </button>
        ) : null}
        {open ? (
          <button type="button" className="danger" onClick={() => void run("close")} disabled={act.isPending}>
            Close thread
          </button>
        ) : (
          <button type="button" onClick={() => void run("reopen")} disabled={act.isPending}>
            Reopen thread
          </button>
        )}
      </div>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
};

const ReplyForm = ({ thread, onDone }: { thread: Thread; onDone: () => Promise<unknown> }) => {
  const [text, setText] = useState("");
  const [result, setResult] = useState<Outcome>({});
  const reply = useMutation({
    mutationFn: async (content: string) => answer(await api.POST("/admin/v1/inbox/threads/{id}/messages", { params: { path: { id: thread.id } }, body: { message_content: content } })),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") {
      setResult({ error: "Write the reply first." });
      return;
    }
    try {
      const sent = await reply.mutateAsync(text.trim());
      setResult({ ok: `Reply sent as ${sent.sender_name}: ${thread.customer_name} sees it in their messages.` });
      setText("");
      await onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  if (thread.status === "closed") return <p className="muted">The thread is closed: reopen it to reply.</p>;
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="reply-title">
      <h2 id="reply-title">Reply</h2>
      <label>
        Reply to {thread.customer_name}
        <textarea name="reply" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" disabled={reply.isPending}>
        Send reply
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

export const ThreadPage = ({ id, session }: { id: string; session: Session }) => {
  const client = useQueryClient();
  const { query } = useLocation();
  const cursor = query.get("cursor") ?? undefined;
  const detail = useQuery({
    queryKey: ["thread", id, cursor ?? ""],
    queryFn: async () => answer(await api.GET("/admin/v1/inbox/threads/{id}", { params: { path: { id }, query: { limit: 100, ...(cursor ? { cursor } : {}) } } })),
  });
  if (detail.isPending) return <p className="loading">Loading the thread…</p>;
  if (detail.isError) return <Notice kind="error">{explain(detail.error)}</Notice>;
  const { thread, messages, pagination } = detail.data;
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ["thread", id] }), client.invalidateQueries({ queryKey: ["inbox"] })]);
  return (
    <>
      <p>
        <a href="/admin/inbox" onClick={followLink}>
          ← Inbox
        </a>
      </p>
      <h1>{thread.subject}</h1>
      <dl className="facts">
        <dt>Customer</dt>
        <dd>
          {thread.customer_id !== null ? (
            <a href={`/admin/customers/${thread.customer_id}`} onClick={followLink}>
              {thread.customer_name}
            </a>
          ) : (
            thread.customer_name
          )}{" "}
          <span className="muted">{thread.customer_email}</span>
        </dd>
        <dt>Type</dt>
        <dd>{humanize(thread.thread_type)}</dd>
        <dt>Status</dt>
        <dd data-field="thread_status">{humanize(thread.status)}</dd>
        <dt>Assigned to</dt>
        <dd data-field="thread_assignee">{thread.assignee_name ?? "nobody"}</dd>
        <dt>Unread for the store</dt>
        <dd data-field="thread_unread">{thread.unread_count_store}</dd>
        {thread.order_id !== null ? (
          <>
            <dt>Order</dt>
            <dd>
              <a href={`/admin/orders/${thread.order_id}`} onClick={followLink}>
                The order this thread is about
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      <h2>Messages</h2>
      <ol className="messages" aria-label="Messages, oldest first">
        {messages.map((m) => (
          <li key={m.id} className={`message from-${m.sender_type}`}>
            <p className="meta">
              <strong>{m.sender_name}</strong> <span className="muted">({m.sender_type}) {formatDateTime(m.created_at)}</span>
            </p>
            <p className="body">{m.is_deleted ? <em>deleted</em> : m.message_content}</p>
          </li>
        ))}
      </ol>
      <Pager path={`/admin/inbox/${id}`} kept={{}} cursor={cursor} next={pagination.has_more ? pagination.next_cursor : null} />
      {can(session, "inbox.reply") ? (
        <>
          <ReplyForm thread={thread} onDone={refresh} />
          <ThreadActions thread={thread} session={session} onDone={refresh} />
        </>
      ) : (
        <p className="muted">Your role may read the inbox but not reply: ask an owner, a manager or support.</p>
      )}
    </>
  );
};
