// Tests for the merged online_category text.

import assert from "node:assert/strict";
import { onlineCategory } from "../../../domain/catalog/online-category.js";

describe("onlineCategory", () => {
  it("joins category and subcategory", () => {
    assert.equal(onlineCategory("Kitchen", "Mugs"), "Kitchen > Mugs");
  });

  it("gives the category alone when there is no subcategory", () => {
    assert.equal(onlineCategory("Kitchen", null), "Kitchen");
    assert.equal(onlineCategory("Kitchen", "   "), "Kitchen");
  });

  it("gives null when there is no category at all", () => {
    assert.equal(onlineCategory(null, null), null);
    assert.equal(onlineCategory("", " "), null);
  });

  it("falls back to the subcategory when the category is missing", () => {
    assert.equal(onlineCategory(null, "Mugs"), "Mugs");
  });

  it("trims surrounding whitespace", () => {
    assert.equal(onlineCategory(" Kitchen ", " Mugs "), "Kitchen > Mugs");
  });
});
