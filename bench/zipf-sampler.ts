// Draws ranks with a Zipf distribution (P(rank k) proportional to 1 / (k + 1)^s), so a shop's
// traffic has a few hot keys and a long tail of cold ones. Pure: the caller supplies the uniform draws.

export class ZipfSampler {
  /** cumulative[k]: the probability of a rank at most k; the last entry is 1. */
  private readonly cumulative: Float64Array;

  constructor(
    /** How many ranks there are (0 to size - 1). */
    readonly size: number,
    /** The exponent: 0 is uniform, 1 the classic Zipf; larger is more skewed. */
    readonly exponent: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`a Zipf sampler needs at least one rank, got ${size}`);
    if (!Number.isFinite(exponent) || exponent < 0) throw new Error(`a Zipf exponent must be a non-negative number, got ${exponent}`);
    this.cumulative = new Float64Array(size);
    let total = 0;
    for (let k = 0; k < size; k++) this.cumulative[k] = total += (k + 1) ** -exponent;
    for (let k = 0; k < size; k++) this.cumulative[k]! /= total;
    // Rounding must not leave the last rank out of reach of a draw just below 1.
    this.cumulative[size - 1] = 1;
  }

  /** The probability of one rank. */
  probability(rank: number): number {
    return this.cumulative[rank]! - (rank === 0 ? 0 : this.cumulative[rank - 1]!);
  }

  /** The rank a uniform draw in [0, 1) stands for: the first whose cumulative probability exceeds it. */
  rank(uniform: number): number {
    let low = 0;
    let high = this.size - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulative[middle]! > uniform) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
