// Keeps hot budgets (the global per-key limit) off the shared store on most requests: a process
// takes points from the store in batches and hands them out locally, and remembers a refusal
// until the window ends. The store still counts every point a process took, so several
// processes together never exceed the rule; at worst a process's unused batch lapses with the
// window. Batches shrink as the shared budget runs low, so the last points go one at a time, and
// (with a horizon) grow with a busy key's rate, so a key at thousands of requests a second costs
// a few store trips a second rather than hundreds.
import { RateLimited } from "../../application/errors/limit-errors.js";
import type { RateLimiter, RateLimitRule, RateLimitStatus } from "../../application/ports/rate-limiter.js";

export interface PreAllocationOptions {
  /** The most points taken from the store at once. 1 turns pre-allocation off. */
  readonly maxBatch: number;
  /** A batch is at most this share of what the store reported left (so batches shrink near the end). */
  readonly shareOfRemaining?: number;
  /**
   * When a request leaves fewer local points than this, the next batch is taken in the background
   * (added to what is left), so that a busy key does not stall on the store trip when its batch
   * runs out. 0 (the default) takes a batch only when the last one is spent.
   */
  readonly refillBelow?: number;
  /**
   * When above 0, a busy key's batch grows to what this process handed out of it in this many
   * milliseconds, at the rate seen since its previous take (never less than `maxBatch`, never more
   * than `shareOfRemaining` of what the store has left), and the next batch is taken in the
   * background once half the last one is spent. 0 (the default) keeps batches at `maxBatch`.
   */
  readonly batchHorizonMs?: number;
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
  /** Points handed out since the last take began, and when it began: the key's rate here. */
  handedOut: number;
  lastTakeAt: number;
  /** The size of the last batch taken. */
  lastBatch: number;
}

/** Above this many remembered budgets, ended ones are swept. */
const SWEEP_ABOVE = 10_000;

export class PreAllocatingRateLimiter implements RateLimiter {
  private readonly budgets = new Map<string, Budget>();
  private readonly rulePrefixes = new WeakMap<RateLimitRule, string>();
  private readonly maxBatch: number;
  private readonly share: number;
  private readonly refillBelow: number;
  private readonly horizonMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: RateLimiter,
    options: PreAllocationOptions,
  ) {
    this.maxBatch = Math.max(1, Math.floor(options.maxBatch));
    this.share = options.shareOfRemaining ?? 1 / 20;
    this.refillBelow = Math.max(0, Math.floor(options.refillBelow ?? 0));
    this.horizonMs = Math.max(0, options.batchHorizonMs ?? 0);
    this.now = options.now ?? Date.now;
  }

  /** The budget's id: the rule's part is made once per rule. */
  private idOf(rule: RateLimitRule, key: string): string {
    let prefix = this.rulePrefixes.get(rule);
    if (prefix === undefined) this.rulePrefixes.set(rule, (prefix = `${rule.name}/${rule.points}/${rule.windowSeconds}:`));
    return prefix + key;
  }

  consumeNow(rule: RateLimitRule, key: string): RateLimitStatus | undefined {
    const id = this.idOf(rule, key);
    const budget = this.budgets.get(id);
    if (budget === undefined) return undefined;
    const now = this.now();
    if (budget.refusedUntil > now || budget.local <= 0 || now >= budget.windowEndsAt) return undefined;
    budget.local -= 1;
    budget.handedOut += 1;
    const resetMs = budget.windowEndsAt - now;
    const status = { limit: rule.points, remaining: budget.storeRemaining + budget.local, resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)), resetMs };
    this.refillEarly(rule, key, id, budget);
    return status;
  }

  /** Takes the next batch in the background when the local points run low (see `refillBelow`). */
  private refillEarly(rule: RateLimitRule, key: string, id: string, budget: Budget): void {
    const below = this.horizonMs > 0 ? Math.max(this.refillBelow, Math.floor(budget.lastBatch / 2)) : this.refillBelow;
    if (budget.local >= below || budget.taking !== undefined || budget.storeRemaining <= 0) return;
    if (this.batchSize(rule, budget) <= 1) return; // near the end of the budget: one point at a time, when asked
    this.take(rule, key, id, budget, true).catch(() => undefined); // a failure surfaces on the next take that is waited for
  }

  private batchSize(rule: RateLimitRule, budget: Budget): number {
    const now = this.now();
    const windowKnown = now < budget.windowEndsAt;
    let wanted = this.maxBatch;
    if (this.horizonMs > 0 && budget.lastTakeAt > 0 && budget.handedOut > 0) {
      const perMs = budget.handedOut / Math.max(1, now - budget.lastTakeAt);
      wanted = Math.max(wanted, Math.ceil(perMs * this.horizonMs));
    }
    return Math.max(1, Math.min(wanted, Math.floor((windowKnown ? budget.storeRemaining : rule.points) * this.share)));
  }

  async consume(rule: RateLimitRule, key: string, points = 1): Promise<RateLimitStatus> {
    if (points !== 1) return this.store.consume(rule, key, points);
    const id = this.idOf(rule, key);
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
          budget.handedOut += 1;
          const resetMs = budget.windowEndsAt - now;
          const status = {
            limit: rule.points,
            remaining: budget.storeRemaining + budget.local,
            resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
            resetMs,
          };
          this.refillEarly(rule, key, id, budget);
          return status;
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
  private take(rule: RateLimitRule, key: string, id: string, known: Budget | undefined, early = false): Promise<void> {
    if (known === undefined && this.budgets.size >= SWEEP_ABOVE) this.sweep();
    const budget: Budget = known ?? { windowEndsAt: 0, local: 0, storeRemaining: rule.points, refusedUntil: 0, taking: undefined, handedOut: 0, lastTakeAt: 0, lastBatch: 0 };
    this.budgets.set(id, budget);
    let size = this.batchSize(rule, budget);
    budget.handedOut = 0;
    budget.lastTakeAt = this.now();
    const taking = (async () => {
      for (;;) {
        try {
          const status = await this.store.consume(rule, key, size);
          const now = this.now();
          const endsAt = now + status.resetMs;
          // An early batch adds to the points left when the store's window is still the one that
          // granted them (its end as known, give or take a second); otherwise those lapse.
          const sameWindow = now < budget.windowEndsAt && Math.abs(endsAt - budget.windowEndsAt) < 1000;
          budget.local = sameWindow ? budget.local + size : size;
          budget.storeRemaining = status.remaining;
          budget.lastBatch = size;
          budget.windowEndsAt = sameWindow ? Math.min(endsAt, budget.windowEndsAt) : endsAt;
          budget.refusedUntil = 0;
          return;
        } catch (error) {
          if (!(error instanceof RateLimited)) throw error;
          // A refused batch is not spent: take what is left instead, one point at a time.
          if (size > 1 && error.remaining > 0) {
            size = 1;
            continue;
          }
          budget.storeRemaining = 0;
          // An early take refused while local points are left: those are still spent first.
          if (early && budget.local > 0 && this.now() < budget.windowEndsAt) return;
          budget.local = 0;
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
