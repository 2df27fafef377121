import { MAX_PRINTS_PER_PHOTO } from '@shoebox/contracts';
import { useEffect, useState } from 'react';

/**
 * A number of prints, 1 to MAX_PRINTS_PER_PHOTO. While typed it may be empty for a moment; on leaving the
 * field it settles to the nearest allowed number, so the order never carries a quantity the server refuses.
 */
export function QuantityInput({ id, value, onChange }: { id: string; value: number; onChange: (quantity: number) => void }) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const clamp = (n: number) => Math.min(MAX_PRINTS_PER_PHOTO, Math.max(1, Math.round(n)));
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_PRINTS_PER_PHOTO}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isFinite(n)) onChange(clamp(n));
      }}
      onBlur={() => setDraft(String(value))}
    />
  );
}
