import { PRINT_SIZES, type Photo, type PrintSize } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintLine } from '../lib/prints-lines';
import { QuantityInput } from './quantity-input';
import styles from './photo-line.module.css';

interface Props {
  index: number;
  line: PrintLine;
  photo: Photo | undefined;
  price: string;
  onChange: (line: PrintLine) => void;
}

/** One photo of the order: its thumbnail, its size and how many prints of it. */
export function PhotoLine({ index, line, photo, price, onChange }: Props) {
  const { t } = useTranslation('prints-editor');
  const id = useId();
  const name = t('line.name', { index: index + 1 });
  const thumbnail = photo?.thumbnails[0];
  return (
    <li className={styles.line} aria-label={name}>
      <div className={styles.thumb}>
        {thumbnail ? <img src={thumbnail.url} alt={photo.localFileName || name} width={thumbnail.width} height={thumbnail.height} /> : <span aria-hidden="true" />}
      </div>
      <div className={styles.fields}>
        <label htmlFor={`${id}-size`}>{t('line.size', { name })}</label>
        <select id={`${id}-size`} value={line.size} onChange={(e) => onChange({ ...line, size: e.target.value as PrintSize })}>
          {PRINT_SIZES.map((size) => (
            <option key={size} value={size}>
              {t(`sizes.${size}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-quantity`}>{t('line.quantity', { name })}</label>
        <QuantityInput id={`${id}-quantity`} value={line.quantity} onChange={(quantity) => onChange({ ...line, quantity })} />
      </div>
      <output className={styles.price} aria-label={t('line.price', { name })}>
        {price}
      </output>
    </li>
  );
}
