import { GALLERY_CATEGORY_IDS, type GalleryCategoryId } from '@shoebox/contracts';
import type { TFunction } from 'i18next';

const isKnown = (id: string): id is GalleryCategoryId => (GALLERY_CATEGORY_IDS as readonly string[]).includes(id);

/** A category in the customer's language: the web's own text for a known id, else the service's (English) name. */
export function categoryName(t: TFunction<'widgets'>, id: string, serviceName?: string): string {
  return isKnown(id) ? t(`gallery.categories.${id}`) : (serviceName ?? id);
}
