// Staff and roles (`staff.manage`): the store's members (status filter, page size and cursor in
// the URL), invite one by email (the one-time sign-in link answered is shown), and a member's
// page: change their role, disable or enable them, send a new sign-in link, their open sessions.
// The API's refusals (a manager making an owner, anyone changing themselves, the last owner) are
// shown in its words. The roles' table (GET /admin/v1/roles) shows what each role may do and the
// pages each permission opens; the roles a member may give come from it too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, ApiProblem, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime } from "../formatting.js";
import { useListPage } from "../list-page.js";
import { MENU } from "../menu.js";
import { followLink } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";
import type { Session } from "../session.js";

type Member = components["schemas"]["StaffMember"];
type Role = Member["role"];

const ROLES = ["owner", "manager", "catalog", "support", "fulfilment"] as const satisfies readonly Role[];
const FILTERS = ["status"] as const;
const STATUSES = ["invited", "active", "disabled"] as const;

/** The API's refusals of staff changes, said for a person (its own message, then what to do). */
const refusal = (problem: unknown): string => {
  if (problem instanceof ApiProblem && problem.code === "staff_self_change") return `${problem.message} Nobody changes their own role or disables themself: ask another owner or manager.`;
  if (problem instanceof ApiProblem && problem.code === "last_owner") return `${problem.message} Make another member owner first.`;
  if (problem instanceof ApiProblem && problem.code === "permission_denied")
    return `${problem.message} A manager may not make an owner nor change one: ask an owner.`;
  return explain(problem);
};

const statusOf = (m: Member): string => (m.status === "disabled" && m.disabled_at ? `disabled ${formatDateTime(m.disabled_at)}` : m.status);

const SignInLink = ({ invitation }: { invitation: components["schemas"]["StaffInvitation"] | undefined }) =>
  invitation === undefined ? null : (
    <div className="secret-once" role="status">
      <p>
        <strong>Sign-in link for {invitation.member.email}</strong> (emailed to them too; good once, until {formatDateTime(invitation.link_expires_at)}). Hand it over another way if the email
        does not arrive:
      </p>
      <code className="secret" data-testid="sign-in-link">
        {invitation.sign_in_link}
      </code>
    </div>
  );

