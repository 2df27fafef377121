import { storagePeriodEnd } from '../deletion-info/deletion-info.service.js';
import type { CustomerPage, RetentionRepository } from './retention.repository.js';
import { currentSequence, nextStep } from './retention-schedule.js';

/** Customers read per page of a run; the cursor is kept after each (decision 071). */
export const SCAN_PAGE = 1_000;

export type Customer = CustomerPage[number];

/** What a run would do for one customer. */
export type PlannedAction =
  | { customerId: string; email: string; action: 'remind'; stage: number; deletionAt: string; periodEnd: string }
  | { customerId: string; email: string; action: 'empty'; deletionAt: string; periodEnd: string }
  | { customerId: string; email: string; action: 'confirm'; emptiedAt: string };

/** One step at most: the owed last mail first, else what the customer's period asks for today (computed as GET /accounts/getaccountinformation does). */
function planFor(c: Customer, now: Date): PlannedAction | undefined {
  if (c.emptied_at && !c.emptied_mail_sent_at) return { customerId: c.id, email: c.email, action: 'confirm', emptiedAt: c.emptied_at };
  const periodEnd = storagePeriodEnd({ registeredAt: c.registered_at, lastOrderAt: c.last_order_at ?? null, emptiedAt: c.emptied_at, firstPhotoAt: c.first_photo_at });
  const stored = c.period_end && c.deletion_at ? { period_end: c.period_end, deletion_at: c.deletion_at, reminders_sent: c.reminders_sent ?? 0 } : undefined;
  const sequence = currentSequence(periodEnd, stored);
  const step = nextStep(sequence, now);
  // Without photos there is nothing to remind of; an emptying already due is finished (a run stopped after its last batch).
  if (!c.has_photos && step.kind !== 'empty') return undefined;
  const base = { customerId: c.id, email: c.email, periodEnd: periodEnd.toISOString() };
  if (step.kind === 'remind') return { ...base, action: 'remind', stage: step.stage, deletionAt: step.deletionAt.toISOString() };
  if (step.kind === 'empty') return { ...base, action: 'empty', deletionAt: sequence.deletionAt.toISOString() };
  return undefined;
}

/** Every live customer by id after `after`, a page at a time, with what a run at `now` would do for each. */
export async function* walkCustomers(repo: Pick<RetentionRepository, 'page'>, after: string | null, now: Date) {
  for (let cursor = after; ; ) {
    const page = await repo.page(cursor, SCAN_PAGE);
    if (page.length === 0) return;
    const planned = page.flatMap((customer) => {
      const action = planFor(customer, now);
      return action ? [{ customer, action }] : [];
    });
    cursor = page[page.length - 1]!.id;
    yield { planned, cursor, seen: page.length };
  }
}

/** What a run at `now` would do, without doing it (the operator's dry run). */
export async function planRun(repo: Pick<RetentionRepository, 'page'>, now: Date): Promise<PlannedAction[]> {
  const all: PlannedAction[] = [];
  for await (const page of walkCustomers(repo, null, now)) all.push(...page.planned.map((p) => p.action));
  return all;
}
