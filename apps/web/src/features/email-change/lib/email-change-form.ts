import { emailChangeRequestSchema, type EmailChangeRequest } from '@shoebox/contracts';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

export interface EmailChangeFormValues {
  email: string;
}

/** What the last check found: no address at all, or one the contracts' rule refuses. */
export type EmailProblem = 'required' | 'invalid';

/** Checks the new address with the contracts' rule, the one the server applies, adding the page's channel. */
const resolverFor =
  (channel: string): Resolver<EmailChangeFormValues, unknown, EmailChangeRequest> =>
  async (values) => {
    const email = values.email.trim();
    const parsed = z.safeParse(emailChangeRequestSchema, { email, channel });
    if (parsed.success) return { values: parsed.data, errors: {} };
    const problem: EmailProblem = email === '' ? 'required' : 'invalid';
    const errors: FieldErrors<EmailChangeFormValues> = { email: { type: problem, message: problem } };
    return { values: {}, errors };
  };

/** The new-address form, checked on submit only (as every form of the account area). */
export function useEmailChangeForm(channel: string) {
  const form = useForm<EmailChangeFormValues, unknown, EmailChangeRequest>({
    defaultValues: { email: '' },
    resolver: resolverFor(channel),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const problem = form.formState.errors.email?.message as EmailProblem | undefined;
  return { form, problem };
}
