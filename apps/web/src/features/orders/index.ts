import { lazy } from 'react';

/** The Overview's latest order in progress: its own small chunk, so the Overview's first load stays light. */
export const LatestOrderCard = lazy(() => import('./components/latest-order-card'));

/** The list's first page, asked for by the router while the order screens' code and texts load. */
export { getOrdersPage as prefetchFirstOrdersPage } from './api/get-orders-page';
