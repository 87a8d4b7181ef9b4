// The `fields` query parameter: which response fields to keep. `a` keeps a whole field, `a.b`
// keeps `b` inside `a` (inside every element when `a` is an array), `a.*` keeps all of `a`.
// Names outside an operation's allowed tree are a 400 unknown_field.
import { UnknownField } from "../../application/errors/request-errors.js";

/** The names an operation allows: `true` for a leaf, a nested tree where `a.b` is allowed. */
export interface AllowedFields {
  readonly [name: string]: true | AllowedFields;
}

/** A parsed selection: `true` keeps the whole value, a nested selection keeps part of it. */
export interface Projection {
  readonly [name: string]: true | Projection;
}

type MutableProjection = { [name: string]: true | MutableProjection };

const allowedNames = (allowed: AllowedFields, prefix = ""): string[] =>
  Object.entries(allowed).flatMap(([name, sub]) =>
    sub === true ? [prefix + name] : [prefix + name, `${prefix}${name}.*`, ...allowedNames(sub, `${prefix}${name}.`)],
  );

const unknown = (name: string, allowed: AllowedFields): UnknownField =>
  new UnknownField({
    param: "fields",
    message: `Unknown field '${name}'. Allowed: ${allowedNames(allowed).join(", ")}.`,
  });

// Own properties only: `constructor` or `__proto__` must not reach Object.prototype (a client
// could otherwise overwrite it through `fields=__proto__.toString`).
const own = <T>(record: { readonly [name: string]: T }, name: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined;

const select = (target: MutableProjection, path: readonly string[], allowed: AllowedFields, full: string): void => {
  const [head, ...rest] = path;
  if (head === undefined || head === "") throw unknown(full, allowed);
  const allowedSub = own(allowed, head);
  if (allowedSub === undefined) throw unknown(full, allowed);
  if (rest.length === 0 || (rest.length === 1 && rest[0] === "*" && allowedSub !== true)) {
    target[head] = true;
    return;
  }
  if (allowedSub === true) throw unknown(full, allowed);
  const existing = own(target, head);
  if (existing === true) return; // the whole field is already kept
  const sub: MutableProjection = existing ?? {};
  target[head] = sub;
  select(sub, rest, allowedSub, full);
};

/** Parses `fields`; undefined (keep everything) when the parameter is absent or blank. */
export const parseFields = (raw: string | undefined, allowed: AllowedFields): Projection | undefined => {
  if (raw === undefined) return undefined;
  const names = raw
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (names.length === 0) return undefined;
  const projection: MutableProjection = {};
  for (const name of new Set(names)) select(projection, name.split("."), allowed, name);
  return projection;
};

const projectValue = (value: unknown, selection: true | Projection): unknown => {
  if (selection === true) return value;
  if (Array.isArray(value)) return value.map((element) => projectValue(element, selection));
  if (typeof value !== "object" || value === null) return value;
  return project(value as Readonly<Record<string, unknown>>, selection);
};

/** Keeps only the selected fields of `record`; selected names the record lacks stay absent. */
export const project = (record: Readonly<Record<string, unknown>>, projection: Projection): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const name in projection) {
    if (Object.prototype.hasOwnProperty.call(record, name)) {
      out[name] = projectValue(record[name], projection[name] as true | Projection);
    }
  }
  return out;
};

/** An allowed tree where every listed name is a leaf. */
export const leaves = (...names: readonly string[]): AllowedFields =>
  Object.fromEntries(names.map((name) => [name, true as const]));
