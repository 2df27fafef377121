// Small statistics and the row format every bench returns.

export function median(values) {
  if (!values.length) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * One printed figure. `better` says which direction a budget is checked in: 'lower' (value must be
 * <= budget) or 'higher' (value must be >= budget). Rows without a budget are informational.
 */
export function row({ name, value, unit, baseline, baselineLabel, budget, better = 'lower', samples, baselineSamples }) {
  const ratio = Number.isFinite(value) && Number.isFinite(baseline) && baseline !== 0 ? value / baseline : null;
  const r = { name, value, unit, baseline, baselineLabel, ratio };
  if (budget !== undefined) {
    r.budget = budget;
    r.better = better;
    r.pass = better === 'higher' ? value >= budget : value <= budget;
  }
  if (samples) r.samples = samples;
  if (baselineSamples) r.baselineSamples = baselineSamples;
  return r;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects with a clear message when `promise` takes longer than `ms`. */
export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
      timer.unref?.();
    }),
  ]).finally(() => clearTimeout(timer));
}
