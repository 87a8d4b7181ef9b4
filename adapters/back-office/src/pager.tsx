// A list's paging links: back to the first page, and on to the next by its cursor. They are
// links (the cursor in the URL), so the back button returns to the previous page.
import { followLink, hrefOf } from "./navigation.js";

export const Pager = ({ path, kept, cursor, next }: { path: string; kept: Readonly<Record<string, string | undefined>>; cursor: string | undefined; next: string | null | undefined }) => (
  <nav className="pager" aria-label="Pages">
    {cursor !== undefined ? (
      <a href={hrefOf(path, kept)} onClick={followLink}>
        First page
      </a>
    ) : null}
    {next ? (
      <a href={hrefOf(path, { ...kept, cursor: next })} onClick={followLink}>
        Next page
      </a>
    ) : null}
  </nav>
);
