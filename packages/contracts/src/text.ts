import { z } from 'zod/mini';
import { documentedAs } from './documented-as.js';

/**
 * The one owner of "a text field a client sends". Control characters (C0, DEL, C1) have no meaning in
 * a name, an id or a cursor, and PostgreSQL cannot store a NUL at all. Unicode's line and paragraph
 * separators (U+2028, U+2029) are refused with them: every such field is a single line, and they break
 * a line as a line feed does (in a mail's subject, a made-up "Bcc:" line). Names that other people see
 * (an album's name in a shared album, a file name) also refuse the bidirectional embeddings, overrides
 * and isolates that make text read other than it is stored ("photo\u202Egpj.exe"). Half of a surrogate
 * pair on its own (JSON's "\ud800") is no character: stored, it would become U+FFFD and be answered back
 * other than it was sent, so it is refused too.
 */
const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029';
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069';
const CONTROL_CHARACTER = new RegExp(`[${CONTROL}]`);
const BIDI_CONTROL = new RegExp(`[${BIDI}]`);
const LONE_SURROGATE = /\p{Cs}/u;

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';
export const BIDI_CONTROL_MESSAGE = 'Must not contain text-direction controls';
export const LONE_SURROGATE_MESSAGE = 'Must not contain half of a surrogate pair';

export type TextProblem = 'control' | 'surrogate' | 'bidi';

/** Why a string is not acceptable text, for callers outside a schema (form checks, tus metadata). */
export function textProblem(value: string, o: { display?: boolean } = {}): TextProblem | undefined {
  if (CONTROL_CHARACTER.test(value)) return 'control';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  if (o.display && BIDI_CONTROL.test(value)) return 'bidi';
  return undefined;
}

const NOT_DISPLAY_TEXT = new RegExp(`[${CONTROL}${BIDI}]+`, 'g');

/**
 * Any string made into display text: control and text-direction characters become a space, halves of surrogate
 * pairs go. For text a client did not write itself (an error's message) and sends on.
 */
export const asDisplayText = (value: string) => value.replace(NOT_DISPLAY_TEXT, ' ').replace(new RegExp(LONE_SURROGATE, 'gu'), '');

/** A single-line string without control characters: every string a request carries starts here. */
export const text = () =>
  z.string().check(
    z.regex(new RegExp(`^[^${CONTROL}]*$`), { message: CONTROL_CHARACTER_MESSAGE, abort: true }),
    z.refine((value) => !LONE_SURROGATE.test(value), { message: LONE_SURROGATE_MESSAGE, abort: true }),
  );

/** A name other people may see: text, and no text-direction controls either. */
export const displayText = () => text().check(z.regex(new RegExp(`^[^${BIDI}]*$`), { message: BIDI_CONTROL_MESSAGE, abort: true }));

/**
 * Text a customer writes in a box rather than a field (a comment): display text whose lines are separated by
 * line feeds, the one control character it may hold.
 */
export const paragraphs = () =>
  z.string().check(
    z.regex(new RegExp(`^[^${CONTROL.replace('\\u0000-\\u001F', '\\u0000-\\u0009\\u000B-\\u001F')}${BIDI}]*$`), { message: CONTROL_CHARACTER_MESSAGE, abort: true }),
    z.refine((value) => !LONE_SURROGATE.test(value), { message: LONE_SURROGATE_MESSAGE, abort: true }),
  );

export const BLANK_MESSAGE = 'Must not be blank';

/**
 * Something besides spaces: a field that is trimmed and must not end up empty says so before trimming, where
 * the API document can show it (`\S` is exactly what String.prototype.trim leaves).
 */
export const notBlank = (message = BLANK_MESSAGE) => z.regex(/\S/, { message });

/** An id in a path or in a list of ids. */
export const idSchema = text().check(z.minLength(1), z.maxLength(64));

/** A whole number a query string carries, within bounds, and the value it takes when left out. */
export const queryInt = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);

/** An opaque paging cursor, handed back as the server gave it. */
export const cursorSchema = documentedAs(text().check(z.maxLength(512)), {
  description: 'Opaque: send back the `nextCursor` of the page before as it was given; any other value is a 400.',
});
