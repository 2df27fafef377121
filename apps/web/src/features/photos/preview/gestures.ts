/** Spec §9: a swipe or a drag down counts once it has covered 35% of the stage's width or height. */
export const SWIPE_FRACTION = 0.35;
/** Spec §9: zoom toggles between 1 and 2.5. */
export const ZOOM_SCALE = 2.5;
/** Spec §9: two taps within 200 ms are a double tap. */
export const DOUBLE_TAP_MS = 200;
/** A pointer that moved less than this (in pixels) tapped or clicked; further, it dragged. */
export const TAP_SLOP = 10;

export type SwipeOutcome = 'next' | 'previous' | 'close' | null;

/**
 * What a finished touch drag does: left or right past 35% of the width moves to the next or previous photo,
 * down past 35% of the height closes the preview, anything shorter springs back.
 */
export function swipeOutcome(dx: number, dy: number, width: number, height: number): SwipeOutcome {
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (width > 0 && Math.abs(dx) > SWIPE_FRACTION * width) return dx < 0 ? 'next' : 'previous';
    return null;
  }
  if (height > 0 && dy > SWIPE_FRACTION * height) return 'close';
  return null;
}
