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
//   docs/decisions/<area>.md, <id>         a decision by its id (`docs/decisions/search.md, search-15`,
//                                          also quoted: `docs/decisions/search.md, "search-15"`)
//   decisions <id>                         the same without the file (`decisions search-15`)
//   decisions "<Heading>"                  a heading of one of the files in docs/decisions/
//
// Decisions live in docs/decisions/, one file per area, each a heading `### <id>: <title>` whose id
// is the file's name and a number (`search-15` in search.md), followed by a `Status:` line (`in
// force`, `replaced by <id>` or `partly replaced by <id>`, ids joined by `and`, then a note in
// brackets); docs/decisions/README.md lists every decision with its status and area. The single
// docs/decisions.md they were split from is gone: a citation of it (`docs/decisions.md, Search 10`,
// `decisions.md "Product copies"`) fails.
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

const DECISIONS = "docs/decisions";
/** A decision's heading: `### search-15: Candidates are ...`. */
const DECISION_HEADING = /^### ((?:[a-z]+-)+\d{2}): (.+)$/;
const STATUS_LINE = /^Status: (in force|(?:partly )?replaced by ((?:[a-z]+-)+\d{2}(?: and (?:[a-z]+-)+\d{2})*))(?: \(.+\))?\.$/;
/** `docs/decisions/search.md, search-15` (a quoted id goes through the heading check). */
const DECISION_IN_FILE = /(?<![\w/.-])docs\/decisions\/([\w-]+)\.md[,:]?\s+((?:[a-z]+-)+\d{2})\b/g;
/** `decisions search-15`, and `decisions "<Heading>"`. */
const DECISION_BY_ID = /(?<![\w/.-])decisions,?\s+((?:[a-z]+-)+\d{2})\b/g;
const DECISION_BY_HEADING = /(?<![\w/.-])decisions,?\s+"([^"\n]{1,120})"/g;
/** The single file the decisions were split from, cited in any form. */
const SPLIT_FILE = /(?<![\w/-])(?:docs\/)?decisions\.md\b/g;

export interface Decision {
  readonly id: string;
  readonly title: string;
  readonly status: string;
  readonly replacedBy: readonly string[];
}

