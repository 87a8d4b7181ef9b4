// Keeps hot budgets (the global per-key limit) off the shared store on most requests: a process
// takes points from the store in batches and hands them out locally, and remembers a refusal
// until the window ends. The store still counts every point a process took, so several
// processes together never exceed the rule; at worst a process's unused batch lapses with the
// window. Batches shrink as the shared budget runs low, so the last points go one at a time.
import { RateLimited } from "../../application/errors/limit-errors.js";
import type { RateLimiter, RateLimitRule, RateLimitStatus } from "../../application/ports/rate-limiter.js";

export interface PreAllocationOptions {
  /** The most points taken from the store at once. 1 turns pre-allocation off. */
  readonly maxBatch: number;
  /** A batch is at most this share of what the store reported left (so batches shrink near the end). */
  readonly shareOfRemaining?: number;
  readonly now?: () => number;
}

interface Budget {
  /** When the store's window that granted `local` ends (ms since the epoch). */
  windowEndsAt: number;
  /** Points taken from the store and not handed out yet. */
  local: number;
  /** What the store reported left after the last take. */
  storeRemaining: number;
  /** A refusal is remembered until then (ms since the epoch); 0 when none. */
  refusedUntil: number;
  /** The take from the store in flight, which concurrent requests for the key wait for. */
  taking: Promise<void> | undefined;
}

/** Above this many remembered budgets, ended ones are swept. */
const SWEEP_ABOVE = 10_000;

export class PreAllocatingRateLimiter implements RateLimiter {
  private readonly budgets = new Map<string, Budget>();
  private readonly maxBatch: number;
  private readonly share: number;
  private readonly now: () => number;

  constructor(
    private readonly store: RateLimiter,
    options: PreAllocationOptions,
  ) {
    this.maxBatch = Math.max(1, Math.floor(options.maxBatch));
    this.share = options.shareOfRemaining ?? 1 / 20;
    this.now = options.now ?? Date.now;
  }

  async consume(rule: RateLimitRule, key: string, points = 1): Promise<RateLimitStatus> {
    if (points !== 1) return this.store.consume(rule, key, points);
    const id = `${rule.name}/${rule.points}/${rule.windowSeconds}:${key}`;
    for (;;) {
      const now = this.now();
      const budget = this.budgets.get(id);
      if (budget !== undefined) {
        if (budget.refusedUntil > now) {
          throw new RateLimited({
            message: "Too many requests. Try again later.",
            retryAfterSeconds: Math.max(1, Math.ceil((budget.refusedUntil - now) / 1000)),
            limit: rule.points,
            remaining: 0,
          });
        }
        if (budget.local > 0 && now < budget.windowEndsAt) {
          budget.local -= 1;
          const resetMs = budget.windowEndsAt - now;
          return {
            limit: rule.points,
            remaining: budget.storeRemaining + budget.local,
            resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
            resetMs,
          };
        }
        if (budget.taking !== undefined) {
          await budget.taking;
          continue;
        }
      }
      await this.take(rule, key, id, budget);
    }
  }

  async refund(rule: RateLimitRule, key: string, points = 1): Promise<void> {
    await this.store.refund(rule, key, points);
  }

  /** Takes a batch from the store (or learns that none is left) for every waiter of the key. */
  private take(rule: RateLimitRule, key: string, id: string, known: Budget | undefined): Promise<void> {
    if (known === undefined && this.budgets.size >= SWEEP_ABOVE) this.sweep();
    const budget: Budget = known ?? { windowEndsAt: 0, local: 0, storeRemaining: rule.points, refusedUntil: 0, taking: undefined };
    this.budgets.set(id, budget);
    const windowKnown = this.now() < budget.windowEndsAt;
    let size = Math.max(1, Math.min(this.maxBatch, Math.floor((windowKnown ? budget.storeRemaining : rule.points) * this.share)));
    const taking = (async () => {
      for (;;) {
        try {
          const status = await this.store.consume(rule, key, size);
          budget.local = size;
          budget.storeRemaining = status.remaining;
          budget.windowEndsAt = this.now() + status.resetMs;
          budget.refusedUntil = 0;
          return;
        } catch (error) {
          if (!(error instanceof RateLimited)) throw error;
          // A refused batch is not spent: take what is left instead, one point at a time.
          if (size > 1 && error.remaining > 0) {
            size = 1;
            continue;
          }
          budget.local = 0;
          budget.storeRemaining = 0;
          budget.refusedUntil = this.now() + error.retryAfterSeconds * 1000;
          budget.windowEndsAt = budget.refusedUntil;
          return;
        }
      }
    })();
    budget.taking = taking;
    return taking.finally(() => {
      budget.taking = undefined;
    });
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, budget] of this.budgets) {
      if (budget.taking === undefined && budget.windowEndsAt <= now && budget.refusedUntil <= now) this.budgets.delete(id);
    }
  }
}
