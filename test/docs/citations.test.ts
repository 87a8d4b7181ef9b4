// Every reference to a document resolves inside the repository. The API's rules live in docs/api/
// (docs/api/README.md); source, tests and docs cite them, and the other docs, in these forms:
//
//   docs/<path>.md, "<Heading>"            a section of a repository doc
//   docs/<path>.md "<Heading>"             the same without the comma
//   docs/<path>.md, "<A>", "<B>" and "<C>" several sections of one doc (joined by `,`, `and`, `or`)
//   docs/<path>.md: "<Heading>"            the same after a colon
//   docs/<path>.md                         a whole doc (also README.md and docs/api/README.md)
//   README "<Heading>", README, "<Heading>"  a section of the repository's README.md
//   [text](relative/path.md#anchor)        a markdown link in a .md file: the file exists and the
//                                          anchor is the GitHub slug of one of its headings
//
// A citation may wrap across comment lines (`//`, ` * `, `#`): the comment markers are dropped
// before matching. A heading is a markdown ATX heading (`#` to `######`) outside fenced code. A
// cited heading is the heading's whole text, or its title before a subtitle or a note: the text
// before `: ` or ` (` ("Writes at the limit: hot locks last" cites "Writes at the limit: hot locks
// last (issue 36, item 2, first part)"; "Performance" cites "Performance: cached answers, ..."). The documents the API began from are not in the repository, so any citation
// of them fails: "spec part N", "spec N.N", "the spec", "CONTRACT", "storefront-service-spec".
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SKIPPED_DIRECTORIES = new Set([".git", "node_modules", "dist", "dist-bench", "data", ".tmp", "test-results", "results"]);
const READ = new Set([".ts", ".tsx", ".js", ".mjs", ".cjs", ".md"]);
/** This file names the forbidden citations in order to forbid them. */
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

const filesUnder = (directory: string): string[] => {
  const found: string[] = [];
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(name)) found.push(...filesUnder(path));
    } else if (READ.has(extname(name))) found.push(path);
  }
  return found;
};

/** Fenced code blocks would otherwise offer `# comment` lines as headings. */
const withoutFences = (markdown: string): string => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");

export const headingsOf = (markdown: string): string[] =>
  [...withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)].map((m) => m[1]!.trim());

/** Whether a cited heading names one of a document's headings (see the top of this file). */
export const namesHeading = (cited: string, headings: readonly string[]): boolean =>
  headings.some((heading) => heading === cited || heading.startsWith(`${cited}: `) || heading.startsWith(`${cited} (`));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export const slugOf = (heading: string): string =>
  heading.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");

