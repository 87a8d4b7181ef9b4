// Client-side routes under /admin on the History API: the URL (path and query) is the state of
// every page, so a page can be bookmarked and the back button returns to the previous filters.
import { useSyncExternalStore, type MouseEvent } from "react";

const CHANGE = "storefront:navigate";

const subscribe = (onChange: () => void): (() => void) => {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE, onChange);
  };
};

const current = (): string => window.location.pathname + window.location.search;

/** The current path and query, re-rendering on every navigation. */
export const useLocation = (): { path: string; query: URLSearchParams } => {
  const href = useSyncExternalStore(subscribe, current);
  const url = new URL(href, window.location.origin);
  return { path: url.pathname.replace(/\/+$/, "") || "/", query: url.searchParams };
};

export const navigate = (to: string, options: { replace?: boolean } = {}): void => {
  if (to === current()) return;
  if (options.replace === true) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
};

/** A link's click handler: in-app navigation for a plain click, the browser's own for a modified one. */
export const followLink = (event: MouseEvent<HTMLAnchorElement>): void => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute("href") ?? "/admin");
};

/** `/admin/orders?...` from a path and the query's non-empty values. */
export const hrefOf = (path: string, query: Readonly<Record<string, string | undefined>> = {}): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(name, value);
  const search = params.toString();
  return search === "" ? path : `${path}?${search}`;
};
