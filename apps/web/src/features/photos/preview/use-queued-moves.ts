import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PreviewPosition } from './photo-preview';

export type MoveDirection = 'previous' | 'next';

/**
 * Moves to the previous or the next photo one after the other. A move goes to its photo's address; a move asked
 * before the preview shows that photo waits for it and then moves on from there. (Made at once it would move
 * from the photo still shown: Right then Left would land one photo before the start, not back on it.)
 */
export function useQueuedMoves(photoId: string, position: PreviewPosition): (direction: MoveDirection) => void {
  const movingTo = useRef<string | undefined>(undefined);
  const [queued, setQueued] = useState<MoveDirection[]>([]);

  const move = (direction: MoveDirection) => {
    if (movingTo.current !== undefined && movingTo.current !== photoId) {
      setQueued((moves) => [...moves, direction]);
      return;
    }
    movingTo.current = (direction === 'next' ? position.next : position.previous)?.imageId;
    if (direction === 'next') position.goNext();
    else position.goPrevious();
  };
  const latest = useRef(move);
  useLayoutEffect(() => {
    latest.current = move;
  });

  useEffect(() => {
    const [first, ...rest] = queued;
    if (!first || (movingTo.current !== undefined && movingTo.current !== photoId)) return;
    setQueued(rest);
    latest.current(first);
  }, [photoId, queued]);

  return move;
}
