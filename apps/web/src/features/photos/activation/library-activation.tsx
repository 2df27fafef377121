import { lazy } from 'react';
import { LazySlot } from '../../../components/ui/lazy-slot';
import { useServices } from '../../../lib/services';
import { useLibraryActivation } from './use-library-activation';

// The panel and its texts load only for a library that is not active yet: most customers never fetch them.
const ActivationPanel = lazy(() => import('./activation-panel').then((module) => ({ default: module.ActivationPanel })));

/**
 * The photo library's activation offer and progress (spec §3, §4 "Activation"), shown when the
 * reactivation flag is on and the library is not active yet, is being imported, or has just become active.
 */
export function LibraryActivation() {
  const { reporter } = useServices();
  const activation = useLibraryActivation();
  if (activation.view.kind === 'none') return null;
  return (
    <LazySlot onError={(error) => reporter.report(error, { feature: 'library-activation' })}>
      <ActivationPanel {...activation} />
    </LazySlot>
  );
}
