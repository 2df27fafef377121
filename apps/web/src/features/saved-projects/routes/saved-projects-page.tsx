import { SAVED_PROJECTS_PAGE_SIZE } from '@shoebox/contracts';
import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyListNotice, ListLoadError } from '../../../components/ui/list-notices';
import { Pager, usePageParam, usePages } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import type { SignedInIdentity } from '../../../lib/auth/auth-session';
import { loadDateLocale } from '../../../lib/date-locale';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useProjects } from '../api/get-projects';
import { ProjectRow } from '../components/project-row';
import styles from './saved-projects-page.module.css';

const hrefOf = (page: number) => (page === 1 ? paths.savedProjects : `${paths.savedProjects}?page=${page}`);

/**
 * /saved-projects (spec §2.6): the customer's saved projects, 10 a page, last saved first, each with its
 * cover, product, name and last saved date, Continue (opens the editor) and Delete (decision 089).
 */
export function SavedProjectsPage() {
  const { t } = useTranslation('projects');
  const { locale } = useServices();
  const identity = useRouteLoaderData('signed-in') as SignedInIdentity;
  const dates = use(loadDateLocale(locale));
  const page = usePageParam();
  const projects = useProjects(identity.customerId, page);
  const [announcement, setAnnouncement] = useState('');
  const total = projects.data?.totalProjectCount ?? 0;
  const { pages, shownPage } = usePages(page, total, SAVED_PROJECTS_PAGE_SIZE, projects.isSuccess && !projects.isPlaceholderData);

  return (
    <div className={styles.page}>
      <p className={styles.intro}>{t('page.intro')}</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {projects.isPending ? (
        <Spinner label={t('page.loading')} />
      ) : projects.isError ? (
        <ListLoadError message={t('page.loadError')} retryLabel={t('page.retry')} onRetry={() => void projects.refetch()} />
      ) : total === 0 ? (
        <EmptyListNotice
          title={t('page.empty')}
          hint={t('page.emptyHint')}
          action={
            <Link className={buttonClass.primary} to={paths.photos}>
              {t('page.goToPhotos')}
            </Link>
          }
        />
      ) : (
        <>
          <p className={styles.count}>{t('page.total', { count: total })}</p>
          <ul className={styles.list} aria-label={t('page.listLabel')}>
            {projects.data.projects.map((project) => (
              <ProjectRow key={project.id} project={project} dates={dates} onDeleted={(title) => setAnnouncement(t('page.deleted', { name: title }))} />
            ))}
          </ul>
          {pages > 1 && (
            <Pager
              page={shownPage}
              pages={pages}
              hrefOf={hrefOf}
              labels={{
                label: t('pager.label'),
                previous: t('pager.previous'),
                next: t('pager.next'),
                status: t('pager.status', { page: shownPage, pages }),
              }}
            />
          )}
        </>
      )}
    </div>
  );
}
