// Placeholders in email templates (docs/emails.md, "Templates and placeholders"): `{{ name }}`,
// a lower-case name of letters, digits and underscores. A template is checked when it is saved:
// a placeholder its kind may not use, or a `{{` that is not a placeholder, is refused by name.
// Rendering puts each value in place, escaped for HTML where the text is HTML.
import { Data, Either } from "effect";

export type TemplatePart = { readonly kind: "text"; readonly text: string } | { readonly kind: "placeholder"; readonly name: string };

export class TemplateProblem extends Data.TaggedError("TemplateProblem")<{
  /** unknown_placeholder (a name the template may not use) or malformed_placeholder. */
  readonly reason: "unknown_placeholder" | "malformed_placeholder";
  /** The placeholder's name, or the text that is not one. */
  readonly placeholder: string;
  readonly message: string;
}> {}

const NAME = /^[a-z][a-z0-9_]*$/;
const OPEN = "{{";
const CLOSE = "}}";

/** Splits a template into text and placeholders; a `{{` without a name and `}}` is a problem. */
export const parseTemplate = (template: string): Either.Either<readonly TemplatePart[], TemplateProblem> => {
  const parts: TemplatePart[] = [];
  let at = 0;
  let text = "";
  while (at < template.length) {
    const open = template.indexOf(OPEN, at);
    if (open < 0) {
      text += template.slice(at);
      break;
    }
    text += template.slice(at, open);
    const close = template.indexOf(CLOSE, open + OPEN.length);
    const inner = close < 0 ? template.slice(open, open + 40) : template.slice(open + OPEN.length, close).trim();
    if (close < 0 || !NAME.test(inner)) {
      const shown = close < 0 ? inner : `{{${template.slice(open + OPEN.length, close)}}}`;
      return Either.left(new TemplateProblem({ reason: "malformed_placeholder", placeholder: shown, message: `${JSON.stringify(shown)} is not a placeholder: write {{ name }} with a lower-case name.` }));
    }
    if (text !== "") parts.push({ kind: "text", text });
    text = "";
    parts.push({ kind: "placeholder", name: inner });
    at = close + CLOSE.length;
  }
  if (text !== "") parts.push({ kind: "text", text });
  return Either.right(parts);
};

/** The parts, when every placeholder is one of `allowed`; else the first one that is not, by name. */
export const checkTemplate = (template: string, allowed: readonly string[]): Either.Either<readonly TemplatePart[], TemplateProblem> =>
  Either.flatMap(parseTemplate(template), (parts) => {
    const unknown = parts.find((p): p is Extract<TemplatePart, { kind: "placeholder" }> => p.kind === "placeholder" && !allowed.includes(p.name));
    return unknown === undefined
      ? Either.right(parts)
      : Either.left(new TemplateProblem({ reason: "unknown_placeholder", placeholder: unknown.name, message: `Unknown placeholder {{${unknown.name}}}: this template may use ${allowed.map((a) => `{{${a}}}`).join(", ")}.` }));
  });

const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export type Escaping = "html" | "text";

/**
 * Puts the values in place. In HTML a value is escaped and its line breaks become `<br/>`; in
 * text it is left as it is. A placeholder without a value renders as nothing.
 */
export const renderParts = (parts: readonly TemplatePart[], values: Readonly<Record<string, string>>, escaping: Escaping): string =>
  parts
    .map((part) => {
      if (part.kind === "text") return part.text;
      const value = Object.hasOwn(values, part.name) ? values[part.name]! : "";
      return escaping === "html" ? escapeHtml(value).replace(/\r?\n/g, "<br/>") : value;
    })
    .join("");

/** A subject is one line: line breaks in values become spaces. */
export const renderSubject = (parts: readonly TemplatePart[], values: Readonly<Record<string, string>>): string =>
  renderParts(parts, values, "text").replace(/\s*[\r\n]+\s*/g, " ").trim();
