import { Outlet } from 'react-router';
import { Toaster } from 'sonner';

/**
 * Around every photo screen: the one place toasts show (spec §8: top-centre, dark, 5 seconds). It stays
 * while the customer moves between the timeline, the albums and their previews, so a toast raised just
 * before such a move is still seen on the next screen.
 */
export function PhotoLibraryLayout() {
  return (
    <>
      <Outlet />
      <Toaster position="top-center" theme="dark" duration={5000} />
    </>
  );
}
