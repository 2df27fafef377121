import { lazy } from 'react';
import { LazySlot } from '../../../../components/ui/lazy-slot';
import { loadNamespace } from '../../../../lib/i18n';
import { useServices } from '../../../../lib/services';

// The button, its texts and (on first use) the upload modal load only where the button is shown.
const AddPhotosControl = lazy(() =>
  Promise.all([import('./add-photos-control'), loadNamespace('upload')]).then(([module]) => ({ default: module.AddPhotosControl })),
);

/**
 * 'Add photos' in the photos page and album headers, shown only when the upload flag is on. It opens the
 * upload modal, or on Android and iOS (when an upload address is configured) goes to that address.
 */
export function AddPhotosButton({ albumId }: { albumId?: string }) {
  const { flags, reporter } = useServices();
  if (!flags.isOn('PhotoManagementUploadViewEnabled')) return null;
  return (
    <LazySlot onError={(error) => reporter.report(error, { feature: 'upload' })}>
      <AddPhotosControl albumId={albumId} />
    </LazySlot>
  );
}
