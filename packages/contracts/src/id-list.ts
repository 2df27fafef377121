import { z } from 'zod/mini';
import { documentedAs } from './documented-as.js';
import { idSchema } from './text.js';

export const LISTED_TWICE_MESSAGE = 'Each photo may be listed once';

/** A list of `min` to `max` photo ids, each at most once (the API document's uniqueItems). */
export const distinctIdList = (min: number, max: number) =>
  documentedAs(
    z.array(idSchema).check(
      z.minLength(min),
      z.maxLength(max),
      z.refine((ids) => new Set(ids).size === ids.length, { message: LISTED_TWICE_MESSAGE }),
    ),
    { keywords: { uniqueItems: true } },
  );
