import { lazy } from 'react';
import type { getOrdersPage } from './api/get-orders-page';

/** The Overview's latest order in progress: its own small chunk, so the Overview's first load stays light. */
export const LatestOrderCard = lazy(() => import('./components/latest-order-card'));

/**
 * The list's first page, asked for by the router while the order screens' code and texts load. Imported
 * when asked, so the order contracts stay out of the shell's first download.
 */
export const prefetchFirstOrdersPage = (...args: Parameters<typeof getOrdersPage>) => import('./api/get-orders-page').then((m) => m.getOrdersPage(...args));
