/** Who owns the benchmark library's photos: the bench customer and enough others to make up the total. */
import { randomUUID } from 'node:crypto';
import type { DemoAccount } from '../demo-accounts.js';
import { rngFrom } from './seeded-random.js';

export const DAY_MS = 86_400_000;

export const BENCH_ACCOUNT: DemoAccount & { greeting: string } = {
  email: 'bench@example.com',
  firstName: 'Bench',
  lastName: 'Library',
  description: 'benchmark customer with a very large photo library',
  registeredDaysAgo: 3650,
  lastOrderDaysAgo: 30,
  greeting: 'Hello Bench',
};

/** Photos a customer other than the bench customer owns: log-uniform in this range (capped by photosPerCustomer). */
const OTHER_MIN_PHOTOS = 20;
const OTHER_MAX_PHOTOS = 30_000;

export interface CustomerPlan {
  id: string;
  account: DemoAccount;
  photos: number;
  firstYear: number;
  bench: boolean;
  seed: number;
}

/** The bench customer first, then other customers of varied sizes until `total` photos are owned. */
export function planCustomers(photosPerCustomer: number, total: number, now: number): CustomerPlan[] {
  const rng = rngFrom(total ^ (photosPerCustomer * 31));
  const nowYear = new Date(now).getUTCFullYear();
  const plans: CustomerPlan[] = [
    { id: randomUUID(), account: BENCH_ACCOUNT, photos: photosPerCustomer, firstYear: nowYear - 21, bench: true, seed: 1 },
  ];
  let remaining = total - photosPerCustomer;
  const max = Math.max(1, Math.min(OTHER_MAX_PHOTOS, photosPerCustomer));
  const min = Math.min(OTHER_MIN_PHOTOS, max);
  for (let n = 1; remaining > 0; n++) {
    const size = Math.min(remaining, Math.round(min * Math.pow(max / min, rng())));
    remaining -= size;
    const registeredDaysAgo = 100 + Math.floor(rng() * 3900);
    const registeredYear = new Date(now - registeredDaysAgo * DAY_MS).getUTCFullYear();
    const label = String(n).padStart(5, '0');
    plans.push({
      id: randomUUID(),
      account: {
        email: `customer-${label}@example.com`,
        firstName: 'Customer',
        lastName: label,
        description: `customer with ${size} photos`,
        registeredDaysAgo,
        ...(rng() < 0.7 ? { lastOrderDaysAgo: Math.floor(rng() * Math.min(registeredDaysAgo, 700)) } : {}),
      },
      photos: size,
      firstYear: registeredYear - Math.floor(rng() * 15),
      bench: false,
      seed: n + 1,
    });
  }
  return plans;
}
