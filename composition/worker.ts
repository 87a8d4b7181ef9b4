// The background worker: runs each scheduled job on its own interval, one run at a time per
// job, until stopped. Runs inside `serve` or alone as `storefront worker`.
import type { Logger } from "pino";

export interface ScheduledJob {
  readonly name: string;
  readonly everyMs: number;
  run(): Promise<unknown>;
}

export class Worker {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly jobs: readonly ScheduledJob[],
    private readonly logger: Logger,
  ) {}

  start(): void {
    for (const job of this.jobs) this.schedule(job, 0);
  }

  private schedule(job: ScheduledJob, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = job
        .run()
        .then((result) => this.logger.debug({ job: job.name, result }, "job ran"))
        .catch((err: unknown) => this.logger.warn({ job: job.name, err }, "job failed; it runs again on schedule"))
        .finally(() => {
          this.running.delete(run);
          this.schedule(job, job.everyMs);
        });
      this.running.add(run);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Stops scheduling and waits for runs under way to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
