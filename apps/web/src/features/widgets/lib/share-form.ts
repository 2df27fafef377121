import { SHARE_MESSAGE_MAX_LENGTH, widgetShareQuerySchema } from '@shoebox/contracts';
import { useForm, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { z } from 'zod/mini';
import type { ShareInput } from '../api/share-widget';

export type ShareField = keyof ShareInput;
/** What a field's last check found, as the key of its message. */
export type ShareProblem = 'nameRequired' | 'nameInvalid' | 'emailRequired' | 'emailInvalid' | 'messageTooLong' | 'messageInvalid';

/** The address as typed; its base64 form is what the contract's rule (and the server) checks. */
const emailSchema = z.email().check(z.maxLength(320));
const fromNameSchema = widgetShareQuerySchema.shape.fromName;
const messageSchema = widgetShareQuerySchema.shape.personalMessage;

/** Checks the fields with the contract's share rules, the ones the server applies to the PUT. */
const resolver: Resolver<ShareInput> = async (values): Promise<ResolverResult<ShareInput>> => {
  const errors: FieldErrors<ShareInput> = {};
  const fail = (field: ShareField, problem: ShareProblem) => (errors[field] = { type: 'validate', message: problem });
  const fromName = z.safeParse(fromNameSchema, values.fromName);
  if (!fromName.success) fail('fromName', values.fromName.trim() === '' ? 'nameRequired' : 'nameInvalid');
  const toEmail = values.toEmail.trim();
  if (toEmail === '') fail('toEmail', 'emailRequired');
  else if (!z.safeParse(emailSchema, toEmail).success) fail('toEmail', 'emailInvalid');
  const message = z.safeParse(messageSchema, values.personalMessage);
  if (!message.success) fail('personalMessage', values.personalMessage.length > SHARE_MESSAGE_MAX_LENGTH ? 'messageTooLong' : 'messageInvalid');
  if (!fromName.success || Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { fromName: fromName.data, toEmail, personalMessage: values.personalMessage }, errors: {} };
};

export const EMPTY_SHARE: ShareInput = { fromName: '', toEmail: '', personalMessage: '' };

/** The share form, checked on submit only. */
export function useShareForm() {
  const form = useForm<ShareInput>({ defaultValues: EMPTY_SHARE, resolver, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const problem = (field: ShareField) => form.formState.errors[field]?.message as ShareProblem | undefined;
  return { form, problem };
}
