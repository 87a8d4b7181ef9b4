// `fields=` on every GET that answers a resource or a list (issue 19): a route that does not name
// its allowed fields gets them from its answer's schema, as the JSON shows them (the encoded
// side). A list envelope (one array of records beside `pagination`) projects each record, as the
// hand-written lists do; any other answer projects the whole.
import { Schema, SchemaAST } from "effect";
import type { AllowedFields } from "./fields-projection.js";
import type { AnyRoute, FieldsAllowance } from "./route-definition.js";

type Allowance = AllowedFields | true;

const merge = (a: Allowance, b: Allowance): Allowance => {
  if (a === true) return b;
  if (b === true) return a;
  const out: Record<string, Allowance> = { ...a };
  for (const [name, value] of Object.entries(b)) out[name] = name in out ? merge(out[name]!, value) : value;
  return out;
};

/** The names a JSON value of this (encoded) type may be projected to: an object's keys, nested; an array's elements'; else a leaf. */
const allowanceOf = (ast: SchemaAST.AST, depth = 0): Allowance => {
  if (depth > 8) return true;
  switch (ast._tag) {
    case "TypeLiteral": {
      const out: Record<string, Allowance> = {};
      for (const property of ast.propertySignatures) if (typeof property.name === "string") out[property.name] = allowanceOf(property.type, depth + 1);
      return Object.keys(out).length > 0 ? out : true;
    }
    case "TupleType": {
      const element = ast.rest[0]?.type ?? ast.elements[0]?.type;
      return element === undefined ? true : allowanceOf(element, depth + 1);
    }
    case "Union":
      return ast.types.map((t) => allowanceOf(t, depth + 1)).reduce(merge, true as Allowance);
    case "Refinement":
      return allowanceOf(ast.from, depth);
    case "Transformation":
      return allowanceOf(ast.from, depth);
    default:
      return true;
  }
};

/** The allowance of an answer schema, or undefined when it is not an object. */
export const fieldsOfAnswer = (schema: Schema.Schema.Any): FieldsAllowance | undefined => {
  const allowance = allowanceOf(SchemaAST.encodedAST(schema.ast));
  if (allowance === true) return undefined;
  const names = Object.keys(allowance);
  const lists = names.filter((n) => n !== "pagination" && isArrayOfRecords(schema.ast, n));
  if (names.includes("pagination") && lists.length === 1) {
    const element = allowance[lists[0]!]!;
    if (element !== true) return { allowed: element, target: { list: lists[0]! } };
  }
  return { allowed: allowance };
};

const isArrayOfRecords = (ast: SchemaAST.AST, name: string): boolean => {
  const encoded = SchemaAST.encodedAST(ast);
  const literal = encoded._tag === "TypeLiteral" ? encoded : undefined;
  const property = literal?.propertySignatures.find((p) => p.name === name);
  return property !== undefined && property.type._tag === "TupleType";
};

/** The route with `fields` from its answer when it is a GET that names none. */
export const withDerivedFields = (route: AnyRoute): AnyRoute => {
  if (route.method !== "GET" || route.fields !== undefined || route.success.schema === undefined) return route;
  const fields = fieldsOfAnswer(route.success.schema as Schema.Schema.Any);
  return fields === undefined ? route : { ...route, fields };
};
