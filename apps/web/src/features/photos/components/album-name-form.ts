import { zodResolver } from '@hookform/resolvers/zod';
import { albumNameSchema, type AlbumNameProblem } from '@shoebox/contracts';
import { useForm, type FieldError } from 'react-hook-form';
import { z } from 'zod/mini';

/** The message an empty name's issue carries, so it gets 'Please give your album a name' rather than 'Name not valid'. */
const REQUIRED = 'required';

/**
 * A form holding an album name, checked by the contracts' album-name rule (the one the server applies to
 * create and rename). An empty name is told apart first, as the spec gives it its own message.
 */
export const albumNameFormSchema = z.object({
  name: z.pipe(z.string().check(z.minLength(1, { error: REQUIRED })), albumNameSchema),
});
export type AlbumNameFormValues = z.infer<typeof albumNameFormSchema>;

/** What the last submit found wrong with the name, as the field shows it. */
const albumNameProblemOf = (error: FieldError | undefined): AlbumNameProblem | undefined =>
  error ? (error.message === REQUIRED ? 'required' : 'invalid') : undefined;

/**
 * The form every album name is typed into (the album name dialog, Copy to album's new album): checked on
 * submit only, and a corrected name keeps its message until the next submit (photo-library §5); a bad name
 * takes the focus. `nameField` is what `AlbumNameField` takes; `handleSubmit` calls back with a valid name.
 */
export function useAlbumNameForm(initialName = '') {
  const { register, handleSubmit, formState } = useForm<AlbumNameFormValues>({
    defaultValues: { name: initialName },
    resolver: zodResolver(albumNameFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  return {
    handleSubmit,
    submitting: formState.isSubmitting,
    nameField: { inputProps: register('name'), problem: albumNameProblemOf(formState.errors.name) },
  };
}
