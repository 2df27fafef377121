import type { BookPage, BookPhoto } from '@shoebox/contracts';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { useIsSmallScreen } from '../../../lib/media';
import { COVER, hasNext, hasPrevious, nextAt, previousAt, spreadStart, viewAt, type BookView } from '../lib/book-views';
import { useArrowKeys, useSwipe } from '../lib/use-page-turns';
import { BookCover } from './book-cover';
import { BookPageSheet } from './book-page';
import styles from './book-viewer.module.css';

interface BookViewerProps {
  title: string;
  cover: BookPhoto | null;
  pages: BookPage[];
}

/**
 * What a page (or the cover) is now: shown; lying unseen under what is shown as the next to turn to; turned past
 * (still laid out, unseen); or never reached (not drawn at all, so its photos are not fetched).
 */
type SlotState = 'shown' | 'next' | 'passed' | 'unreached';

/**
 * A book to leaf through: the cover, then two facing pages at a time (one on a phone), turned with the buttons
 * under it, the arrow keys or a swipe. The photos are measured where they are drawn (`sizes="auto"`), so each is
 * fetched in the size shown. Pages never reached are not drawn, so their photos are not fetched; the next pages
 * lie laid out but unseen under those shown, so theirs load before they are turned to. A page once drawn stays
 * laid out, unseen, after it is turned past: a measured image that loses its box (removed, or not drawn) is
 * fetched again at the screen's whole width. A book of many pages never loads all its photos at once.
 */
export function BookViewer({ title, cover, pages }: BookViewerProps) {
  const { t } = useTranslation('widgets');
  const perView = useIsSmallScreen() ? 1 : 2;
  const count = pages.length;
  const [state, setState] = useState({ at: COVER, forward: true });
  // A page stays in sight when the screen turns: its spread starts where it is.
  const at = spreadStart(state.at, perView);
  const view = viewAt(at, count, perView);
  const canGoBack = hasPrevious(at);
  const canGoOn = hasNext(at, count, perView);
  const upcoming = canGoOn ? viewAt(nextAt(at, count, perView), count, perView) : undefined;
  const drawn = [...(view.kind === 'pages' ? view.pages : []), ...(upcoming?.kind === 'pages' ? upcoming.pages : [])];
  const reached = useReached(drawn);
  const stateOf = (index: number): SlotState =>
    view.kind === 'pages' && view.pages.includes(index) ? 'shown' : upcoming?.kind === 'pages' && upcoming.pages.includes(index) ? 'next' : reached.has(index) ? 'passed' : 'unreached';

  const next = useCallback(() => setState((s) => ({ at: nextAt(spreadStart(s.at, perView), count, perView), forward: true })), [count, perView]);
  const previous = useCallback(() => setState((s) => ({ at: previousAt(spreadStart(s.at, perView), perView), forward: false })), [perView]);
  useArrowKeys(previous, next);
  const swipe = useSwipe(previous, next);

  return (
    <div className={styles.viewer}>
      <div className={styles.stage} data-per-view={perView} data-forward={state.forward} {...swipe}>
        <Slot state={view.kind === 'cover' ? 'shown' : 'passed'} column="all">
          <BookCover title={title} cover={cover} />
        </Slot>
        {pages.map((page, index) => (
          <Slot key={index} state={stateOf(index)} column={perView === 1 || index % 2 === 0 ? 1 : 2}>
            <BookPageSheet page={page} number={index + 1} side={perView === 1 ? 'single' : index % 2 === 0 ? 'left' : 'right'} />
          </Slot>
        ))}
      </div>
      <nav className={styles.controls} aria-label={t('shared.turnPages')}>
        {/* aria-disabled, not disabled: the button keeps the focus at the first and last page. */}
        <button type="button" className={`${buttonClass.secondary} ${styles.turnButton}`} aria-disabled={!canGoBack} onClick={canGoBack ? previous : undefined}>
          <span aria-hidden="true">←</span> <span className={styles.turnLabel}>{t('shared.previous')}</span>
        </button>
        <p className={styles.indicator} aria-live="polite">
          {indicator(view, count, t)}
        </p>
        <button type="button" className={`${buttonClass.secondary} ${styles.turnButton}`} aria-disabled={!canGoOn} onClick={canGoOn ? next : undefined}>
          <span className={styles.turnLabel}>{t('shared.next')}</span> <span aria-hidden="true">→</span>
        </button>
      </nav>
      <p className={styles.hint}>{t('shared.turnHint')}</p>
    </div>
  );
}

/** A place on the open book: the left or right of a spread (or the whole width, for the cover). Only what is shown is seen, or read out. */
function Slot({ state, column, children }: { state: SlotState; column: 1 | 2 | 'all'; children: ReactNode }) {
  const unseen = state === 'next' || state === 'passed';
  return (
    <div className={styles.slot} data-state={state} data-column={column} hidden={state === 'unreached'} aria-hidden={unseen || undefined} inert={unseen}>
      {children}
    </div>
  );
}

/** The pages drawn so far: those shown or lying next, from every turn until now. */
function useReached(drawn: number[]): ReadonlySet<number> {
  const [reached, setReached] = useState<ReadonlySet<number>>(() => new Set(drawn));
  // By value: `drawn` is a new array on every render.
  const key = drawn.join(',');
  useEffect(() => {
    const now = key === '' ? [] : key.split(',').map(Number);
    setReached((before) => (now.every((i) => before.has(i)) ? before : new Set([...before, ...now])));
  }, [key]);
  return reached;
}

/** Where the reader is, as the line between the buttons says it (and a screen reader hears on each turn). */
function indicator(view: BookView, count: number, t: TFunction<'widgets'>): string {
  if (view.kind === 'cover') return t('shared.coverShown');
  const first = view.pages[0]! + 1;
  const last = view.pages.at(-1)! + 1;
  return first === last ? t('shared.pageOf', { page: first, total: count }) : t('shared.pagesOf', { first, last, total: count });
}