/** The decisions of one area file, with the problems of their headings and status lines. */
export const decisionsIn = (markdown: string): { decisions: Decision[]; problems: string[] } => {
  const lines = withoutFences(markdown).split("\n");
  const decisions: Decision[] = [];
  const problems: string[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith("### ")) return;
    const heading = DECISION_HEADING.exec(line);
    if (heading === null) {
      problems.push(`"${line}" is a level-3 heading without a decision id`);
      return;
    }
    const next = lines.slice(index + 1).find((l) => l.trim() !== "") ?? "";
    const status = STATUS_LINE.exec(next);
    if (status === null) {
      problems.push(`${heading[1]} has no Status line ("${next}")`);
      return;
    }
    decisions.push({ id: heading[1]!, title: heading[2]!, status: status[1]!, replacedBy: status[2]?.split(" and ") ?? [] });
  });
  return { decisions, problems };
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

  it("keeps the README to 400 lines, for the people who use the product (the bench's history is in docs/benchmarks.md)", () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length - 1;
    assert.ok(lines <= 400, `README.md has ${lines} lines; move detail into docs/ and link it`);
  });

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
    const ids = 'see docs/decisions/search.md, search-15 and decisions caching-05; decisions "Invalidate less"';
    assert.deepEqual([...ids.matchAll(DECISION_IN_FILE)].map((m) => [m[1], m[2]]), [["search", "search-15"]]);
    assert.deepEqual([...ids.matchAll(DECISION_BY_ID)].map((m) => m[1]), ["caching-05"]);
    assert.deepEqual([...ids.matchAll(DECISION_BY_HEADING)].map((m) => m[1]), ["Invalidate less"]);
    assert.deepEqual(
      ["docs/decisions.md, Search 10", 'decisions.md "Product copies"', "docs/decisions/search.md"].map((t) => [...t.matchAll(SPLIT_FILE)].length),
      [1, 1, 0],
    );
    assert.ok(namesHeading("search-15", ["search-15: Candidates are the documents holding the most query words"]));
    const area = decisionsIn("## Part\n\n### search-01: One\n\nStatus: in force.\n\n### search-02: Two\n\nStatus: partly replaced by search-03 and caching-04 (why).\n\n### Three\n");
    assert.deepEqual(area.decisions, [
      { id: "search-01", title: "One", status: "in force", replacedBy: [] },
      { id: "search-02", title: "Two", status: "partly replaced by search-03 and caching-04", replacedBy: ["search-03", "caching-04"] },
    ]);
    assert.deepEqual(area.problems, ['"### Three" is a level-3 heading without a decision id']);
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

  describe("decisions by area (docs/decisions/)", () => {
    const directory = join(ROOT, DECISIONS);
    const areas = readdirSync(directory).filter((name) => name.endsWith(".md") && name !== "README.md").map((name) => name.slice(0, -3));
    const byId = new Map<string, { area: string; decision: Decision }>();
    const problems: string[] = [];
    for (const area of areas) {
      const found = decisionsIn(readFileSync(join(directory, `${area}.md`), "utf8"));
      problems.push(...found.problems.map((p) => `${area}.md: ${p}`));
      for (const decision of found.decisions) {
        if (!decision.id.startsWith(`${area}-`)) problems.push(`${area}.md: ${decision.id} is not named after its file`);
        if (byId.has(decision.id)) problems.push(`${area}.md: ${decision.id} is also in ${byId.get(decision.id)!.area}.md`);
        byId.set(decision.id, { area, decision });
      }
    }

    it("holds the areas, each decision with its id and Status line, and no longer the single file", () => {
      assert.ok(areas.length >= 10, areas.join(", "));
      assert.ok(byId.size > 300, `${byId.size} decisions`);
      assert.ok(!existsSync(join(ROOT, "docs", "decisions.md")), "docs/decisions.md was split into docs/decisions/");
      for (const { area, decision } of byId.values()) {
        for (const id of decision.replacedBy) if (!byId.has(id)) problems.push(`${area}.md: ${decision.id} is replaced by ${id}, which does not exist`);
      }
      assert.deepEqual(problems, []);
    });

    it("lists every decision in the index with its title, status and area", () => {
      const index = readFileSync(join(directory, "README.md"), "utf8");
      const listed = new Map<string, string>();
      for (const m of index.matchAll(/^\| \[((?:[a-z]+-)+\d{2})\]\(([\w-]+)\.md#[^)]*\) \| (.*)$/gm)) listed.set(m[1]!, `${m[2]} | ${m[3]}`);
      const wrong: string[] = [];
      for (const [id, { area, decision }] of byId) {
        const row = listed.get(id);
        const expected = `${area} | ${decision.title.replace(/\|/g, "\\|")} | ${decision.status} | ${area} |`;
        if (row === undefined) wrong.push(`${id} is not in the index`);
        else if (!row.startsWith(expected)) wrong.push(`${id}: the index says "${row}", the file "${expected}"`);
      }
      for (const id of listed.keys()) if (!byId.has(id)) wrong.push(`the index lists ${id}, which no area has`);
      assert.deepEqual(wrong, []);
    });

    it("counts each area's decisions and all of them in the index's Areas table as the files hold them", () => {
      const index = readFileSync(join(directory, "README.md"), "utf8");
      const counted = new Map<string, number>();
      for (const m of index.matchAll(/^\| \[([\w-]+)\.md\]\(\1\.md\) \| [^|]+ \| (\d+) \|$/gm)) counted.set(m[1]!, Number(m[2]));
      const held = new Map(areas.map((area) => [area, 0]));
      for (const { area } of byId.values()) held.set(area, held.get(area)! + 1);
      const wrong = areas.filter((area) => counted.get(area) !== held.get(area)).map((area) => `${area}: the table says ${counted.get(area) ?? "nothing"}, the file holds ${held.get(area)}`);
      const total = /^(\d+) decisions in all\.$/m.exec(index);
      if (total === null || Number(total[1]) !== byId.size) wrong.push(`the total says ${total?.[1] ?? "nothing"}, the files hold ${byId.size}`);
      assert.deepEqual(wrong, []);
    });

    it("cites decisions only by ids and headings that exist, and never the split file", () => {
      const broken: string[] = [];
      const prefixes = new RegExp(`\\b((?:${areas.join("|")})-\\d{2})\\b`, "g");
      for (const [file, text] of texts) {
        const where = relative(ROOT, file);
        const joined = joinedLines(text, file.endsWith(".md"));
        for (const m of joined.matchAll(SPLIT_FILE)) {
          broken.push(`${where}: cites the split file ("${joined.slice(Math.max(0, m.index! - 20), m.index! + 40)}"): cite docs/decisions/<area>.md and an id`);
        }
        for (const m of joined.matchAll(DECISION_IN_FILE)) {
          const found = byId.get(m[2]!);
          if (found === undefined) broken.push(`${where}: no decision ${m[2]}`);
          else if (found.area !== m[1]) broken.push(`${where}: ${m[2]} is in docs/decisions/${found.area}.md, not ${m[1]}.md`);
        }
        for (const m of joined.matchAll(DECISION_BY_ID)) if (!byId.has(m[1]!)) broken.push(`${where}: no decision ${m[1]}`);
        for (const m of joined.matchAll(DECISION_BY_HEADING)) {
          if (!areas.some((area) => namesHeading(m[1]!, headings(join(directory, `${area}.md`))))) broken.push(`${where}: no decision heading "${m[1]}"`);
        }
        if (where.startsWith(`${DECISIONS}/`)) {
          for (const m of text.matchAll(prefixes)) if (!byId.has(m[1]!)) broken.push(`${where}: no decision ${m[1]}`);
        }
      }
      assert.deepEqual(broken, []);
    });
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
