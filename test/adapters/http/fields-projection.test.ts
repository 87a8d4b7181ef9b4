// Specifies the `fields` parameter: parsing against an operation's allowed names and projecting
// answers, by example and by property (nothing unasked comes back; everything asked does).
import assert from "node:assert/strict";
import fc from "fast-check";
import { UnknownField } from "../../../application/errors/request-errors.js";
import {
  leaves,
  parseFields,
  project,
  type AllowedFields,
  type Projection,
} from "../../../adapters/http/fields-projection.js";

const PRODUCT_FIELDS: AllowedFields = {
  id: true,
  name: true,
  price: { amount: true, currency: true },
  variants: { sku: true, stock: true, attributes: { color: true, size: true } },
};

const product = {
  id: "p1",
  name: "Lamp",
  price: { amount: 1200, currency: "KES" },
  variants: [
    { sku: "L-1", stock: 3, attributes: { color: "red", size: "S" } },
    { sku: "L-2", stock: 0, attributes: { color: "blue", size: "M" } },
  ],
  internal: "never selectable",
};

const fieldsOf = (raw: string): Record<string, unknown> => {
  const projection = parseFields(raw, PRODUCT_FIELDS);
  assert.ok(projection !== undefined, `${raw} should parse to a projection`);
  return project(product, projection);
};

const assertUnknownField = (raw: string, allowed: AllowedFields = PRODUCT_FIELDS): void => {
  assert.throws(
    () => parseFields(raw, allowed),
    (error: unknown) => {
      assert.ok(error instanceof UnknownField, `expected UnknownField for ${JSON.stringify(raw)}`);
      assert.equal(error._tag, "UnknownField");
      assert.equal(error.param, "fields");
      return true;
    },
  );
};

