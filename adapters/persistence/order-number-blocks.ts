// Order numbers handed out from blocks that a process reserves in short transactions of their own,
// so a checkout does not write the store's counter row. Every checkout used to increment that row
// inside its unit of work and hold its lock to the end: checkouts of a store queued on it, and on
// a Galera cluster two nodes committing it at once lost certification to each other (10-16 % of
// cross-node checkouts answered 503 busy after five reruns). A block is only used once the
// transaction that moved the counter past it has committed, so no number is ever handed out twice;
// a number taken by a checkout that then fails is not given back (a gap, as after any rollback).
//
// The block's size follows this process's recent checkouts of the store: one number at a time
// for a quiet shop (no gaps when it restarts), up to 50 when orders come several a second.
//
// A checkout claims its number before its unit of work (`claim`), not only readies one: with 50
// checkouts at once, readying let them all see the one number left and 49 then numbered from the
// counter row inside their transactions, holding its lock to COMMIT (0.42-0.49 of MariaDB
// checkouts under load; docs/decisions/checkout.md, "checkout-22"). Claims waiting for a block
// size it. A claimed number whose checkout refused the order is given back (`release`) and is the
// next one handed out, so a refused checkout leaves no gap.
import { onePerDatabase, type Database } from "./database.js";

const MAX_BLOCK = 50;
/** The window over which recent takes decide the next block's size. */
const RATE_WINDOW_MS = 10_000;

interface Block {
  /** The next number to hand out, and the last of the block. */
  next: number;
  last: number;
  /** Numbers given back by checkouts that refused their order, smallest first: handed out before `next`. */
  readonly returned: number[];
  /** Claims waiting for the block being reserved: it is made at least that large. */
  waiting: number;
  /** When the numbers of the recent window were taken (newest last). */
  readonly takes: number[];
  reserving: Promise<void> | undefined;
}

export class OrderNumberBlocks {
  private readonly blocks = new Map<string, Block>();

  constructor(private readonly db: Database) {}

  /** A number of a reserved block, or undefined when none is left (the caller then numbers in its own transaction). */
  take(storeId: string, now: number = Date.now()): number | undefined {
    const block = this.blockOf(storeId);
    // Counted also when the block is empty: the next block is sized by what checkouts asked for.
    countTake(block, now);
    return ready(block);
  }

  /**
   * A number of this process's own for the store's next checkout, reserving a block when none is
   * ready: call it before the checkout's unit of work (inside one it answers undefined, as it does
   * when no block can be reserved; the checkout then numbers in its own transaction).
   */
  async claim(storeId: string): Promise<number | undefined> {
    if (this.db.inTransaction) return undefined;
    const block = this.blockOf(storeId);
    countTake(block, Date.now());
    // A few rounds: claims that joined a reservation already under way may find it used up.
    for (let round = 0; round < 3; round++) {
      const number = ready(block);
      if (number !== undefined) return number;
      block.waiting++;
      try {
        block.reserving ??= this.reserve(storeId, block).finally(() => {
          block.reserving = undefined;
        });
        await block.reserving;
      } finally {
        block.waiting--;
      }
    }
    return ready(block);
  }

  /**
   * Gives back a claimed number whose checkout refused the order (its unit of work rolled back, so
   * no order holds it); it is handed out next. Never for a checkout whose COMMIT may have happened.
   */
  release(storeId: string, number: number): void {
    const { returned } = this.blockOf(storeId);
    let at = returned.length;
    while (at > 0 && returned[at - 1]! > number) at--;
    returned.splice(at, 0, number);
  }

  private blockOf(storeId: string): Block {
    let block = this.blocks.get(storeId);
    if (block === undefined) this.blocks.set(storeId, (block = { next: 1, last: 0, returned: [], waiting: 0, takes: [], reserving: undefined }));
    return block;
  }

  private async reserve(storeId: string, block: Block): Promise<void> {
    const now = Date.now();
    while (block.takes.length > 0 && block.takes[0]! < now - RATE_WINDOW_MS) block.takes.shift();
    // As many numbers as the last window's checkouts took, so the next block lasts about as long,
    // and at least one for each claim waiting on this reservation.
    const size = Math.max(1, Math.min(MAX_BLOCK, Math.max(block.takes.length, block.waiting)));
    const last = await this.db.transaction(async () => {
      const moved = await this.db.execute("update order_sequences set last_number = last_number + ? where store_id = ?", [size, storeId]);
      if (moved === 0) return undefined; // no counter row (a store made before migration 0020 ran): number in the checkout
      const [row] = await this.db.select<{ last_number: number | string }>("select last_number from order_sequences where store_id = ?", [storeId]);
      return Number(row!.last_number);
    });
    if (last === undefined) return;
    // Committed: these numbers are this process's alone.
    block.next = last - size + 1;
    block.last = last;
  }
}

const countTake = (block: Block, now: number): void => {
  block.takes.push(now);
  if (block.takes.length > 4 * MAX_BLOCK) block.takes.splice(0, block.takes.length - 4 * MAX_BLOCK);
};

/** A returned number first, else the block's next; undefined when the block is used up. */
const ready = (block: Block): number | undefined => {
  if (block.returned.length > 0) return block.returned.shift();
  if (block.next > block.last) return undefined;
  return block.next++;
};

/** The one set of blocks of a database handle (every order repository of the process shares it). */
export const orderNumberBlocksOf = onePerDatabase((db) => new OrderNumberBlocks(db));
