import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { LoadError } from './load-error';

/** What a settings part needs of a query: a TanStack Query result, or one that adds derived fields to it. */
interface Reading<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A part of a settings screen that reads the server: the loading spinner while it reads, the load error with
 * Try again when that fails (by default the spec §8 settings message), then what it read.
 */
export function Loaded<T>({ query, errorMessage, children }: { query: Reading<T>; errorMessage?: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('settings');
  if (query.isPending) return <Spinner label={t('page.loading')} />;
  // A query that is neither pending nor failed has its data; the check only tells the compiler so.
  if (query.isError || query.data === undefined) return <LoadError message={errorMessage} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
