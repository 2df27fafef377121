import { DEFAULT_PRINT_SIZE, PRINT_SIZES, type PrintSize } from '@shoebox/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { QuantityInput } from './quantity-input';
import styles from './apply-to-all.module.css';

/** One size and quantity given to every photo at once. */
export function ApplyToAll({ onApply }: { onApply: (change: { size: PrintSize; quantity: number }) => void }) {
  const { t } = useTranslation('prints-editor');
  const [size, setSize] = useState<PrintSize>(DEFAULT_PRINT_SIZE);
  const [quantity, setQuantity] = useState(1);
  return (
    <fieldset className={styles.all}>
      <legend>{t('all.legend')}</legend>
      <label htmlFor="all-size">{t('all.size')}</label>
      <select id="all-size" value={size} onChange={(e) => setSize(e.target.value as PrintSize)}>
        {PRINT_SIZES.map((s) => (
          <option key={s} value={s}>
            {t(`sizes.${s}`)}
          </option>
        ))}
      </select>
      <label htmlFor="all-quantity">{t('all.quantity')}</label>
      <QuantityInput id="all-quantity" value={quantity} onChange={setQuantity} />
      <button type="button" className={buttonClass.secondary} onClick={() => onApply({ size, quantity })}>
        {t('all.apply')}
      </button>
    </fieldset>
  );
}
