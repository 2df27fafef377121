import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initial from './migrations/001-initial.js';
import * as newsletter from './migrations/002-newsletter.js';
import * as photos from './migrations/003-photos.js';
import * as ordersAndProjects from './migrations/004-orders-and-projects.js';
import * as albums from './migrations/005-albums.js';
import * as libraryVersions from './migrations/006-library-versions.js';
import * as newsletterRequests from './migrations/009-newsletter-requests.js';
import * as photoIntentsAndUploadPlaces from './migrations/008-photo-intents-and-upload-places.js';
import * as albumPhotoOrder from './migrations/010-album-photo-order.js';
import * as jobs from './migrations/011-jobs.js';
import * as downloads from './migrations/012-downloads.js';
import * as backups from './migrations/013-backups.js';
import * as libraryActivation from './migrations/014-library-activation.js';
import * as uploadMachines from './migrations/015-upload-machines.js';
import * as invoices from './migrations/018-invoices.js';
import * as orders from './migrations/016-orders.js';
import * as campaigns from './migrations/017-campaigns.js';
import * as projects from './migrations/019-projects.js';
import * as tempSelections from './migrations/020-temp-selections.js';
import * as orderHistoryVersions from './migrations/021-order-history-versions.js';
import * as addressBookAndPaymentMethods from './migrations/022-address-book-and-payment-methods.js';
import * as identityRequests from './migrations/023-identity-requests.js';
import * as accountDeletions from './migrations/024-account-deletions.js';
import * as widgets from './migrations/025-widgets.js';
import * as storagePeriods from './migrations/026-storage-periods.js';
import * as mailRecipients from './migrations/027-mail-recipients.js';
import * as uploadRate from './migrations/028-upload-rate.js';
import * as boundedArchivesAndExports from './migrations/029-bounded-archives-and-exports.js';
import * as identityRequestsMailed from './migrations/030-identity-requests-mailed.js';
import * as orderTrackingAndArticles from './migrations/031-order-tracking-and-articles.js';
import * as accountRegistrations from './migrations/032-account-registrations.js';
import * as clusterLeases from './migrations/033-cluster-leases.js';
import * as clusterInstances from './migrations/034-cluster-instances.js';
import * as leaseReleaseRequests from './migrations/035-lease-release-requests.js';
import * as jobTraces from './migrations/036-job-traces.js';
import * as orderHoldups from './migrations/037-order-holdups.js';
import * as errorReports from './migrations/038-error-reports.js';
import * as feedback from './migrations/039-feedback.js';
import * as productFiles from './migrations/040-product-files.js';

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-newsletter': newsletter,
  '003-photos': photos,
  '004-orders-and-projects': ordersAndProjects,
  '005-albums': albums,
  '006-library-versions': libraryVersions,
  '009-newsletter-requests': newsletterRequests,
  '008-photo-intents-and-upload-places': photoIntentsAndUploadPlaces,
  '010-album-photo-order': albumPhotoOrder,
  '011-jobs': jobs,
  '012-downloads': downloads,
  '013-backups': backups,
  '014-library-activation': libraryActivation,
  '015-upload-machines': uploadMachines,
  '018-invoices': invoices,
  '016-orders': orders,
  '017-campaigns': campaigns,
  '019-projects': projects,
  '020-temp-selections': tempSelections,
  '021-order-history-versions': orderHistoryVersions,
  '022-address-book-and-payment-methods': addressBookAndPaymentMethods,
  '023-identity-requests': identityRequests,
  '024-account-deletions': accountDeletions,
  '025-widgets': widgets,
  '026-storage-periods': storagePeriods,
  '027-mail-recipients': mailRecipients,
  '028-upload-rate': uploadRate,
  '029-bounded-archives-and-exports': boundedArchivesAndExports,
  '030-identity-requests-mailed': identityRequestsMailed,
  '031-order-tracking-and-articles': orderTrackingAndArticles,
  '032-account-registrations': accountRegistrations,
  '033-cluster-leases': clusterLeases,
  '034-cluster-instances': clusterInstances,
  '035-lease-release-requests': leaseReleaseRequests,
  '036-job-traces': jobTraces,
  '037-order-holdups': orderHoldups,
  '038-error-reports': errorReports,
  '039-feedback': feedback,
  '040-product-files': productFiles,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };
/**
 * The names sort as plain strings (they start with a zero-padded number). Kysely's default compares them with
 * localeCompare, whose first call loads the language's collation: a twentieth of a restart (decision 118).
 */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Brings the schema up to date; runs on every start and is a no-op when nothing is pending. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider, nameComparator: byCodeUnits }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
