// The frame of every signed-in page: a skip link, the menu of what the role allows, who is
// signed in with their role, and sign-out.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { api, answer, explain } from "./api.js";
import { Notice } from "./feedback.js";
import { menuFor } from "./menu.js";
import { followLink, useLocation } from "./navigation.js";
import type { Session } from "./session.js";

export const Layout = ({ session, onSignedOut, children }: { session: Session; onSignedOut: () => Promise<void>; children: ReactNode }) => {
  const { path } = useLocation();
  const [error, setError] = useState<string>();
  // After moving to another page, the keyboard and screen readers start at its content, not
  // where the old page's focus was (the first page load keeps the browser's own start).
  const main = useRef<HTMLElement>(null);
  const shown = useRef(path);
  useEffect(() => {
    if (shown.current !== path) main.current?.focus();
    shown.current = path;
  }, [path]);
  const signOut = async () => {
    try {
      answer(await api.POST("/admin/v1/auth/sign-out", { body: {} }));
      await onSignedOut();
    } catch (problem) {
      setError(explain(problem));
    }
  };
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <nav aria-label="Main">
          <ul>
            {menuFor(session.permissions).map((entry) => {
              const active = entry.href === "/admin" ? path === "/admin" : path.startsWith(entry.href);
              return (
                <li key={entry.href}>
                  <a href={entry.href} onClick={followLink} aria-current={active ? "page" : undefined}>
                    {entry.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="who">
          <span>
            Signed in as <strong>{session.member.email}</strong> <span className="role">({session.member.role})</span>
          </span>
          <a href="/admin/account" onClick={followLink} aria-current={path === "/admin/account" ? "page" : undefined}>
            My account
          </a>
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <Notice kind="error">{error}</Notice>
      <main id="main" tabIndex={-1} ref={main}>
        {children}
      </main>
    </>
  );
};
