import { lazy } from 'react';

/** The Overview's photos: storage status, newest uploads, next step. Its own small chunk, loaded after the greeting. */
export const PhotosOverviewCard = lazy(() => import('./overview/photos-overview-card'));

/** Where a photo of the library opens, for screens that show one of the customer's photos (an order's). */
export { photoPaths } from './paths';
