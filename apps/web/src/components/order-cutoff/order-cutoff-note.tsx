import { nextDispatch } from '@shoebox/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArticleGroups } from '../../api/orders/get-article-groups';
import styles from './order-cutoff-note.module.css';

/** How often the note looks at the clock: a customer who stays past the cut-off sees the next one. */
const CLOCK_MS = 60_000;

/**
 * 'Order before 22:00 today for dispatch on Wednesday 2 December' for an article (decision 111), from its group's
 * cut-off, where the customer decides. Of several articles (an order's products), the first in a group speaks.
 * Nothing while the groups load, or when no group holds any of them.
 */
export function OrderCutoffNote({ articleNames, className }: { articleNames: readonly string[]; className?: string }) {
  const { t, i18n } = useTranslation();
  const groups = useArticleGroups();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  const group = articleNames.map((name) => groups.data?.find((g) => g.articleNames.includes(name))).find(Boolean);
  if (!group) return null;
  const { cutoffDay, today, dispatchDay } = nextDispatch(group, now);
  // A day of the group's calendar, named in the page's language.
  const named = (day: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  const date = named(dispatchDay, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <p className={className ?? styles.note}>
      {today ? t('orderCutoff.today', { time: group.orderCutoff, date }) : t('orderCutoff.later', { time: group.orderCutoff, day: named(cutoffDay, { weekday: 'long' }), date })}
    </p>
  );
}
