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
 *
 * `ratioOf: 'baseline/value'` turns the ratio around (a speed ratio: how fast we are compared with the
 * baseline, labelled `ratioLabel`); `budgetOn: 'ratio'` checks the budget against the ratio instead of
 * the value. A row whose value could not be measured (null, NaN) carries a `note` and passes nothing.
 */
export function row({ name, value, unit, baseline, baselineLabel, budget, better = 'lower', samples, baselineSamples, ratioOf = 'value/baseline', ratioLabel, budgetOn = 'value', note }) {
  const measured = Number.isFinite(value);
  const [top, bottom] = ratioOf === 'baseline/value' ? [baseline, value] : [value, baseline];
  const ratio = measured && Number.isFinite(baseline) && bottom !== 0 ? top / bottom : null;
  const r = { name, value: measured ? value : null, unit, baseline, baselineLabel, ratio };
  if (ratioOf !== 'value/baseline') r.ratioOf = ratioOf;
  if (ratioLabel) r.ratioLabel = ratioLabel;
  if (budget !== undefined) {
    r.budget = budget;
    r.better = better;
    if (budgetOn !== 'value') r.budgetOn = budgetOn;
    const checked = budgetOn === 'ratio' ? ratio : r.value;
    if (checked !== null) r.pass = better === 'higher' ? checked >= budget : checked <= budget;
  }
  if (note) r.note = note;
  if (samples) r.samples = samples;
  if (baselineSamples) r.baselineSamples = baselineSamples;
  return r;
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values, p) {
  if (!values.length) throw new Error('percentile of no values');
  const sorted = values instanceof Float64Array ? values.slice().sort() : [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
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
