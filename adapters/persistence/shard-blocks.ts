// Counters that many units of work add to are spread over shard rows, which readers sum. A process
// writes only the rows of its own block, picked at random when it starts, and within the block one
// row at random per write (docs/decisions/checkout.md, "checkout-30"): two checkouts of one
// process rarely wait for the same row's lock, and two processes, on two nodes of a Galera
// cluster, rarely write the same row at all, so they do not lose certification to each other on
// it. Rows per counter stay at `width` a process.

/** Blocks a counter's shard numbers are cut into: two processes share one 1 time in 32. */
export const SHARD_BLOCKS = 32;

/** A picker of shard numbers for this process: `width` numbers of its own block, one at random each call. */
export const shardPicker = (width: number, blocks: number = SHARD_BLOCKS): (() => number) => {
  const home = Math.floor(Math.random() * blocks) * width;
  return () => home + Math.floor(Math.random() * width);
};
