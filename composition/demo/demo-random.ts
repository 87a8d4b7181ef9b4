// The demo store's own deterministic randomness (docs/decisions/operations.md, operations-22): a
// seeded mulberry32 stream, so the demo's stock levels, restock dates and parcel sizes vary from
// product to product and are the same on every seed. It replaces the seeded faker the demo used
// before, so a production install needs no faker at run time.

export interface DemoRandom {
  /** An integer from min to max, both included. */
  int(range: { readonly min: number; readonly max: number }): number;
  /** A moment in the `days` days before `refDate` (to a second before it), as faker's date.recent. */
  recentDate(range: { readonly days: number; readonly refDate: string }): Date;
}

/** mulberry32: a 32-bit state, a period of 2^32, floats in [0, 1); plenty for demo data. */
const mulberry32 = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export const demoRandom = (seed: number): DemoRandom => {
  const next = mulberry32(seed);
  const int = ({ min, max }: { readonly min: number; readonly max: number }): number => min + Math.floor(next() * (max - min + 1));
  return {
    int,
    recentDate: ({ days, refDate }) => {
      const to = Date.parse(refDate) - 1_000;
      const from = Date.parse(refDate) - days * 86_400_000;
      return new Date(int({ min: from, max: to }));
    },
  };
};
