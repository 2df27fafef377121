import type { Locale } from './locales.js';

/**
 * Spec §9: the storefronts whose customers are asked for feedback, by their language (de-DE is not among them).
 * Apart from the feedback's schema, so that the shell, which shows the button, does not carry the schema.
 */
export const FEEDBACK_LOCALES = ['en-GB', 'nl-NL', 'es-ES', 'fr-FR', 'nl-BE', 'de-AT', 'it-IT', 'da-DK', 'pt-PT', 'nb-NO', 'sv-SE'] as const satisfies readonly Locale[];
export const feedbackAskedIn = (locale: string) => (FEEDBACK_LOCALES as readonly string[]).includes(locale);