/** The text with line breaks and the comment markers that begin continuation lines dropped. */
export const joinedLines = (text: string, markdown: boolean): string =>
  markdown ? text.replace(/[ \t]*\n[ \t]*(?:>[ \t]*)?/g, " ") : text.replace(/[ \t]*\n[ \t]*(?:\/\/+|\/?\*+(?!\/)|#)?[ \t]*/g, " ");

export interface Citation {
  readonly document: string;
  readonly headings: readonly string[];
}

const DOCUMENT = /(?<![\w/.-])((?:docs\/[\w./-]+|[\w-][\w.-]*(?:\/[\w.-]+)*\/README|README)\.md)\b/g;
const QUOTED = /^(?:\s*[,:]\s*|\s+)"([^"\n]{1,120})"/;
const MORE = /^(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*;\s*(?=")|\s+)"([^"\n]{1,120})"/;

/** `README` with no `.md`: a citation only when a quoted heading follows. */
const BARE_README = /(?<![\w/.-])README(?![\w.])/g;

/** The quoted headings that follow a document's name. */
const headingsAfter = (text: string): string[] => {
  let rest = text;
  const headings: string[] = [];
  let next = QUOTED.exec(rest);
  while (next !== null) {
    headings.push(next[1]!);
    rest = rest.slice(next[0].length);
    next = MORE.exec(rest);
  }
  return headings;
};

/** The documents and sections a text cites, in the forms listed at the top of this file. */
export const citationsIn = (text: string): Citation[] => {
  const found: Citation[] = [];
  for (const m of text.matchAll(DOCUMENT)) {
    const document = m[1]!;
    if (!document.startsWith("docs/") && !/(^|\/)README\.md$/.test(document)) continue;
    const headings = headingsAfter(text.slice(m.index! + m[0].length));
    found.push({ document, headings });
  }
  for (const m of text.matchAll(BARE_README)) {
    const headings = headingsAfter(text.slice(m.index! + m[0].length));
    if (headings.length > 0) found.push({ document: "README.md", headings });
  }
  return found;
};

/** Citations of the documents the API began from, which are not in the repository. */
const FORBIDDEN: readonly RegExp[] = [
  /\bspec(?:'s)? (?:part\b|section\b|§|rules? \d|\d)/i,
  /\bspec §/i,
  /\bthe spec\b/i,
  /\bCONTRACT\b/,
  /storefront-service-spec/i,
];

describe("citations of documents", function () {
  this.timeout(60_000);
  const files = filesUnder(ROOT).filter((file) => relative(ROOT, file) !== SELF);
  const texts = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
  const headingCache = new Map<string, string[]>();
  const headings = (path: string): string[] => {
    let cached = headingCache.get(path);
    if (cached === undefined) {
      cached = headingsOf(readFileSync(path, "utf8"));
      headingCache.set(path, cached);
    }
    return cached;
  };

  it("reads the repository's sources, tests and docs", () => {
    assert.ok(files.some((file) => relative(ROOT, file) === "README.md"));
    assert.ok(files.some((file) => relative(ROOT, file) === join("docs", "api", "README.md")));
    assert.ok(files.length > 300, `${files.length} files`);
  });

  it("finds the citation forms it checks", () => {
    const text = joinedLines('// see docs/a.md, "One", "Two" and\n// "Three"; docs/b.md "Four" or docs/c.md: "Five" and README.md', false);
    assert.deepEqual(citationsIn(text), [
      { document: "docs/a.md", headings: ["One", "Two", "Three"] },
      { document: "docs/b.md", headings: ["Four"] },
      { document: "docs/c.md", headings: ["Five"] },
      { document: "README.md", headings: [] },
    ]);
    assert.deepEqual(citationsIn('readFile(join(ROOT, "docs/staff.md"), "utf8")'), [{ document: "docs/staff.md", headings: [] }]);
    assert.deepEqual(citationsIn('(README "Memory"); the README says'), [{ document: "README.md", headings: ["Memory"] }]);
    assert.deepEqual(headingsOf("# A\n```\n# not a heading\n```\n## B ##\n"), ["A", "B"]);
    assert.ok(namesHeading("Writes at the limit", ["Writes at the limit: hot locks last (issue 36)"]));
    assert.ok(namesHeading("Writes at the limit: hot locks last", ["Writes at the limit: hot locks last (issue 36)"]));
    assert.ok(!namesHeading("Writes at the", ["Writes at the limit"]));
    assert.equal(slugOf("Signed requests: `X-Signature`"), "signed-requests-x-signature");
  });

  it("cites only documents and sections that exist", () => {
    const broken: string[] = [];
    for (const [file, text] of texts) {
      const joined = joinedLines(text, file.endsWith(".md"));
      for (const citation of citationsIn(joined)) {
        const path = join(ROOT, citation.document);
        const where = `${relative(ROOT, file)}: ${citation.document}`;
        if (!existsSync(path)) {
          broken.push(`${where}: no such document`);
          continue;
        }
        for (const heading of citation.headings) {
          if (!namesHeading(heading, headings(path))) broken.push(`${where}: no heading "${heading}"`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  it("links, in markdown, only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const [file, text] of texts) {
      if (!file.endsWith(".md")) continue;
      for (const m of withoutFences(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue;
        const [path, anchor] = target.split("#") as [string, string | undefined];
        const resolved = path === "" ? file : resolve(dirname(file), decodeURI(path));
        const where = `${relative(ROOT, file)}: ${target}`;
        if (!existsSync(resolved)) {
          broken.push(`${where}: no such file`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith(".md") && !headings(resolved).map(slugOf).includes(anchor)) {
          broken.push(`${where}: no heading with that anchor`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  it("cites none of the documents outside the repository (the spec, CONTRACT)", () => {
    const found: string[] = [];
    for (const [file, text] of texts) {
      const joined = joinedLines(text, file.endsWith(".md"));
      for (const pattern of FORBIDDEN) {
        const m = new RegExp(pattern.source, pattern.flags + "g").exec(joined);
        if (m !== null) found.push(`${relative(ROOT, file)}: "${joined.slice(Math.max(0, m.index - 30), m.index + 50)}"`);
      }
    }
    assert.deepEqual(found, []);
  });
});
