import { useTranslation } from 'react-i18next';
import { ListLoadError } from '../../../components/ui/list-notices';

/** A part that could not be read, with Try again; by default the spec §8 'An error occurred loading your settings'. */
export function LoadError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return <ListLoadError message={message ?? t('errors.settings')} retryLabel={t('errors.tryAgain')} onRetry={onRetry} />;
}
