// Who is signed in: GET /admin/v1/me (member, store, role, permissions), with sign-in and sign-out.
// A 401 from /me means no session; any other failure is shown as an error.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { answer, api, ApiProblem } from "./api.js";
import { showDatesIn } from "./formatting.js";
import type { components } from "storefront/admin-client";

export type Member = components["schemas"]["StaffMember"];

export interface Session {
  readonly member: Member;
  /** The member's store: its name, base currency and time zone (dates are shown in it). */
  readonly store: components["schemas"]["StaffMeStore"];
  readonly permissions: ReadonlySet<string>;
}

export const SESSION_KEY = ["me"] as const;

export const useSession = () =>
  useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<Session | null> => {
      try {
        const me = answer(await api.GET("/admin/v1/me"));
        showDatesIn(me.store.time_zone);
        return { member: me.member, store: me.store, permissions: new Set(me.permissions) };
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });

/** Drops every cached answer (they belong to the session that ended) and asks /me again. */
export const useSessionReset = () => {
  const client = useQueryClient();
  return async (): Promise<void> => {
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    await client.resetQueries({ queryKey: SESSION_KEY });
  };
};

export const can = (session: Session, permission: string): boolean => session.permissions.has(permission);
