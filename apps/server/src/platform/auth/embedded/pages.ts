import { BRAND_NAMES, type Channel } from '@shoebox/contracts';

/**
 * The server-rendered pages of the embedded sign-in provider. No inline script; one stylesheet
 * (sign-in-style.ts). Texts are the web's `signIn` keys in the storefront's language (locale-catalog.ts).
 */
export interface LoginTexts {
  title: string;
  heading: string;
  email: string;
  password: string;
  submit: string;
  invalidCredentials: string;
  throttled: string;
  expiredHeading: string;
  expiredBody: string;
  startAgain: string;
  forgotPassword: string;
  newCustomer: string;
  createAccount: string;
  haveAccount: string;
  backToSignIn: string;
  goToSignIn: string;
  formErrors: string;
  emailInvalid: string;
  invalidCharacters: string;
  requestsThrottled: string;
  checkEmailHeading: string;
  forgotHeading: string;
  forgotIntro: string;
  forgotSubmit: string;
  forgotSentBody: string;
  resetHeading: string;
  resetIntro: string;
  newPassword: string;
  passwordHint: string;
  passwordTooShort: string;
  passwordTooLong: string;
  resetSubmit: string;
  resetDoneHeading: string;
  resetDoneBody: string;
  linkInvalidHeading: string;
  linkInvalidBody: string;
  registerHeading: string;
  firstName: string;
  lastName: string;
  firstNameRequired: string;
  lastNameRequired: string;
  nameTooLong: string;
  registerSubmit: string;
  registerSentBody: string;
  confirmHeading: string;
  confirmIntro: string;
  confirmSubmit: string;
  accountReadyHeading: string;
  accountReadyBody: string;
  accountExistsHeading: string;
  accountExistsBody: string;
}

/** The storefront a page is shown for: its brand's name in the masthead and its colours (the body's data-brand). */
export interface PageBrand {
  id: Channel['brand'];
  name: string;
}

export const brandOf = (channel: Channel): PageBrand => ({ id: channel.brand, name: BRAND_NAMES[channel.brand] });

/** Where a page is shown: its language and, for a storefront's customer, its brand. */
export interface PageFrame {
  lang: string;
  brand?: PageBrand;
}

export const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A text with its {{placeholders}} filled in; unknown ones stay as written. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (found, name: string) => (name in values ? String(values[name]) : found));

export function layout(o: { frame: PageFrame; title: string; body: string; scriptNonce?: string; script?: string }): string {
  const { lang, brand } = o.frame;
  return `<!doctype html>
<html lang="${escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(brand ? `${o.title} | ${brand.name}` : o.title)}</title>
<link rel="stylesheet" href="/oidc-assets/sign-in.css">
</head>
<body${brand ? ` data-brand="${escape(brand.id)}"` : ''}>
${brand ? `<header class="masthead"><p class="brand">${escape(brand.name)}</p></header>\n` : ''}<main class="card">${o.body}</main>
${o.script && o.scriptNonce ? `<script nonce="${o.scriptNonce}">${o.script}</script>` : ''}
</body>
</html>`;
}

/** The alert above a form: what went wrong, read out when the page arrives. */
export const errorAlert = (error: string | undefined, id = 'form-error') => (error ? `<p class="error" role="alert" id="${id}">${escape(error)}</p>` : '');

export function loginPage(o: {
  frame: PageFrame;
  texts: LoginTexts;
  action: string;
  /** The sign-in page's ways out: a forgotten password, a new account. */
  links: { forgotPassword: string; createAccount: string };
  email?: string;
  error?: string;
}): string {
  const t = o.texts;
  const described = o.error ? ' aria-describedby="sign-in-error"' : '';
  return layout({
    frame: o.frame,
    title: t.title,
    body: `<h1>${escape(t.heading)}</h1>
${errorAlert(o.error, 'sign-in-error')}
<form method="post" action="${escape(o.action)}" novalidate>
  <label for="email">${escape(t.email)}</label>
  <input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${escape(o.email ?? '')}"${described}${o.email ? '' : ' autofocus'}>
  <label for="password">${escape(t.password)}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${described}${o.email ? ' autofocus' : ''}>
  <p class="aside"><a href="${escape(o.links.forgotPassword)}">${escape(t.forgotPassword)}</a></p>
  <button type="submit">${escape(t.submit)}</button>
</form>
<p class="switch">${escape(t.newCustomer)} <a href="${escape(o.links.createAccount)}">${escape(t.createAccount)}</a></p>`,
  });
}

export function messagePage(o: { lang: string; brand?: PageBrand; title: string; heading: string; body: string; link: { href: string; label: string } }): string {
  return layout({
    frame: { lang: o.lang, brand: o.brand },
    title: o.title,
    body: `<h1>${escape(o.heading)}</h1><p>${escape(o.body)}</p><p><a class="button" href="${escape(o.link.href)}">${escape(o.link.label)}</a></p>`,
  });
}

/** The customer already chose to sign out in the account area: submit the provider's form straight away. */
export function autoSubmitLogoutPage(form: string, nonce: string): string {
  const withConsent = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout({
    frame: { lang: 'en' },
    title: 'Signing out',
    body: `${withConsent}<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>`,
    scriptNonce: nonce,
    script: `document.getElementById('op.logoutForm').submit();`,
  });
}
