import { lazy, type ComponentProps } from 'react';
import { LazySlot } from '../../../../components/ui/lazy-slot';
import { useServices } from '../../../../lib/services';

// The button, its texts and (on first use) the upload modal load only where the button is shown: the
// control's useTranslation('upload') suspends in the slot until the texts are there.
const AddPhotosControl = lazy(() => import('./add-photos-control').then((module) => ({ default: module.AddPhotosControl })));

/**
 * 'Add photos' in the photos page header (or `label`, e.g. an album's add menu), shown only when the upload
 * flag is on. It opens the upload modal, or on Android and iOS (when an upload address is configured) goes
 * to that address.
 */
export function AddPhotosButton(props: ComponentProps<typeof AddPhotosControl>) {
  const { flags, reporter } = useServices();
  if (!flags.isOn('PhotoManagementUploadViewEnabled')) return null;
  // A labelled button (a menu item) holds its place, disabled, while its code and texts load.
  const placeholder = props.label ? (
    <button type="button" className={props.className} disabled>
      {props.label}
    </button>
  ) : null;
  return (
    <LazySlot fallback={placeholder} onError={(error) => reporter.report(error, { feature: 'upload' })}>
      <AddPhotosControl {...props} />
    </LazySlot>
  );
}
