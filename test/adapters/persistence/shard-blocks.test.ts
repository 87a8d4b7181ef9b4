// Shard pickers (adapters/persistence/shard-blocks.ts; docs/decisions/checkout.md, "checkout-30"):
// a process writes only the `width` rows of its own block, and every one of them.
import assert from "node:assert/strict";
import fc from "fast-check";
import { SHARD_BLOCKS, shardPicker } from "../../../adapters/persistence/shard-blocks.js";

describe("shard pickers", () => {
  it("pick every row of one block of `width` rows, and no other", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 64 }), (width, blocks) => {
        const pick = shardPicker(width, blocks);
        const seen = new Set(Array.from({ length: width * 60 }, pick));
        const first = Math.min(...seen);
        assert.equal(first % width, 0, "a block starts at a multiple of its width");
        assert.ok(first < width * blocks);
        assert.ok([...seen].every((shard) => Number.isInteger(shard) && shard >= first && shard < first + width));
        // 60 draws a row: a row never drawn has odds under (1 - 1/width)^(60 width) < e^-59
        assert.equal(seen.size, width);
      }),
      { numRuns: 50 },
    );
  });

  it("put processes in different blocks: 200 pickers use many of the 32", () => {
    const homes = new Set(Array.from({ length: 200 }, () => Math.floor(shardPicker(8)() / 8)));
    assert.ok(homes.size > SHARD_BLOCKS / 2, `${homes.size} blocks`);
  });
});
