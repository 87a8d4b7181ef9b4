// A one-line progress bar for a terminal, redrawn in place with `\r`. Only for a TTY: piped
// output gets no bar at all, so logs and CI stay clean.
export class ProgressBar {
  private drawn = false;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly unit: string,
  ) {}

  readonly update = (done: number, total: number): void => {
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const tail = ` ${String(Math.floor(ratio * 100)).padStart(3)}% ${done}/${total} ${this.unit}`;
    const width = Math.max(10, Math.min(40, (this.out.columns ?? 80) - tail.length - 3));
    const filled = Math.round(ratio * width);
    this.out.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}]${tail}`);
    this.drawn = true;
  };

  /** Ends the bar's line so that what follows starts on a new one. */
  finish(): void {
    if (this.drawn) this.out.write("\n");
    this.drawn = false;
  }
}
