import { PRINT_ARTICLES, PRINT_SIZES, PRINTS_AUTOSELECT_PRODUCT, type PlacePrintsOrder, type SuperOrder } from '@shoebox/contracts';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../../../api/storefront/get-catalogue';
import { OrderCutoffNote } from '../../../components/order-cutoff/order-cutoff-note';
import { buttonClass } from '../../../components/ui/button';
import { useServices } from '../../../lib/services';
import type { EditorSource } from '../api/editor-source';
import { usePlacePrintsOrder } from '../api/place-prints-order';
import { useSelectedPhotos } from '../api/get-selected-photo';
import { moneyFormatter } from '../lib/format-money';
import { placeFailureKey } from '../lib/place-failure';
import { deliveryResolver, emptyOrderForm, type CheckedDelivery, type PrintsOrderForm } from '../lib/prints-order-form';
import { useDefaultDeliveryAddress } from '../lib/use-default-delivery-address';
import { linesTotal, printCount, restoreLines, type PrintLine } from '../lib/prints-lines';
import { useVoucherDiscount } from '../lib/use-voucher-discount';
import { ApplyToAll } from './apply-to-all';
import { DeliveryFields } from './delivery-fields';
import { OrderPlaced } from './order-placed';
import { PhotoLine } from './photo-line';
import { SaveProjectButton } from './save-project-button';
import { VoucherField } from './voucher-field';
import styles from './prints-editor.module.css';

/** What one press of Place order sends, and the requestId it keeps while the order stays the same. */
interface Attempt {
  content: string;
  requestId: string;
}

/** The editor: a size and quantity per photo, the running total, delivery, Save project and Place order. */
export function PrintsEditor({ source }: { source: EditorSource }) {
  const { t, i18n } = useTranslation('prints-editor');
  const { channel } = useServices();
  const catalogue = useCatalogue(i18n.language);
  const [lines, setLines] = useState<PrintLine[]>(() => restoreLines(source.photoIds, source.project?.editorState));
  const photos = useSelectedPhotos(source.photoIds);
  const money = useMemo(() => moneyFormatter(channel), [channel]);
  const countryName = useMemo(() => new Intl.DisplayNames([channel.locale], { type: 'region' }).of(channel.country) ?? channel.country, [channel]);
  const form = useForm<PrintsOrderForm, unknown, CheckedDelivery>({
    defaultValues: emptyOrderForm(),
    resolver: deliveryResolver(channel.country),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  useDefaultDeliveryAddress(form, channel.country);
  const place = usePlacePrintsOrder();
  const attempt = useRef<Attempt | null>(null);
  // Set at once, not at the next render: both clicks of a double click get here before the button is disabled.
  const sending = useRef(false);
  const [placed, setPlaced] = useState<SuperOrder | null>(null);
  const [voucherCode, setVoucherCode] = useState<string | null>(null);
  const voucher = useVoucherDiscount(voucherCode, lines, channel.currency);

  if (placed) return <OrderPlaced order={placed} />;

  const discount = voucher.kind === 'applied' ? voucher.discount : 0;
  const total = linesTotal(lines, channel.currency) - discount;
  // Each size is an article of its own: the product is named by the articles of the sizes chosen, in the catalogue's words.
  const articles = lines.length ? PRINT_SIZES.filter((size) => lines.some((line) => line.size === size)).map((size) => PRINT_ARTICLES[size]) : [PRINTS_AUTOSELECT_PRODUCT];
  const product = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format([...new Set(articles.map((article) => catalogue.title(article, t('product.name'))))]);
  const update = (index: number, line: PrintLine) => setLines((all) => all.map((l, i) => (i === index ? line : l)));

  const submit = (delivery: CheckedDelivery) => {
    if (sending.current) return;
    const order: Omit<PlacePrintsOrder, 'requestId'> = {
      tempSelectionId: source.tempSelectionId,
      productCode: PRINTS_AUTOSELECT_PRODUCT,
      channel: channel.code,
      lines,
      ...delivery,
      // Only a voucher that applies to the order as it stands; the server checks it again.
      ...(voucher.kind === 'applied' ? { voucherCode: voucher.offer.voucherOptionCode } : {}),
    };
    // A retry of the same order (a lost answer, a second click) carries the same requestId, so the server makes one order.
    const content = JSON.stringify(order);
    if (attempt.current?.content !== content) attempt.current = { content, requestId: crypto.randomUUID() };
    sending.current = true;
    place.mutate(
      { ...order, requestId: attempt.current.requestId },
      {
        onSuccess: setPlaced,
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <form className={styles.editor} onSubmit={form.handleSubmit(submit)} noValidate>
      <section className={styles.product} aria-labelledby="prints-product">
        <h2 id="prints-product">{t('product.heading')}</h2>
        <p>
          <strong>{product}</strong>
        </p>
      </section>

      <ApplyToAll onApply={(change) => setLines((all) => all.map((line) => ({ ...line, ...change })))} />

      <section aria-labelledby="prints-photos">
        <h2 id="prints-photos">{t('photos.heading', { count: lines.length })}</h2>
        <ul className={styles.lines} aria-label={t('photos.listLabel')}>
          {lines.map((line, index) => (
            <PhotoLine
              key={line.photoId}
              index={index}
              line={line}
              photo={photos[index]?.data}
              price={money(linesTotal([line], channel.currency))}
              onChange={(changed) => update(index, changed)}
            />
          ))}
        </ul>
      </section>

      <DeliveryFields register={form.register} errors={form.formState.errors} deliveryType={form.watch('deliveryType')} countryName={countryName} />

      <section className={styles.summary} aria-labelledby="prints-summary">
        <h2 id="prints-summary">{t('summary.heading')}</h2>
        <p>{t('summary.prints', { count: printCount(lines) })}</p>
        <VoucherField voucher={voucher} onApply={setVoucherCode} money={money} />
        {discount > 0 && <p>{t('summary.discount', { amount: money(discount) })}</p>}
        <p className={styles.total} aria-live="polite">
          {t('summary.total', { total: money(total) })}
        </p>
        <OrderCutoffNote articleNames={[PRINTS_AUTOSELECT_PRODUCT]} />
        {place.isError && (
          <p className={styles.error} role="alert">
            {t(placeFailureKey(place.error))}
          </p>
        )}
        <div className={styles.actions}>
          <SaveProjectButton source={source} lines={lines} />
          <button type="submit" className={buttonClass.primary} disabled={place.isPending} aria-busy={place.isPending || undefined}>
            {t(place.isPending ? 'actions.placing' : 'actions.place')}
          </button>
        </div>
      </section>
    </form>
  );
}
