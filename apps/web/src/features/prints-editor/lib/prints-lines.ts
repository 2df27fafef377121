import { DEFAULT_PRINT_SIZE, PRINT_SIZES, printLinePrice, type PrintCurrency, type PrintSize } from '@shoebox/contracts';
import { z } from 'zod/mini';

/** What the customer chose for one photo. */
export interface PrintLine {
  photoId: string;
  size: PrintSize;
  quantity: number;
}

export const newLines = (photoIds: readonly string[]): PrintLine[] => photoIds.map((photoId) => ({ photoId, size: DEFAULT_PRINT_SIZE, quantity: 1 }));

export const linesTotal = (lines: readonly PrintLine[], currency: PrintCurrency) => lines.reduce((sum, line) => sum + printLinePrice(line, currency), 0);

export const printCount = (lines: readonly PrintLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * The editor's state as a saved project keeps it. Read back leniently: a line whose photo has left the
 * selection, or whose size the price list no longer has, falls back to the defaults.
 */
const savedStateSchema = z.object({
  lines: z.array(z.object({ photoId: z.string(), size: z.enum(PRINT_SIZES), quantity: z.int().check(z.minimum(1)) })),
});
export type PrintsProjectState = z.infer<typeof savedStateSchema>;

export function restoreLines(photoIds: readonly string[], saved: unknown): PrintLine[] {
  const parsed = z.safeParse(savedStateSchema, saved);
  const byPhoto = new Map(parsed.success ? parsed.data.lines.map((line) => [line.photoId, line]) : []);
  return newLines(photoIds).map((line) => byPhoto.get(line.photoId) ?? line);
}
