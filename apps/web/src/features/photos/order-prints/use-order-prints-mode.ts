import { useEffect, useState } from 'react';
import { useSelection } from '../stores/selection-context';

/** Order-prints mode: entered from selection mode's Order prints, left by its Cancel, and ended with selection mode. */
export function useOrderPrintsMode() {
  const { selection } = useSelection();
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!selection.active) setOn(false);
  }, [selection.active]);
  return { on: on && selection.active, enter: () => setOn(true), leave: () => setOn(false) };
}
