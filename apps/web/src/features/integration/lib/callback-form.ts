import { CALLBACK_FORMATS, callbackUrlSchema, type CallbackFormat, type FtpIntegration } from '@shoebox/contracts';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod/mini';

export type CallbackValues = { callbackUrl: string; callbackFormat: CallbackFormat };
export type CallbackSettings = { callbackUrl: string; callbackFormat: CallbackFormat };

/** Why an address was refused: plain http gets its own message, anything else is not a full https address. */
export type CallbackProblem = 'notHttps' | 'invalidUrl' | 'formatRequired';

const isPlainHttp = (value: string) => /^http:\/\//i.test(value.trim());

/** Checks with the contracts' rule (https only, known formats), the one the server applies to the PATCH. */
const resolver: Resolver<CallbackValues, unknown, CallbackSettings> = async (values) => {
  const url = z.safeParse(callbackUrlSchema, values.callbackUrl);
  const format = z.safeParse(z.enum(CALLBACK_FORMATS), values.callbackFormat);
  if (url.success && format.success) {
    const settings: CallbackSettings = { callbackUrl: url.data, callbackFormat: format.data };
    return { values: settings, errors: {} };
  }
  const errors: FieldErrors<CallbackValues> = {};
  if (!url.success) errors.callbackUrl = { type: 'url', message: isPlainHttp(values.callbackUrl) ? 'notHttps' : 'invalidUrl' };
  if (!format.success) errors.callbackFormat = { type: 'format', message: 'formatRequired' };
  return { values: {}, errors };
};

/** The callback form, filled with the present settings (JSON until one is chosen), checked on submit only. */
export function useCallbackForm(integration: FtpIntegration | null) {
  const form = useForm<CallbackValues, unknown, CallbackSettings>({
    defaultValues: { callbackUrl: integration?.callbackUrl ?? '', callbackFormat: integration?.callbackFormat ?? CALLBACK_FORMATS[0] },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const problem = (field: keyof CallbackValues) => form.formState.errors[field]?.message as CallbackProblem | undefined;
  return { form, problem };
}
