// A model of one shopper's cart (variant -> quantity, against fixed stock) and fc.commands that drive any
// cart implementation through the CartSystem interface: the pure rules here, the repository or HTTP API later.
import assert from "node:assert/strict";
import fc from "fast-check";

/** A variant the commands may use. `unitPrice`, when given, is the price every line of it must carry. */
export interface CatalogueVariant {
  readonly variantId: string;
  readonly productId: string;
  readonly stock: number;
  readonly unitPrice?: number;
}

/** The `_tag`s of the domain's cart errors; an HTTP driver maps 409 / 404 / 400 back to them. */
export type CartErrorTag = "InsufficientStock" | "CartLineMissing" | "InvalidQuantity";

export type CartOutcome = { readonly ok: true } | { readonly ok: false; readonly error: CartErrorTag };

export const OK: CartOutcome = { ok: true };
export const failed = (error: CartErrorTag): CartOutcome => ({ ok: false, error });

export interface CartSnapshotLine {
  readonly lineId: string;
  readonly variantId: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly lineTotal: number;
}

export interface CartSnapshot {
  readonly lines: readonly CartSnapshotLine[];
  readonly itemCount: number;
  readonly subtotal: number;
}

/** What the commands drive: one shopper's cart, whatever stands behind it. */
export interface CartSystem {
  add(variantId: string, quantity: number): Promise<CartOutcome>;
  set(lineId: string, quantity: number): Promise<CartOutcome>;
  remove(lineId: string): Promise<CartOutcome>;
  /** Fills a second cart (a guest's) with `source` by adding, then merges it into this cart. */
  merge(source: readonly MergeSourceLine[]): Promise<void>;
  read(): Promise<CartSnapshot>;
}

export interface MergeSourceLine {
  readonly variantId: string;
  readonly quantity: number;
}

/** A line id no system hands out (a well-formed UUID v7, so an HTTP driver gets past decoding). */
export const MISSING_LINE_ID = "00000000-0000-7000-8000-000000000000";

export class CartModel {
  readonly quantities = new Map<string, number>();
  /** The line id each variant had at the last check: a line keeps its id while its variant stays. */
  readonly lineIds = new Map<string, string>();
  readonly stock: ReadonlyMap<string, number>;
  readonly prices: ReadonlyMap<string, number>;

  constructor(readonly catalogue: readonly CatalogueVariant[]) {
    this.stock = new Map(catalogue.map((v) => [v.variantId, v.stock]));
    this.prices = new Map(
      catalogue.flatMap((v) => (v.unitPrice === undefined ? [] : [[v.variantId, v.unitPrice] as const])),
    );
  }

  stockOf(variantId: string): number {
    return this.stock.get(variantId) ?? 0;
  }

  quantityOf(variantId: string): number {
    return this.quantities.get(variantId) ?? 0;
  }

  /** Stores a quantity, 0 meaning the variant has no line. */
  put(variantId: string, quantity: number): void {
    if (quantity === 0) this.quantities.delete(variantId);
    else this.quantities.set(variantId, quantity);
  }
}

const isValidQuantity = (quantity: number): boolean => Number.isSafeInteger(quantity) && quantity >= 1;

