// What the demo seeders share: dates relative to the application's clock, and products of the
// demo catalog found by name through the product list use case.
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import { ListProducts } from "../../application/catalog/list-products.js";
import { Clock } from "../../application/ports/clock.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoProduct {
  readonly id: string;
  readonly categoryId: string | null;
}

/** An ISO date-time `offset` days from the application's now (negative: in the past). */
export const demoDays = (container: Container): ((offset: number) => string) => {
  const now = container.get(Clock).now().getTime();
  return (offset) => new Date(now + offset * DAY_MS).toISOString();
};

/** Finds a demo catalog product by (part of) its name; a missing one is a bug in the demo data. */
export const demoProductFinder = (container: Container, principal: Principal): ((name: string) => Promise<DemoProduct>) => {
  const products = container.get(ListProducts);
  return async (name) => {
    const found = (await products.execute(principal, { search: name }, { limit: 1 })).items[0];
    if (found === undefined) throw new Error(`the demo catalog has no product named ${name}`);
    return { id: found.product_id, categoryId: found.category_id };
  };
};
