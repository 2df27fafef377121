import type { ProductKind } from '@shoebox/contracts';
import { useState } from 'react';
import { ProductArt } from './product-art';
import styles from './product-picture.module.css';

export interface PicturePhoto {
  url: string;
  width: number;
  height: number;
}

/**
 * The picture that stands for an order, product or project: the customer's own photo where there is one,
 * else a drawing of its kind of product. Decorative: the product's name stands beside it. A photo that
 * no longer loads (deleted from the library since) gives way to the drawing, never to a broken image.
 */
export function ProductPicture({ photo, kind, size = 'medium' }: { photo: PicturePhoto | null | undefined; kind: ProductKind | undefined; size?: 'small' | 'medium' }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`${styles.frame} ${styles[size]}`} data-product-picture={photo && !failed ? 'photo' : (kind ?? 'other')}>
      {photo && !failed ? (
        <img src={photo.url} width={photo.width} height={photo.height} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <ProductArt kind={kind} />
      )}
    </div>
  );
}
