// Model-based test of the pure cart rules: random sequences of add, set, remove and merge agree, after
// every step, with a plain variant -> quantity map and never pass stock.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  AddCommand,
  MergeCommand,
  RemoveCommand,
  SetQuantityCommand,
  cartCommandsArb,
  runCartCommands,
  type CartSystem,
  type CatalogueVariant,
} from "./cart-model.js";
import { pureCartSystem } from "./pure-cart-system.js";

const catalogueArb: fc.Arbitrary<CatalogueVariant[]> = fc
  .uniqueArray(fc.constantFrom("v1", "v2", "v3", "v4", "v5"), { minLength: 1, maxLength: 5 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((variantId) =>
        fc.record({
          variantId: fc.constant(variantId),
          productId: fc.constant(`p-${variantId}`),
          stock: fc.nat({ max: 6 }),
          unitPrice: fc.nat({ max: 5_000 }),
        }),
      ),
    ),
  );

const fixedCatalogue: CatalogueVariant[] = [
  { variantId: "v1", productId: "p1", stock: 3, unitPrice: 1250 },
  { variantId: "v2", productId: "p1", stock: 0, unitPrice: 990 },
];

describe("cart rules against a model", () => {
  it("agree with a variant -> quantity map after every add, set, remove and merge", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb.chain((catalogue) => fc.tuple(fc.constant(catalogue), cartCommandsArb(catalogue))),
        async ([catalogue, commands]) => runCartCommands(catalogue, async () => pureCartSystem(catalogue), commands),
      ),
      { numRuns: 300 },
    );
  });

  it("replays a scripted session: each outcome and cap as the model predicts", async () => {
    await runCartCommands(fixedCatalogue, async () => pureCartSystem(fixedCatalogue), [
      new AddCommand("v1", 2),
      new AddCommand("v1", 2), // 4 > 3: InsufficientStock
      new AddCommand("v2", 1), // sold out
      new AddCommand("v1", 0), // InvalidQuantity
      new SetQuantityCommand("v2", 1), // no line: CartLineMissing
      new SetQuantityCommand("v1", 0), // InvalidQuantity, not a removal
      new MergeCommand([{ variantId: "v1", quantity: 3 }]), // 2 + 3 capped at 3
      new RemoveCommand("v1"),
      new RemoveCommand("v1"), // gone: CartLineMissing
    ]);
  });

  // The commands are only worth reusing if they catch a wrong implementation, so aim them at some.
  describe("catch a system that breaks a rule", () => {
    const rejects = async (breakIt: (system: CartSystem) => Partial<CartSystem>): Promise<void> => {
      const createSystem = async (): Promise<CartSystem> => {
        const system = pureCartSystem(fixedCatalogue);
        return { ...system, ...breakIt(system) };
      };
      const failure = await fc.check(
        fc.asyncProperty(cartCommandsArb(fixedCatalogue), (commands) => runCartCommands(fixedCatalogue, createSystem, commands)),
        { numRuns: 200 },
      );
      assert.ok(failure.failed, "the commands did not notice the broken system");
    };
    const lineOf = async (system: CartSystem, variantId: string) =>
      (await system.read()).lines.find((line) => line.variantId === variantId);

    it("one whose merge forgets the stock cap", async () => {
      await rejects(() => pureCartSystem(fixedCatalogue, { mergeAvailableOf: () => Number.POSITIVE_INFINITY }));
    });

    it("one whose add overwrites an existing line's quantity instead of raising it", async () => {
      await rejects((system) => ({
        add: async (variantId, quantity) => {
          const line = await lineOf(system, variantId);
          return line === undefined ? system.add(variantId, quantity) : system.set(line.lineId, quantity);
        },
      }));
    });

    it("one whose read reports a variant on two lines", async () => {
      await rejects((system) => ({
        read: async () => {
          const snapshot = await system.read();
          const [first, ...rest] = snapshot.lines;
          if (first === undefined || first.quantity < 2) return snapshot;
          const one = { ...first, quantity: 1, lineTotal: first.unitPrice };
          const other = { ...one, lineId: `${first.lineId}-b`, quantity: first.quantity - 1, lineTotal: first.lineTotal - first.unitPrice };
          return { ...snapshot, lines: [one, other, ...rest] };
        },
      }));
    });

    it("one that answers success to every set without doing it", async () => {
      await rejects(() => ({ set: async () => ({ ok: true }) }));
    });
  });
});