const InviteForm = ({ onInvited }: { onInvited: () => Promise<unknown> }) => {
  const grantable = useGrantable();
  const [result, setResult] = useState<{ ok?: string; error?: string; invitation?: components["schemas"]["StaffInvitation"] }>({});
  const invite = useMutation({ mutationFn: async (body: { email: string; role: Role; name?: string }) => answer(await api.POST("/admin/v1/staff", { body })) });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    const name = String(data.get("name") ?? "").trim();
    const role = ROLES.find((r) => r === data.get("role")) ?? "support";
    if (email === "") return setResult({ error: "Type the new member's email." });
    try {
      const done = await invite.mutateAsync({ email, role, ...(name !== "" ? { name } : {}) });
      setResult({ ok: `Invited ${done.member.email} as ${done.member.role}.`, invitation: done });
      form.reset();
      await onInvited();
    } catch (problem) {
      setResult({ error: refusal(problem) });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a member</h2>
      <label>
        Email
        <input type="email" name="email" autoComplete="off" required />
      </label>
      <label>
        Name (optional)
        <input name="name" autoComplete="off" />
      </label>
      <label>
        Role
        <select name="role" defaultValue="support">
          {ROLES.map((role) => (
            <option key={role} value={role} disabled={!grantable.has(role)}>
              {role}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={invite.isPending}>
        Send invitation
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <SignInLink invitation={result.invitation} />
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

/** The roles and what they may do: GET /admin/v1/roles, the domain's own table, with the pages each permission opens. */
const useRoleTable = () => useQuery({ queryKey: ["roles"], staleTime: Infinity, queryFn: async () => answer(await api.GET("/admin/v1/roles")) });

const RoleTable = ({ session }: { session: Session }) => {
  const table = useRoleTable();
  if (table.isPending) return <p className="loading">Loading the roles…</p>;
  if (table.isError) return <Notice kind="error">{explain(table.error)}</Notice>;
  const { roles, permissions } = table.data;
  return (
    <section aria-labelledby="roles-title">
      <h2 id="roles-title">Roles and what they may do</h2>
      <p>
        You are <strong>{session.member.role}</strong>. Each role holds the permissions ticked below; every page and every write needs one of them. Roles are the same in every store and cannot be
        changed.
      </p>
      <ScrollArea label="Roles and permissions">
        <table className="permissions">
          <thead>
            <tr>
              <th scope="col">Permission</th>
              {roles.map((r) => (
                <th scope="col" key={r.role}>
                  {r.role}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {permissions.map((p) => {
              const pages = MENU.filter((entry) => entry.permission === p.permission).map((entry) => entry.label);
              return (
                <tr key={p.permission}>
                  <th scope="row">
                    <code>{p.permission}</code>
                    <br />
                    <span className="muted">
                      {p.description}
                      {pages.length > 0 ? ` Opens: ${pages.join(", ")}.` : ""}
                    </span>
                  </th>
                  {roles.map((r) => (
                    <td key={r.role} className="n">
                      {r.permissions.includes(p.permission) ? <span aria-label={`${r.role} holds ${p.permission}`}>✓</span> : <span aria-label={`${r.role} does not hold ${p.permission}`}>—</span>}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
};

/** The roles this member may give (the API says; until it has, none but their own rank's rule). */
const useGrantable = (): ReadonlySet<string> => {
  const table = useRoleTable();
  return new Set(table.data?.roles.filter((r) => r.grantable).map((r) => r.role) ?? []);
};

export const StaffPage = ({ session }: { session: Session }) => {
  const client = useQueryClient();
  const list = useListPage({
    path: "/admin/staff",
    filters: FILTERS,
    name: "staff",
    fetch: async ({ chosen, cursor, limit }) => {
      const status = STATUSES.find((s) => s === chosen.status);
      return answer(await api.GET("/admin/v1/staff", { params: { query: { limit, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } }));
    },
  });
  const { kept: filters, cursor, key, rows: staff } = list;
  const status = STATUSES.find((s) => s === list.chosen.status);
  return (
    <>
      <h1>Staff</h1>
      <form key={key} className="filters" onSubmit={list.submit} aria-label="Filter members">
        <label>
          Status
          <select name="status" defaultValue={filters.status ?? ""}>
            <option value="">any</option>
            <option value="invited">invited</option>
            <option value="active">active</option>
            <option value="disabled">disabled</option>
          </select>
        </label>
        <div className="actions">
          <button type="submit">Filter</button>
        </div>
      </form>
      {staff.isError ? <Notice kind="error">{explain(staff.error)}</Notice> : null}
      {staff.isPending ? (
        <p className="loading">Loading members…</p>
      ) : staff.data === undefined ? null : staff.data.data.length === 0 ? (
        <p>No member{status ? ` is ${status}` : ""}.</p>
      ) : (
        <ScrollArea label="Members" busy={staff.isFetching}>
          <table className="staff">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Second factor</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.data.map((m) => (
                <tr key={m.id}>
                  <td>
                    <a href={`/admin/staff/${m.id}`} onClick={followLink}>
                      {m.email}
                    </a>
                    {m.name ? (
                      <>
                        <br />
                        <span className="muted">{m.name}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{m.role}</td>
                  <td>{statusOf(m)}</td>
                  <td>{m.totp_enabled ? "on" : "off"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/staff" kept={filters} cursor={cursor} next={staff.data?.pagination.has_more ? staff.data.pagination.next_cursor : null} />
      <InviteForm onInvited={() => client.invalidateQueries({ queryKey: ["staff"] })} />
      <RoleTable session={session} />
    </>
  );
};

export const StaffMemberPage = ({ id, session }: { id: string; session: Session }) => {
  const client = useQueryClient();
  const [result, setResult] = useState<{ ok?: string; error?: string; invitation?: components["schemas"]["StaffInvitation"] }>({});
  const member = useQuery({ queryKey: ["staff-member", id], queryFn: async () => answer(await api.GET("/admin/v1/staff/{id}", { params: { path: { id } } })) });
  const sessions = useQuery({ queryKey: ["staff-sessions", id], queryFn: async () => answer(await api.GET("/admin/v1/staff/{id}/sessions", { params: { path: { id } } })) });
  const changeRole = useMutation({ mutationFn: async (role: Role) => answer(await api.PATCH("/admin/v1/staff/{id}", { params: { path: { id } }, body: { role } })) });
  const disable = useMutation({ mutationFn: async () => answer(await api.POST("/admin/v1/staff/{id}/disable", { params: { path: { id } } })) });
  const enable = useMutation({ mutationFn: async () => answer(await api.POST("/admin/v1/staff/{id}/enable", { params: { path: { id } } })) });
  const link = useMutation({ mutationFn: async () => answer(await api.POST("/admin/v1/staff/{id}/sign-in-link", { params: { path: { id } } })) });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["staff-member", id] }),
      client.invalidateQueries({ queryKey: ["staff-sessions", id] }),
      client.invalidateQueries({ queryKey: ["staff"] }),
    ]);
  const run = async (work: () => Promise<typeof result>) => {
    try {
      setResult(await work());
      await refresh();
    } catch (problem) {
      setResult({ error: refusal(problem) });
    }
  };
  const m = member.data;
  const submitRole = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const role = ROLES.find((r) => r === new FormData(event.currentTarget).get("role"));
    if (role === undefined) return;
    void run(async () => {
      const done = await changeRole.mutateAsync(role);
      return { ok: `${done.email} is now ${done.role}.` };
    });
  };
  const self = m !== undefined && m.id === session.member.id;
  return (
    <>
      <p>
        <a href="/admin/staff" onClick={followLink}>
          All members
        </a>
      </p>
      <h1>Staff member</h1>
      {member.isError ? <Notice kind="error">{explain(member.error)}</Notice> : null}
      {m === undefined ? (
        member.isPending ? <p className="loading">Loading the member…</p> : null
      ) : (
        <>
          <dl className="facts">
            <dt>Email</dt>
            <dd>{m.email}</dd>
            <dt>Name</dt>
            <dd>{m.name || "none given"}</dd>
            <dt>Role</dt>
            <dd>{m.role}</dd>
            <dt>Status</dt>
            <dd>{statusOf(m)}</dd>
            <dt>Second factor</dt>
            <dd>{m.totp_enabled ? "on" : "off"}</dd>
          </dl>
          {self ? <p>This is you: nobody changes their own role or disables themself; another owner or manager can.</p> : null}
          <Notice kind="success">{result.ok}</Notice>
          <SignInLink invitation={result.invitation} />
          <Notice kind="error">{result.error}</Notice>
          <form key={m.updated_at} className="panel" onSubmit={submitRole} aria-labelledby="role-title">
            <h2 id="role-title">Role</h2>
            <label>
              New role
              <select name="role" defaultValue={m.role}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={changeRole.isPending}>
              Change role
            </button>
          </form>
          <section className="panel" aria-labelledby="access-title">
            <h2 id="access-title">Access</h2>
            <div className="actions">
              {m.status === "disabled" ? (
                <button
                  type="button"
                  disabled={enable.isPending}
                  onClick={() =>
                    run(async () => {
                      const done = await enable.mutateAsync();
                      return { ok: `${done.email} is enabled again (${done.status}): they sign in anew.` };
                    })
                  }
                >
                  Enable
                </button>
              ) : (
                <button
                  type="button"
                  className="danger"
                  disabled={disable.isPending}
                  onClick={() =>
                    run(async () => {
                      const done = await disable.mutateAsync();
                      return { ok: `${done.email} is disabled: they cannot sign in, and their sessions have ended.` };
                    })
                  }
                >
                  Disable
                </button>
              )}
              <button
                type="button"
                disabled={link.isPending}
                onClick={() =>
                  run(async () => {
                    const done = await link.mutateAsync();
                    return { ok: `A new sign-in link was sent to ${done.member.email}; any earlier link stopped working.`, invitation: done };
                  })
                }
              >
                Send a new sign-in link
              </button>
            </div>
          </section>
        </>
      )}
      <h2>Open sessions</h2>
      {sessions.isError ? <Notice kind="error">{explain(sessions.error)}</Notice> : null}
      {sessions.isPending ? (
        <p className="loading">Loading sessions…</p>
      ) : sessions.data === undefined ? null : sessions.data.data.length === 0 ? (
        <p>Not signed in anywhere.</p>
      ) : (
        <ScrollArea label="Sessions" busy={sessions.isFetching}>
          <table className="sessions">
            <thead>
              <tr>
                <th scope="col">Began</th>
                <th scope="col">Last request</th>
                <th scope="col">Ends by</th>
                <th scope="col">Address</th>
                <th scope="col">Browser</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.data.map((s) => (
                <tr key={s.id}>
                  <td>{formatDateTime(s.created_at)}</td>
                  <td>{formatDateTime(s.last_seen_at)}</td>
                  <td>{formatDateTime(s.expires_at)}</td>
                  <td>{s.client_address ?? "unknown"}</td>
                  <td>{s.user_agent ?? "unknown"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </>
  );
};
