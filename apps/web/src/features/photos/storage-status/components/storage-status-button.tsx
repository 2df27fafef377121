import { lazy } from 'react';
import { LazySlot } from '../../../../components/ui/lazy-slot';
import { useServices } from '../../../../lib/services';

// The button, its texts and (on first use) the modal load only where the button is shown: the control's
// useTranslation('storage') suspends in the slot until the texts are there.
const StorageStatusControl = lazy(() => import('./storage-status-control').then((module) => ({ default: module.StorageStatusControl })));

export interface StorageStatusButtonProps {
  /**
   * What 'Delete photos' in the modal does (e.g. open the page's delete-all modal). Without it, the
   * modal navigates to /my-photos/photos?delete=all.
   */
  onDeletePhotos?: () => void;
}

/**
 * The storage status button of the photos page header (spec §2, §4): its tone follows the months left
 * before the library is deleted, and it opens the storage status modal. With the storage-warning flag on,
 * the critical modal also opens by itself once per browser session. The reminder mails' link
 * (/my-photos/photos?storage=status) opens it too.
 */
export function StorageStatusButton({ onDeletePhotos }: StorageStatusButtonProps) {
  const { reporter } = useServices();
  return (
    <LazySlot onError={(error) => reporter.report(error, { feature: 'storage-status' })}>
      <StorageStatusControl onDeletePhotos={onDeletePhotos} />
    </LazySlot>
  );
}
