import type enGB from '../../../public/locales/en-GB.json';
import { paths } from '../../lib/paths';

type MenuLabel = keyof (typeof enGB)['menu'];

export type MenuEntry =
  | { kind: 'route'; label: MenuLabel; to: string; end?: boolean }
  | { kind: 'external'; label: MenuLabel; href: string };

/** The side menu's entries in the spec's order (account-area §2.2). */
export function menuEntries(o: { isBusiness: boolean; timelineOn: boolean; faqUrl: string }): MenuEntry[] {
  const entries: (MenuEntry | false)[] = [
    { kind: 'route', label: 'overview', to: paths.overview, end: true },
    { kind: 'route', label: 'orders', to: paths.orders },
    o.isBusiness && { kind: 'route', label: 'invoices', to: paths.invoices },
    o.isBusiness && { kind: 'route', label: 'ftp', to: paths.integration },
    o.isBusiness && { kind: 'route', label: 'businessSettings', to: paths.businessSettings, end: true },
    { kind: 'route', label: 'settings', to: paths.settings, end: o.isBusiness },
    { kind: 'route', label: 'savedProjects', to: paths.savedProjects },
    o.timelineOn && { kind: 'route', label: 'photos', to: paths.myPhotos },
    !o.isBusiness && { kind: 'route', label: 'widgets', to: paths.widgets },
    { kind: 'external', label: 'faq', href: o.faqUrl },
    { kind: 'route', label: 'signOut', to: paths.logout },
  ];
  return entries.filter((e): e is MenuEntry => e !== false);
}
