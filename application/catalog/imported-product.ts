// The rows one product takes in an import file, decoded into a checked ProductInput. It remembers
// the line each field and variant came from, so that a rejection names the line to fix.
import { Either, ParseResult, Schema } from "effect";
import { CategoryName, ProductInput } from "./catalog-inputs.js";
import { checkVariantInputs } from "./product-rules.js";

/** One row of an import file as a reader parsed it; `problem` is set when it could not be parsed. */
export interface ImportRow {
  readonly line: number;
  readonly input: unknown;
  readonly problem?: string;
}

/** The rows of one product (one JSON line, or every CSV row sharing a `product_handle`). */
export type ImportGroup = readonly ImportRow[];

export interface RowRejection {
  readonly line: number;
  readonly reason: string;
}

/** The write API's product, plus category and subcategory given by name instead of by id. */
export const ImportedProductInput = Schema.Struct({
  ...ProductInput.fields,
  category: Schema.optional(CategoryName),
  subcategory: Schema.optional(CategoryName),
}).annotations({ identifier: "ImportedProductInput" });

export interface ImportedProduct {
  /** Every line of the product, in file order. */
  readonly lines: readonly number[];
  readonly input: ProductInput;
  readonly categoryName: string | undefined;
  readonly subcategoryName: string | undefined;
  /** The line of `input.variants[i]`. */
  readonly variantLines: readonly number[];
  /** The first line that gave each product-level field. */
  readonly fieldLines: ReadonlyMap<string, number>;
}

/** Where a param such as `variants[2].price` or `brand` came from. */
export interface LineLookup {
  readonly lines: readonly number[];
  readonly variantLines: readonly number[];
  readonly fieldLines: ReadonlyMap<string, number>;
}

const VARIANT_PARAM = /^variants\[(\d+)\](?:\.(.*))?$/;

/**
 * The line and the name to show for a param. When a line carries exactly one variant (a CSV row,
 * or a JSON line of a simple product) the variant's index means nothing to the merchant and is
 * left out: `price` rather than `variants[0].price`.
 */
