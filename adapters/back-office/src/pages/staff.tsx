// Staff and roles (`staff.manage`): the store's members (status filter, page size and cursor in
// the URL), invite one by email (the one-time sign-in link answered is shown), and a member's
// page: change their role, disable or enable them, send a new sign-in link, their open sessions.
// The API's refusals (a manager making an owner, anyone changing themselves, the last owner) are
// shown in its words. The pages and the permission each needs are the menu's own table.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, ApiProblem, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime } from "../formatting.js";
import { DEFAULT_PAGE_SIZE, filtersOf, pageSizeOf, submittedFilters } from "../list-url.js";
import { MENU } from "../menu.js";
import { followLink, hrefOf, navigate, useLocation } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";
import type { Session } from "../session.js";

type Member = components["schemas"]["StaffMember"];
type Role = Member["role"];

const ROLES = ["owner", "manager", "catalog", "support", "fulfilment"] as const satisfies readonly Role[];
const FILTERS = ["status"] as const;

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

const InviteForm = ({ session, onInvited }: { session: Session; onInvited: () => Promise<unknown> }) => {
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
            <option key={role} value={role} disabled={role === "owner" && session.member.role !== "owner"}>
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

/** The pages of the back office and the permission each needs: the menu's own table, with what this member holds. */
const PermissionTable = ({ session }: { session: Session }) => (
  <section aria-labelledby="roles-title">
    <h2 id="roles-title">Roles and what they open</h2>
    <p>
      You are <strong>{session.member.role}</strong>. Each page needs one permission; a role holds the permissions of the table in the staff guide (docs/staff.md). The admin API has no
      operation listing every role's permissions, so this table shows the pages and whether your role holds each.
    </p>
    <ScrollArea label="Pages and permissions">
      <table className="permissions">
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Permission</th>
            <th scope="col">Your role</th>
          </tr>
        </thead>
        <tbody>
          {MENU.map((entry) => (
            <tr key={entry.href}>
              <td>{entry.label}</td>
              <td>
                <code>{entry.permission}</code>
              </td>
              <td>{session.permissions.has(entry.permission) ? "yes" : "no"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  </section>
);

export const StaffPage = ({ session }: { session: Session }) => {
  const client = useQueryClient();
  const { query } = useLocation();
  const limit = pageSizeOf(query);
  const filters: Partial<Record<string, string>> = { ...filtersOf(query, FILTERS), ...(limit !== DEFAULT_PAGE_SIZE ? { limit: String(limit) } : {}) };
  const cursor = query.get("cursor") ?? undefined;
  const status = ["invited", "active", "disabled"].find((s) => s === filters.status) as "invited" | "active" | "disabled" | undefined;
  const staff = useQuery({
    queryKey: ["staff", status ?? "", limit, cursor ?? ""],
    placeholderData: keepPreviousData,
    queryFn: async () => answer(await api.GET("/admin/v1/staff", { params: { query: { limit, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } })),
  });
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(hrefOf("/admin/staff", { ...submittedFilters(event.currentTarget, FILTERS), limit: filters.limit }));
  };
  return (
    <>
      <h1>Staff</h1>
      <form key={filters.status ?? ""} className="filters" onSubmit={filter} aria-label="Filter members">
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
      <InviteForm session={session} onInvited={() => client.invalidateQueries({ queryKey: ["staff"] })} />
      <PermissionTable session={session} />
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
