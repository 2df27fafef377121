import { createContext, useContext, useReducer, type Dispatch, type ReactNode } from 'react';
import { emptySelection, selectionReducer, type SelectionAction, type SelectionState } from './selection';

const SelectionContext = createContext<{ selection: SelectionState; dispatch: Dispatch<SelectionAction> } | null>(null);

/** The photos page's selection: one per page, gone when the page goes. */
export function SelectionProvider({ children }: { children: ReactNode }) {
  const [selection, dispatch] = useReducer(selectionReducer, emptySelection);
  return <SelectionContext.Provider value={{ selection, dispatch }}>{children}</SelectionContext.Provider>;
}

export function useSelection() {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('useSelection outside SelectionProvider');
  return value;
}
