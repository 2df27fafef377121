import { PRINTS_AUTOSELECT_PRODUCT, TEMP_SELECTION_MAX_PHOTOS } from '@shoebox/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { OrderCutoffNote } from '../../../components/order-cutoff/order-cutoff-note';
import { Tooltip } from '../../../components/ui/tooltip';
import toolbar from '../selection/selection-toolbar.module.css';
import { useSelection } from '../stores/selection-context';
import { PrintsOverlay } from './prints-overlay';
import { usePrintsHandOff } from './use-prints-hand-off';

export interface OrderPrintsBarProps {
  amount: number;
  everythingSelected: boolean;
  /** The selected photos' ids, asked for when Next is pressed (whole months are fetched then). */
  resolvePhotoIds: (signal: AbortSignal) => Promise<string[]>;
  /** Leaves order-prints mode, back to the selection toolbar with the same photos selected. */
  onCancel: () => void;
}

/**
 * The bottom bar of order-prints mode: Cancel, the amount selected with Select all / Deselect all, and
 * 'Next: Customise {amount} photo prints' (1 to 500 photos), which reads 'Selecting your photos...' while
 * the photos are handed over under the overlay. The browser then goes to the prints editor; a failure
 * closes the overlay and says 'Error transferring photos. Try again.', keeping the selection. Beside Next, on
 * screens wide enough for one line, the prints' order cut-off (decision 111); the editor's summary says it on all.
 */
export function OrderPrintsBar({ amount, everythingSelected, resolvePhotoIds, onCancel }: OrderPrintsBarProps) {
  const { t } = useTranslation('photos');
  const { dispatch } = useSelection();
  const handOff = usePrintsHandOff(() => toast.error(t('orderPrints.failed')));
  const { transferring } = handOff;
  const overLimit = amount > TEMP_SELECTION_MAX_PHOTOS;
  const nextDisabled = amount === 0 || overLimit || transferring;

  return (
    <>
      <div className={toolbar.spacer} aria-hidden="true" />
      <div className={toolbar.toolbar} role="region" aria-label={t('orderPrints.barLabel')}>
        <div className={toolbar.selection}>
          <button type="button" className={toolbar.plain} onClick={onCancel} disabled={transferring}>
            {t('selection.cancel')}
          </button>
          <span className={toolbar.amount} role="status">
            {t('selection.amountSelected', { amount })}
          </span>
          <button
            type="button"
            className={toolbar.plain}
            onClick={() => dispatch({ type: everythingSelected ? 'deselectAll' : 'selectAll' })}
            disabled={transferring}
          >
            {everythingSelected ? t('selection.deselectAll') : t('selection.selectAll')}
          </button>
        </div>
        <div className={toolbar.actions}>
          <OrderCutoffNote articleNames={[PRINTS_AUTOSELECT_PRODUCT]} className={toolbar.cutoff} />
          <Tooltip content={overLimit ? t('orderPrints.limit', { max: TEMP_SELECTION_MAX_PHOTOS }) : null}>
            <button
              type="button"
              className={`${toolbar.action} ${toolbar.primary}`}
              aria-disabled={nextDisabled || undefined}
              aria-busy={transferring || undefined}
              onClick={() => {
                if (!nextDisabled) void handOff.start(resolvePhotoIds);
              }}
            >
              {transferring ? t('orderPrints.selecting') : t('orderPrints.next', { count: amount })}
            </button>
          </Tooltip>
        </div>
      </div>
      {transferring && <PrintsOverlay amount={amount} />}
    </>
  );
}
