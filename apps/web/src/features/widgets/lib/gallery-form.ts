import { updateGalleryEntrySchema, type UpdateGalleryEntry } from '@shoebox/contracts';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

export type GalleryProblem = 'categoryRequired' | 'titleRequired' | 'titleInvalid';

/** Checks the category and title with the contract's rule for a gallery entry. */
const resolver: Resolver<UpdateGalleryEntry> = async (values) => {
  const parsed = z.safeParse(updateGalleryEntrySchema, values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<UpdateGalleryEntry> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof UpdateGalleryEntry;
    const problem: GalleryProblem = field === 'categoryId' ? 'categoryRequired' : values.title.trim() === '' ? 'titleRequired' : 'titleInvalid';
    errors[field] ??= { type: issue.code, message: problem };
  }
  return { values: {}, errors };
};

/** The gallery entry's form (category and title), checked on submit only. */
export function useGalleryForm(initial: UpdateGalleryEntry) {
  const form = useForm<UpdateGalleryEntry>({ defaultValues: initial, resolver, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const problem = (field: keyof UpdateGalleryEntry) => form.formState.errors[field]?.message as GalleryProblem | undefined;
  return { form, problem };
}
