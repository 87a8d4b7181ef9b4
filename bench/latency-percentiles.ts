// Percentiles of recorded latencies by the nearest-rank rule: every request of a run is kept, so
// the figures are exact rather than a histogram's bucket bounds.

/** The p-th percentile (0 < p <= 100) of values sorted ascending; NaN for none. */
export const percentileOfSorted = (sorted: ArrayLike<number>, p: number): number => {
  if (!(p > 0 && p <= 100)) throw new Error(`a percentile must be in (0, 100], got ${p}`);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** p50, p90, p99 and the largest of unsorted values, each rounded to 0.1. */
export const latencySummary = (values: readonly number[]): { p50: number; p90: number; p99: number; max: number } => {
  const sorted = Float64Array.from(values).sort();
  const round = (n: number): number => Math.round(n * 10) / 10;
  return {
    p50: round(percentileOfSorted(sorted, 50)),
    p90: round(percentileOfSorted(sorted, 90)),
    p99: round(percentileOfSorted(sorted, 99)),
    max: round(percentileOfSorted(sorted, 100)),
  };
};