export const locateParam = (lookup: LineLookup, param: string): { line: number; name: string } => {
  const first = lookup.lines[0] ?? 0;
  const variant = VARIANT_PARAM.exec(param);
  if (variant !== null) {
    const line = lookup.variantLines[Number(variant[1])] ?? first;
    const alone = lookup.variantLines.filter((l) => l === line).length === 1;
    return { line, name: alone ? (variant[2] ?? "variant") : param };
  }
  const field = param.split(/[.[]/)[0] ?? param;
  return { line: lookup.fieldLines.get(field) ?? first, name: param };
};

/** A rule's message about `param`, worded with the name shown to the merchant. */
export const phrase = (param: string, name: string, message: string): string => {
  if (message.startsWith(param)) return `${name}${message.slice(param.length)}`;
  return message.startsWith(name) ? message : `${name}: ${message}`;
};

/** The failing line gets the reason; the product's other lines say why they were not imported. */
export const rejectLines = (lines: readonly number[], line: number, reason: string): RowRejection[] => [
  { line, reason },
  ...[...new Set(lines)]
    .filter((l) => l !== line)
    .map((l) => ({ line: l, reason: `not imported: line ${line} of the same product was rejected` })),
];

const paramName = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>((name, key) => {
    if (typeof key === "number") return `${name}[${key}]`;
    return name === "" ? String(key) : `${name}.${String(key)}`;
  }, "");

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

interface Merged {
  readonly value: Record<string, unknown>;
  readonly variantLines: number[];
  readonly fieldLines: Map<string, number>;
}

/** Joins the rows of one product: product fields may repeat across rows but must agree. */
const mergeRows = (group: ImportGroup): Either.Either<Merged, { line: number; reason: string }> => {
  const value: Record<string, unknown> = {};
  const variants: unknown[] = [];
  const variantLines: number[] = [];
  const fieldLines = new Map<string, number>();
  let variantsGiven = false;
  for (const row of group) {
    if (!isRecord(row.input)) return Either.left({ line: row.line, reason: "a product must be a JSON object" });
    for (const [key, given] of Object.entries(row.input)) {
      if (given === undefined) continue;
      if (key === "variants") {
        variantsGiven = true;
        if (!Array.isArray(given)) return Either.left({ line: row.line, reason: "variants must be an array of variants" });
        for (const variant of given) {
          variants.push(variant);
          variantLines.push(row.line);
        }
        continue;
      }
      const earlier = fieldLines.get(key);
      if (earlier === undefined) {
        value[key] = given;
        fieldLines.set(key, row.line);
      } else if (JSON.stringify(value[key]) !== JSON.stringify(given)) {
        return Either.left({ line: row.line, reason: `${key} differs from line ${earlier} of the same product` });
      }
    }
  }
  if (variantsGiven) value["variants"] = variants;
  return Either.right({ value, variantLines, fieldLines });
};

const decodeProduct = Schema.decodeUnknownEither(ImportedProductInput, { onExcessProperty: "error", errors: "first" });

/** Checks the names-or-ids choice that the Schema alone cannot express. */
const placementProblem = (input: typeof ImportedProductInput.Type): { param: string; message: string } | undefined => {
  if (input.category !== undefined && input.category_id !== undefined) {
    return { param: "category", message: "category: give category (a name) or category_id, not both" };
  }
  if (input.subcategory !== undefined && input.subcategory_id !== undefined) {
    return { param: "subcategory", message: "subcategory: give subcategory (a name) or subcategory_id, not both" };
  }
  if (input.subcategory !== undefined && input.category === undefined && (input.category_id ?? null) === null) {
    return { param: "subcategory", message: "subcategory: a subcategory given by name needs its category (category or category_id)" };
  }
  return undefined;
};

/** Decodes and checks one product's rows, or rejects every one of its lines. */
export const decodeImportedProduct = (group: ImportGroup): Either.Either<ImportedProduct, RowRejection[]> => {
  const lines = group.map((row) => row.line);
  const broken = group.find((row) => row.problem !== undefined);
  if (broken !== undefined) return Either.left(rejectLines(lines, broken.line, broken.problem ?? "could not be read"));
  const merged = mergeRows(group);
  if (Either.isLeft(merged)) return Either.left(rejectLines(lines, merged.left.line, merged.left.reason));
  const lookup: LineLookup = { lines, variantLines: merged.right.variantLines, fieldLines: merged.right.fieldLines };
  const reject = (param: string, message: (name: string) => string) => {
    const { line, name } = locateParam(lookup, param);
    return Either.left(rejectLines(lines, line, message(name)));
  };

  const decoded = decodeProduct(merged.right.value);
  if (Either.isLeft(decoded)) {
    const issue = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)[0];
    const param = issue === undefined ? "" : paramName(issue.path);
    if (issue === undefined || param === "") return Either.left(rejectLines(lines, lines[0] ?? 0, "a product must be a JSON object"));
    switch (issue._tag) {
      case "Missing":
        return reject(param, (name) => `${name} is required`);
      case "Unexpected":
        return reject(param, (name) => `${name} is not a known field`);
      default:
        return reject(param, (name) => phrase(param, name, issue.message));
    }
  }
  const { category, subcategory, ...input } = decoded.right;
  const placement = placementProblem(decoded.right);
  if (placement !== undefined) return reject(placement.param, () => placement.message);
  try {
    checkVariantInputs(input.variants);
  } catch (error) {
    if (error instanceof Error && "param" in error && typeof error.param === "string") {
      const { param, message } = error;
      return reject(param, (name) => phrase(param, name, message));
    }
    throw error;
  }
  return Either.right({
    lines,
    input,
    categoryName: category,
    subcategoryName: subcategory,
    variantLines: merged.right.variantLines,
    fieldLines: merged.right.fieldLines,
  });
};
