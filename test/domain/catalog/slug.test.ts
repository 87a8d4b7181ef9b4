// Tests for product slugs: `{product-name}-{short-id}`, always valid whatever
// the name, and collision suffixes within 200 characters.

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  MAX_SLUG_LENGTH,
  SLUG_PATTERN,
  isValidSlug,
  productSlug,
  shortId,
  withSuffix,
} from "../../../domain/catalog/slug.js";

const ID = "01890a5d-ac96-774b-bcce-b302099a8057";

// Stricter than SLUG_PATTERN: generated slugs never have doubled or trailing hyphens.
const TIDY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const anyName = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ unit: "grapheme-composite", maxLength: 100 }),
  fc.string({ maxLength: 400 }),
  fc.string({ unit: fc.constantFrom("a", "É", "-", " ", "ß", "漢", "😀", "\u0301"), maxLength: 500 }),
);

const anyUuid = fc.oneof(fc.uuid(), fc.uuid({ version: 7 }));

describe("productSlug", () => {
  it("strips diacritics and ends with the uuid's last 8 hex digits", () => {
    assert.equal(productSlug("Crème Brûlée Mug", ID), "creme-brulee-mug-099a8057");
  });

  it("collapses runs of other characters into one hyphen and trims them", () => {
    assert.equal(productSlug("  Hello,   World!! (XL) ", ID), "hello-world-xl-099a8057");
  });

  it("transliterates latin letters NFKD leaves whole", () => {
    assert.equal(productSlug("Straße Øl Æble Łódź", ID), "strasse-ol-aeble-lodz-099a8057");
  });

  it("folds compatibility forms such as full-width letters and ligatures", () => {
    assert.equal(productSlug("Ｆｕｌｌ ﬁne", ID), "full-fine-099a8057");
  });

  it("lower-cases the dotted capital I without leaving a stray mark", () => {
    assert.equal(productSlug("İstanbul", ID), "istanbul-099a8057");
  });

  it("falls back to p-{short-id} for names without latin letters or digits", () => {
    for (const name of ["茶杯", "فنجان", "😀☕", "", "---"]) {
      assert.equal(productSlug(name, ID), "p-099a8057", name);
    }
  });

  it("cuts long names so the whole slug is at most 200 characters", () => {
    const slug = productSlug("word ".repeat(100), ID);
    assert.ok(slug.length <= MAX_SLUG_LENGTH);
    assert.ok(slug.endsWith("-099a8057"));
    assert.match(slug, TIDY);
  });

  it("always matches the slug pattern, for any name and uuid", () => {
    fc.assert(
      fc.property(anyName, anyUuid, (name, id) => {
        const slug = productSlug(name, id);
        assert.match(slug, SLUG_PATTERN);
        assert.match(slug, TIDY);
        assert.ok(slug.length <= MAX_SLUG_LENGTH);
        assert.ok(slug.endsWith(`-${shortId(id)}`));
      }),
      { numRuns: 500 },
    );
  });

  it("is deterministic", () => {
    fc.assert(
      fc.property(anyName, anyUuid, (name, id) => {
        assert.equal(productSlug(name, id), productSlug(name, id));
      }),
    );
  });

  it("stays valid even for an id that is not a uuid", () => {
    fc.assert(
      fc.property(anyName, fc.string({ unit: "binary", maxLength: 40 }), (name, id) => {
        assert.match(productSlug(name, id), SLUG_PATTERN);
      }),
    );
  });
});

describe("shortId", () => {
  it("takes the random tail of a UUID v7, not its timestamp head", () => {
    assert.equal(shortId(ID), "099a8057");
    assert.equal(shortId(ID.toUpperCase()), "099a8057");
  });
});

describe("isValidSlug", () => {
  it("accepts the pattern and rejects the rest", () => {
    assert.equal(isValidSlug("creme-brulee-mug-099a8057"), true);
    assert.equal(isValidSlug("a"), true);
    assert.equal(isValidSlug("a".repeat(200)), true);
    assert.equal(isValidSlug("a".repeat(201)), false);
    assert.equal(isValidSlug(""), false);
    assert.equal(isValidSlug("-mug"), false);
    assert.equal(isValidSlug("Mug"), false);
    assert.equal(isValidSlug("mug cup"), false);
  });
});

describe("withSuffix", () => {
  it("appends -n", () => {
    assert.equal(withSuffix("mug-099a8057", 2), "mug-099a8057-2");
  });

  it("cuts the base so the result stays within 200 characters", () => {
    const slug = withSuffix("a".repeat(200), 12);
    assert.equal(slug.length, MAX_SLUG_LENGTH);
    assert.ok(slug.endsWith("a-12"));
  });

  it("does not leave a doubled hyphen where the base is cut", () => {
    assert.equal(withSuffix(`${"a".repeat(197)}-bc`, 2), `${"a".repeat(197)}-2`);
  });

  it("rejects a suffix that is not a positive integer", () => {
    for (const n of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => withSuffix("mug", n), RangeError);
    }
  });

  it("keeps any valid slug valid", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,199}$/),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (slug, n) => {
          const suffixed = withSuffix(slug, n);
          assert.match(suffixed, SLUG_PATTERN);
          assert.ok(suffixed.endsWith(`-${n}`));
        },
      ),
    );
  });
});
