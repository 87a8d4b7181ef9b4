// Decodes a request's path, query and body with their Schemas and turns the first problem
// into a 400 that names the parameter (`limit`, `variants[0].sku`).
import { Either, ParseResult, Schema } from "effect";
import {
  ParameterInvalid,
  ParameterMissing,
  ParameterUnknown,
} from "../../application/errors/request-errors.js";

const paramName = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>((name, key) => {
    if (typeof key === "number") return `${name}[${key}]`;
    return name === "" ? String(key) : `${name}.${String(key)}`;
  }, "");

/**
 * The schema library's sentences for string lengths, said as a client reads them: `name must not
 * be empty` rather than `Expected a string at least 1 character(s) long, actual ""`.
 */
const plainMessage = (param: string, message: string): string | undefined => {
  const shortest = /^Expected a string at least (\d+) character\(s\) long/.exec(message);
  if (shortest !== null) return shortest[1] === "1" ? `${param} must not be empty` : `${param} must be at least ${shortest[1]} characters long`;
  const longest = /^Expected a string at most (\d+) character\(s\) long/.exec(message);
  if (longest !== null) return `${param} must be at most ${longest[1]} characters long`;
  return undefined;
};

export const decodeInput = <A, I>(
  schema: Schema.Schema<A, I, never>,
  input: unknown,
  what: "query" | "body" | "header",
): A => {
  const result = Schema.decodeUnknownEither(schema, { onExcessProperty: "error", errors: "first" })(input);
  if (Either.isRight(result)) return result.right;
  const issue = ParseResult.ArrayFormatter.formatErrorSync(result.left)[0];
  const param = issue === undefined ? "" : paramName(issue.path);
  if (issue === undefined || param === "") {
    throw new ParameterInvalid({ param: what, message: `The ${what} must be a JSON object.` });
  }
  switch (issue._tag) {
    case "Missing":
      throw new ParameterMissing({ param, message: `${param} is required` });
    case "Unexpected":
      throw new ParameterUnknown({ param, message: `${param} is not a parameter of this operation` });
    default: {
      const plain = plainMessage(param, issue.message);
      throw new ParameterInvalid({ param, message: plain ?? (issue.message.startsWith(param) ? issue.message : `${param} ${issue.message}`) });
    }
  }
};
