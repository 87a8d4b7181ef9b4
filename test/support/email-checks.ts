// Test support: what a mail client would trip on in an email's HTML (docs/emails.md, "Templates
// and placeholders"): links that are empty, relative, of another scheme than http(s) or mailto, or
// malformed, and images without alt text.

/** Every link and image of an HTML body that a reader's mail client would follow or fetch. */
export const linkProblems = (html: string): string[] => {
  const problems: string[] = [];
  // attributes of real tags only: escaped text (`&lt;a href=...`) is no link
  const tags = [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]).join("\n");
  for (const match of tags.matchAll(/\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const href = (match[2] ?? match[3] ?? match[4] ?? "").replaceAll("&amp;", "&");
    if (href.trim() === "") problems.push("an empty href");
    else if (href.startsWith("mailto:")) {
      if (!/^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/.test(href)) problems.push(`a malformed mailto: ${href}`);
    } else {
      try {
        const url = new URL(href);
        if (url.protocol !== "https:" && url.protocol !== "http:") problems.push(`a ${url.protocol} link: ${href}`);
        if (href.includes("{{")) problems.push(`a placeholder left in a link: ${href}`);
      } catch {
        problems.push(`a link that is not an absolute URL: ${href}`);
      }
    }
  }
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const alt = /\salt\s*=\s*"([^"]*)"/i.exec(match[0]);
    if (alt === null || alt[1]!.trim() === "") problems.push(`an image without alt text: ${match[0]}`);
  }
  return problems;
};

