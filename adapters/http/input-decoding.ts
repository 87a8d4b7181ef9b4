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
    default:
      throw new ParameterInvalid({ param, message: issue.message.startsWith(param) ? issue.message : `${param} ${issue.message}` });
  }
};
