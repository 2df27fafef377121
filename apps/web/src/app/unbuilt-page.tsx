import { useTranslation } from 'react-i18next';

/** A screen that is not built yet says so plainly; the shell already shows its title. */
export function UnbuiltPage() {
  const { t } = useTranslation();
  return <p>{t('unbuilt.body')}</p>;
}
