import { PASSWORD_MAX_LENGTH } from '@shoebox/contracts';
import { errorAlert, escape, fill, layout, type LoginTexts, type PageFrame } from './pages.js';

/**
 * The sign-in page's own forms (decision 091): a forgotten password, a new password from the mailed link,
 * a new account and its confirmation. Every field is labelled, its hint and error are tied to it with
 * aria-describedby, the browser's own checks are off (novalidate: the server says what is wrong, in the
 * customer's language) and autocomplete tells password managers what each field is.
 */

type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface Field {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  maxlength: number;
  value?: string;
  hint?: string;
  error?: string;
  autofocus?: boolean;
}

function field(f: Field): string {
  const hint = f.hint ? `<p class="hint" id="${f.name}-hint">${escape(f.hint)}</p>` : '';
  const error = f.error ? `<p class="field-error" id="${f.name}-error">${escape(f.error)}</p>` : '';
  const describedBy = [f.hint ? `${f.name}-hint` : '', f.error ? `${f.name}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${f.name}">${escape(f.label)}</label>
  ${hint}<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required maxlength="${f.maxlength}"${
    f.type === 'password' ? '' : ` value="${escape(f.value ?? '')}"`
  }${f.error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${f.autofocus ? ' autofocus' : ''}>
  ${error}`;
}

/** The field to start in: the first one in error, else the first one. */
const focusOf = <K extends string>(order: K[], errors: FieldErrors<K>) => order.find((name) => errors[name]) ?? order[0];

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;

export function forgotPasswordPage(o: {
  frame: PageFrame;
  texts: LoginTexts;
  action: string;
  signIn: string;
  email?: string;
  /** What is wrong with the address. */
  fieldError?: string;
  /** A refusal of the request itself (too many). */
  error?: string;
}): string {
  const t = o.texts;
  return layout({
    frame: o.frame,
    title: t.forgotHeading,
    body: `<h1>${escape(t.forgotHeading)}</h1>
<p>${escape(t.forgotIntro)}</p>
${errorAlert(o.error ?? (o.fieldError ? t.formErrors : undefined))}
<form method="post" action="${escape(o.action)}" novalidate>
  ${field({ name: 'email', label: t.email, type: 'email', autocomplete: 'username', maxlength: 320, value: o.email, error: o.fieldError, autofocus: true })}
  <button type="submit">${escape(t.forgotSubmit)}</button>
</form>
<p class="switch"><a href="${escape(o.signIn)}">${escape(t.backToSignIn)}</a></p>`,
  });
}

export type ResetField = 'password';

export function resetPasswordPage(o: { frame: PageFrame; texts: LoginTexts; action: string; token: string; email: string; passwordHint: string; errors?: FieldErrors<ResetField> }): string {
  const t = o.texts;
  const errors = o.errors ?? {};
  return layout({
    frame: o.frame,
    title: t.resetHeading,
    body: `<h1>${escape(t.resetHeading)}</h1>
<p>${escape(fill(t.resetIntro, { email: o.email }))}</p>
${errorAlert(errors.password ? t.formErrors : undefined)}
<form method="post" action="${escape(o.action)}" novalidate>
  ${hidden('token', o.token)}
  <input type="email" name="username" autocomplete="username" value="${escape(o.email)}" hidden>
  ${field({ name: 'password', label: t.newPassword, type: 'password', autocomplete: 'new-password', maxlength: PASSWORD_MAX_LENGTH, hint: o.passwordHint, error: errors.password, autofocus: true })}
  <button type="submit">${escape(t.resetSubmit)}</button>
</form>`,
  });
}

export type RegisterField = 'firstName' | 'lastName' | 'email' | 'password';
const REGISTER_FIELDS: RegisterField[] = ['firstName', 'lastName', 'email', 'password'];

export function registerPage(o: {
  frame: PageFrame;
  texts: LoginTexts;
  action: string;
  signIn: string;
  passwordHint: string;
  values?: Partial<Record<Exclude<RegisterField, 'password'>, string>>;
  errors?: FieldErrors<RegisterField>;
  /** A refusal of the whole form (too many requests) rather than of a field. */
  error?: string;
}): string {
  const t = o.texts;
  const errors = o.errors ?? {};
  const values = o.values ?? {};
  const focus = focusOf(REGISTER_FIELDS, errors);
  const anyFieldError = REGISTER_FIELDS.some((name) => errors[name]);
  return layout({
    frame: o.frame,
    title: t.registerHeading,
    body: `<h1>${escape(t.registerHeading)}</h1>
${errorAlert(o.error ?? (anyFieldError ? t.formErrors : undefined))}
<form method="post" action="${escape(o.action)}" novalidate>
  ${field({ name: 'firstName', label: t.firstName, type: 'text', autocomplete: 'given-name', maxlength: 100, value: values.firstName, error: errors.firstName, autofocus: focus === 'firstName' })}
  ${field({ name: 'lastName', label: t.lastName, type: 'text', autocomplete: 'family-name', maxlength: 100, value: values.lastName, error: errors.lastName, autofocus: focus === 'lastName' })}
  ${field({ name: 'email', label: t.email, type: 'email', autocomplete: 'email', maxlength: 320, value: values.email, error: errors.email, autofocus: focus === 'email' })}
  ${field({ name: 'password', label: t.password, type: 'password', autocomplete: 'new-password', maxlength: PASSWORD_MAX_LENGTH, hint: o.passwordHint, error: errors.password, autofocus: focus === 'password' })}
  <button type="submit">${escape(t.registerSubmit)}</button>
</form>
<p class="switch">${escape(t.haveAccount)} <a href="${escape(o.signIn)}">${escape(t.submit)}</a></p>`,
  });
}

/** The mailed link's page: opening it changes nothing (mail scanners open links too); the button creates the account. */
export function confirmAccountPage(o: { frame: PageFrame; texts: LoginTexts; action: string; token: string; email: string }): string {
  const t = o.texts;
  return layout({
    frame: o.frame,
    title: t.confirmHeading,
    body: `<h1>${escape(t.confirmHeading)}</h1>
<p>${escape(fill(t.confirmIntro, { email: o.email }))}</p>
<form method="post" action="${escape(o.action)}" novalidate>
  ${hidden('token', o.token)}
  <button type="submit">${escape(t.confirmSubmit)}</button>
</form>`,
  });
}
