import { Outlet } from 'react-router';
import { AppToaster } from '../../../components/ui/toaster';

/**
 * Around every photo screen: the one place toasts show (spec §8: top-centre, dark, 5 seconds). It stays
 * while the customer moves between the timeline, the albums and their previews, so a toast raised just
 * before such a move is still seen on the next screen.
 */
export function PhotoLibraryLayout() {
  return (
    <>
      <Outlet />
      <AppToaster />
    </>
  );
}