const sorted = (entries: Iterable<[string, number]>): Array<[string, number]> =>
  [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Everything a cart must satisfy after every command, and its agreement with the model. */
export function assertAgrees(model: CartModel, snapshot: CartSnapshot): void {
  const variants = snapshot.lines.map((line) => line.variantId);
  assert.equal(new Set(variants).size, variants.length, `one line per variant, got ${variants.join(",")}`);
  const ids = snapshot.lines.map((line) => line.lineId);
  assert.equal(new Set(ids).size, ids.length, `line ids are unique, got ${ids.join(",")}`);
  assert.deepEqual(
    sorted(snapshot.lines.map((line) => [line.variantId, line.quantity])),
    sorted(model.quantities),
    "variant -> quantity agrees with the model",
  );
  for (const line of snapshot.lines) {
    assert.ok(line.quantity >= 1 && line.quantity <= model.stockOf(line.variantId), `${line.variantId} within stock`);
    assert.equal(line.lineTotal, line.quantity * line.unitPrice, `line total of ${line.variantId}`);
    const price = model.prices.get(line.variantId);
    if (price !== undefined) assert.equal(line.unitPrice, price, `unit price of ${line.variantId}`);
    const previousId = model.lineIds.get(line.variantId);
    if (previousId !== undefined) assert.equal(line.lineId, previousId, `line of ${line.variantId} kept its id`);
  }
  assert.equal(snapshot.itemCount, snapshot.lines.reduce((sum, line) => sum + line.quantity, 0), "item count");
  assert.equal(snapshot.subtotal, snapshot.lines.reduce((sum, line) => sum + line.lineTotal, 0), "subtotal");
  model.lineIds.clear();
  for (const line of snapshot.lines) model.lineIds.set(line.variantId, line.lineId);
}

async function lineIdFor(system: CartSystem, variantId: string): Promise<string> {
  const snapshot = await system.read();
  return snapshot.lines.find((line) => line.variantId === variantId)?.lineId ?? MISSING_LINE_ID;
}

async function settle(model: CartModel, system: CartSystem, actual: CartOutcome, expected: CartOutcome): Promise<void> {
  assert.deepEqual(actual, expected, "outcome agrees with the model");
  assertAgrees(model, await system.read());
}

export class AddCommand implements fc.AsyncCommand<CartModel, CartSystem> {
  constructor(
    readonly variantId: string,
    readonly quantity: number,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: CartModel, system: CartSystem): Promise<void> {
    const total = model.quantityOf(this.variantId) + this.quantity;
    const expected = !isValidQuantity(this.quantity)
      ? failed("InvalidQuantity")
      : total > model.stockOf(this.variantId)
        ? failed("InsufficientStock")
        : OK;
    const actual = await system.add(this.variantId, this.quantity);
    if (expected.ok) model.put(this.variantId, total);
    await settle(model, system, actual, expected);
  }

  toString(): string {
    return `add(${this.variantId}, ${this.quantity})`;
  }
}

/** Sets the quantity of the variant's line; when the variant has no line, aims at MISSING_LINE_ID. */
export class SetQuantityCommand implements fc.AsyncCommand<CartModel, CartSystem> {
  constructor(
    readonly variantId: string,
    readonly quantity: number,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: CartModel, system: CartSystem): Promise<void> {
    const present = model.quantities.has(this.variantId);
    const expected = !isValidQuantity(this.quantity)
      ? failed("InvalidQuantity")
      : !present
        ? failed("CartLineMissing")
        : this.quantity > model.stockOf(this.variantId)
          ? failed("InsufficientStock")
          : OK;
    const actual = await system.set(await lineIdFor(system, this.variantId), this.quantity);
    if (expected.ok) model.put(this.variantId, this.quantity);
    await settle(model, system, actual, expected);
  }

  toString(): string {
    return `set(${this.variantId}, ${this.quantity})`;
  }
}

/** Removes the variant's line; when the variant has no line, aims at MISSING_LINE_ID. */
export class RemoveCommand implements fc.AsyncCommand<CartModel, CartSystem> {
  constructor(readonly variantId: string) {}

  check(): boolean {
    return true;
  }

  async run(model: CartModel, system: CartSystem): Promise<void> {
    const expected = model.quantities.has(this.variantId) ? OK : failed("CartLineMissing");
    const actual = await system.remove(await lineIdFor(system, this.variantId));
    if (expected.ok) model.put(this.variantId, 0);
    await settle(model, system, actual, expected);
  }

  toString(): string {
    return `remove(${this.variantId})`;
  }
}

/** Merges a guest cart (distinct variants, each within stock, as adding would build it) into the cart. */
export class MergeCommand implements fc.AsyncCommand<CartModel, CartSystem> {
  constructor(readonly source: readonly MergeSourceLine[]) {}

  check(): boolean {
    return true;
  }

  async run(model: CartModel, system: CartSystem): Promise<void> {
    await system.merge(this.source);
    for (const { variantId, quantity } of this.source) {
      model.put(variantId, Math.min(model.quantityOf(variantId) + quantity, model.stockOf(variantId)));
    }
    assertAgrees(model, await system.read());
  }

  toString(): string {
    return `merge(${this.source.map((line) => `${line.variantId}x${line.quantity}`).join(", ")})`;
  }
}

export type CartCommand = AddCommand | SetQuantityCommand | RemoveCommand | MergeCommand;

/**
 * Quantities mostly within a small stock, sometimes beyond it, sometimes invalid (0, -1), so that each
 * outcome turns up in a short run.
 */
const quantityFor = (catalogue: readonly CatalogueVariant[]): fc.Arbitrary<number> => {
  const most = Math.max(1, ...catalogue.map((v) => v.stock));
  return fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 6 },
    { arbitrary: fc.integer({ min: 1, max: most + 2 }), weight: 3 },
    { arbitrary: fc.constantFrom(0, -1), weight: 1 },
  );
};

export function cartCommandArbs(catalogue: readonly CatalogueVariant[]): Array<fc.Arbitrary<CartCommand>> {
  assert.ok(catalogue.length > 0, "the commands need at least one variant");
  const variantId = fc.constantFrom(...catalogue.map((v) => v.variantId));
  const quantity = quantityFor(catalogue);
  const inStock = catalogue.filter((v) => v.stock > 0);
  const arbs: Array<fc.Arbitrary<CartCommand>> = [
    fc.tuple(variantId, quantity).map(([v, q]) => new AddCommand(v, q)),
    fc.tuple(variantId, quantity).map(([v, q]) => new SetQuantityCommand(v, q)),
    variantId.map((v) => new RemoveCommand(v)),
  ];
  if (inStock.length > 0) {
    const sourceLine = fc
      .constantFrom(...inStock)
      .chain((v) => fc.integer({ min: 1, max: v.stock }).map((q): MergeSourceLine => ({ variantId: v.variantId, quantity: q })));
    arbs.push(
      fc
        .uniqueArray(sourceLine, { selector: (line) => line.variantId, maxLength: inStock.length })
        .map((source) => new MergeCommand(source)),
    );
  }
  return arbs;
}

export const cartCommandsArb = (
  catalogue: readonly CatalogueVariant[],
  maxCommands = 40,
): fc.Arbitrary<Iterable<fc.AsyncCommand<CartModel, CartSystem>>> =>
  fc.commands(cartCommandArbs(catalogue), { maxCommands });

/** Runs one command sequence against a fresh system; the empty cart is checked before the first command. */
export async function runCartCommands(
  catalogue: readonly CatalogueVariant[],
  createSystem: () => Promise<CartSystem>,
  commands: Iterable<fc.AsyncCommand<CartModel, CartSystem>>,
): Promise<void> {
  const setup = async (): Promise<{ model: CartModel; real: CartSystem }> => {
    const model = new CartModel(catalogue);
    const real = await createSystem();
    assertAgrees(model, await real.read());
    return { model, real };
  };
  await fc.asyncModelRun(setup, commands);
}