describe("fields projection: examples", () => {
  it("`a` keeps the whole field and nothing else", () => {
    assert.deepEqual(fieldsOf("name"), { name: "Lamp" });
    assert.deepEqual(fieldsOf("price"), { price: { amount: 1200, currency: "KES" } });
  });

  it("`a.b` keeps only b inside a", () => {
    assert.deepEqual(fieldsOf("price.amount"), { price: { amount: 1200 } });
    assert.deepEqual(fieldsOf("id,price.currency"), { id: "p1", price: { currency: "KES" } });
  });

  it("`a.*` keeps all of a", () => {
    assert.deepEqual(parseFields("price.*", PRODUCT_FIELDS), { price: true });
    assert.deepEqual(fieldsOf("price.*"), { price: { amount: 1200, currency: "KES" } });
  });

  it("`variants.sku` keeps sku in every element of the variants array", () => {
    assert.deepEqual(fieldsOf("variants.sku"), { variants: [{ sku: "L-1" }, { sku: "L-2" }] });
    assert.deepEqual(fieldsOf("variants.attributes.color"), {
      variants: [{ attributes: { color: "red" } }, { attributes: { color: "blue" } }],
    });
  });

  it("a whole field wins over a part of it, in either order", () => {
    assert.deepEqual(parseFields("price,price.amount", PRODUCT_FIELDS), { price: true });
    assert.deepEqual(parseFields("price.amount,price", PRODUCT_FIELDS), { price: true });
    assert.deepEqual(parseFields("variants.sku,variants.*", PRODUCT_FIELDS), { variants: true });
  });

  it("repeats and blanks are ignored, names are trimmed", () => {
    assert.deepEqual(parseFields(" id , ,id,,name ,", PRODUCT_FIELDS), { id: true, name: true });
    assert.deepEqual(parseFields("variants.sku, variants.sku ,variants.stock", PRODUCT_FIELDS), {
      variants: { sku: true, stock: true },
    });
  });

  it("an absent, empty or blank parameter keeps everything (undefined)", () => {
    assert.equal(parseFields(undefined, PRODUCT_FIELDS), undefined);
    assert.equal(parseFields("", PRODUCT_FIELDS), undefined);
    assert.equal(parseFields(" , ,, ", PRODUCT_FIELDS), undefined);
  });

  it("an unknown name is an UnknownField naming the `fields` parameter", () => {
    assertUnknownField("colour");
    assertUnknownField("id,internal");
    assertUnknownField("price.tax");
    assertUnknownField("variants.attributes.weight");
  });

  it("`a.b` where a is a leaf is an UnknownField, and so is `a.*`", () => {
    assertUnknownField("name.first");
    assertUnknownField("name.*");
    assertUnknownField("variants.sku.code");
  });

  it("empty path segments are UnknownField", () => {
    assertUnknownField("price.");
    assertUnknownField(".price");
    assertUnknownField("price..amount");
  });

  it("inherited object names are not allowed fields", () => {
    assertUnknownField("constructor");
    assertUnknownField("toString");
    assertUnknownField("__proto__");
    assertUnknownField("constructor.name");
  });

  it("`__proto__.x` cannot reach Object.prototype", () => {
    const toString = Object.prototype.toString;
    try {
      assertUnknownField("__proto__.toString");
      assertUnknownField("price.__proto__.toString");
      assert.equal(Object.prototype.toString, toString);
    } finally {
      Object.prototype.toString = toString;
    }
  });

  it("the message lists the allowed names", () => {
    assert.throws(() => parseFields("nope", leaves("id", "name")), /Unknown field 'nope'.*id, name/);
  });

  it("selected names the record lacks stay absent", () => {
    const projection = parseFields("id,price.amount", PRODUCT_FIELDS)!;
    assert.deepEqual(project({ id: "p2" }, projection), { id: "p2" });
    assert.deepEqual(project({ id: "p3", price: null }, projection), { id: "p3", price: null });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random allowed trees, records shaped by them, and random selections.

const NAMES = ["a", "b", "c", "d"] as const;
const EXTRA_NAMES = ["x", "y", "z"] as const;

const allowedTree = (depth: number): fc.Arbitrary<AllowedFields> =>
  fc.dictionary(
    fc.constantFrom(...NAMES),
    depth === 0 ? fc.constant(true as const) : fc.oneof(fc.constant(true as const), allowedTree(depth - 1)),
    { minKeys: 1, maxKeys: 4, noNullPrototype: true },
  );

const leafValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 5 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...NAMES, ...EXTRA_NAMES), fc.integer(), { maxKeys: 3, noNullPrototype: true }),
);

/** A record shaped by the tree: each allowed name present or not, plus names never allowed. */
const recordFor = (tree: AllowedFields): fc.Arbitrary<Record<string, unknown>> => {
  const entries = Object.entries(tree).map(([name, sub]) =>
    fc.option(
      sub === true
        ? leafValue.map((value) => [name, value] as const)
        : fc
            .oneof(
              { weight: 3, arbitrary: recordFor(sub) },
              { weight: 2, arbitrary: fc.array(recordFor(sub), { maxLength: 3 }) },
              { weight: 1, arbitrary: fc.constant(null) },
            )
            .map((value) => [name, value] as const),
      { nil: undefined },
    ),
  );
  const extras = fc.dictionary(fc.constantFrom(...EXTRA_NAMES), leafValue, { maxKeys: 2, noNullPrototype: true });
  return fc.tuple(fc.tuple(...entries), extras).map(([present, extra]) => ({
    ...extra,
    ...Object.fromEntries(present.filter((entry) => entry !== undefined)),
  }));
};

const selectableNames = (tree: AllowedFields, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([name, sub]) =>
    sub === true
      ? [prefix + name]
      : [prefix + name, `${prefix}${name}.*`, ...selectableNames(sub, `${prefix}${name}.`)],
  );

interface Case {
  readonly tree: AllowedFields;
  readonly record: Record<string, unknown>;
  /** The names asked for, as the client wrote them (with repeats and blanks). */
  readonly raw: string;
  /** The asked paths, `a.*` written as `a`. */
  readonly asked: ReadonlyArray<readonly string[]>;
}

const cases: fc.Arbitrary<Case> = allowedTree(3).chain((tree) =>
  fc
    .tuple(
      recordFor(tree),
      fc.array(fc.constantFrom(...selectableNames(tree)), { minLength: 1, maxLength: 6 }),
      fc.array(fc.constantFrom("", " ", "  "), { minLength: 0, maxLength: 3 }),
    )
    .map(([record, names, blanks]) => ({
      tree,
      record,
      raw: [...names.map((n, i) => (i % 2 === 0 ? ` ${n}` : n)), ...blanks].join(","),
      asked: names.map((n) => n.replace(/\.\*$/, "").split(".")),
    })),
);

const isPrefix = (prefix: readonly string[], path: readonly string[]): boolean =>
  prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Fails when `out` holds a field that no asked path selects (arrays are transparent). */
const assertOnlyAsked = (out: unknown, path: readonly string[], asked: Case["asked"]): void => {
  if (Array.isArray(out)) {
    for (const element of out) assertOnlyAsked(element, path, asked);
    return;
  }
  if (!isObject(out)) return;
  for (const name of Object.keys(out)) {
    const here = [...path, name];
    if (asked.some((a) => isPrefix(a, here))) continue; // kept whole by an asked ancestor (or itself)
    assert.ok(
      asked.some((a) => a.length > here.length && isPrefix(here, a)),
      `projection returned ${here.join(".")}, which was not asked for (asked: ${asked.map((a) => a.join(".")).join(", ")})`,
    );
    assertOnlyAsked(out[name], here, asked);
  }
};

/** Fails unless `out` holds, along `path`, exactly the input's value wherever the input has it. */
const assertKept = (input: unknown, out: unknown, path: readonly string[], full: string): void => {
  if (path.length === 0 || !(Array.isArray(input) || isObject(input))) {
    assert.deepEqual(out, input, `${full}: the kept value differs from the input`);
    return;
  }
  if (Array.isArray(input)) {
    assert.ok(Array.isArray(out) && out.length === input.length, `${full}: array not kept element by element`);
    input.forEach((element, i) => assertKept(element, out[i], path, full));
    return;
  }
  assert.ok(isObject(out), `${full}: expected an object in the projection`);
  const [head, ...rest] = path as [string, ...string[]];
  if (Object.prototype.hasOwnProperty.call(input, head)) {
    assert.ok(Object.prototype.hasOwnProperty.call(out, head), `${full}: ${head} is missing from the projection`);
    assertKept(input[head], out[head], rest, full);
  } else {
    assert.ok(!Object.prototype.hasOwnProperty.call(out, head), `${full}: ${head} appeared from nowhere`);
  }
};

describe("fields projection: properties", () => {
  it("every selectable name of a random tree parses", () => {
    fc.assert(
      fc.property(allowedTree(3), (tree) => {
        for (const name of selectableNames(tree)) assert.ok(parseFields(name, tree) !== undefined, name);
      }),
    );
  });

  it("never returns a field that was not asked for, at any depth", () => {
    fc.assert(
      fc.property(cases, ({ tree, record, raw, asked }) => {
        const projection = parseFields(raw, tree) as Projection;
        assert.ok(projection !== undefined);
        assertOnlyAsked(project(record, projection), [], asked);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every asked field present in the input, with its value", () => {
    fc.assert(
      fc.property(cases, ({ tree, record, raw, asked }) => {
        const projection = parseFields(raw, tree) as Projection;
        const out = project(record, projection);
        for (const path of asked) assertKept(record, out, path, path.join("."));
      }),
      { numRuns: 300 },
    );
  });

  it("never keeps a name outside the allowed tree, even when the record has it", () => {
    fc.assert(
      fc.property(cases, ({ tree, record, raw }) => {
        const out = project(record, parseFields(raw, tree)!);
        for (const extra of EXTRA_NAMES) assert.ok(!(extra in out), `${extra} leaked into the projection`);
      }),
    );
  });

  it("does not change the record it projects", () => {
    fc.assert(
      fc.property(cases, ({ tree, record, raw }) => {
        const before = structuredClone(record);
        project(record, parseFields(raw, tree)!);
        assert.deepEqual(record, before);
      }),
    );
  });

  it("a name outside the allowed tree is always UnknownField", () => {
    fc.assert(
      fc.property(allowedTree(2), fc.constantFrom(...EXTRA_NAMES), fc.array(fc.constantFrom(...NAMES), { maxLength: 2 }), (tree, extra, tail) => {
        assertUnknownField([extra, ...tail].join("."), tree);
      }),
    );
  });
});
