/** The server-rendered pages of the embedded sign-in provider. No inline script; one stylesheet. */
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
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function layout(lang: string, title: string, body: string, scriptNonce?: string, script?: string): string {
  return `<!doctype html>
<html lang="${escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/oidc-assets/sign-in.css">
</head>
<body>
<main class="card">${body}</main>
${script && scriptNonce ? `<script nonce="${scriptNonce}">${script}</script>` : ''}
</body>
</html>`;
}

export function loginPage(o: {
  lang: string;
  texts: LoginTexts;
  action: string;
  email?: string;
  error?: string;
}): string {
  const t = o.texts;
  const error = o.error ? `<p class="error" role="alert" id="sign-in-error">${escape(o.error)}</p>` : '';
  const described = o.error ? ' aria-describedby="sign-in-error"' : '';
  return layout(
    o.lang,
    t.title,
    `<h1>${escape(t.heading)}</h1>
${error}
<form method="post" action="${escape(o.action)}" novalidate>
  <label for="email">${escape(t.email)}</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escape(o.email ?? '')}"${described}${o.email ? '' : ' autofocus'}>
  <label for="password">${escape(t.password)}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${described}${o.email ? ' autofocus' : ''}>
  <button type="submit">${escape(t.submit)}</button>
</form>`,
  );
}

export function messagePage(o: { lang: string; title: string; heading: string; body: string; link: { href: string; label: string } }): string {
  return layout(
    o.lang,
    o.title,
    `<h1>${escape(o.heading)}</h1><p>${escape(o.body)}</p><p><a class="button" href="${escape(o.link.href)}">${escape(o.link.label)}</a></p>`,
  );
}

/** The customer already chose to sign out in the account area: submit the provider's form straight away. */
export function autoSubmitLogoutPage(form: string, nonce: string): string {
  const withConsent = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    'en',
    'Signing out',
    `${withConsent}<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>`,
    nonce,
    `document.getElementById('op.logoutForm').submit();`,
  );
}

export const SIGN_IN_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f1ec;color:#1d1d1f;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.card{width:min(400px,calc(100vw - 32px));background:#fff;border-radius:12px;padding:32px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 24px}
label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;padding:10px 12px;border:1px solid #6b6b6b;border-radius:8px;font:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #005fcc;outline-offset:2px}
button,.button{display:inline-block;margin-top:24px;width:100%;padding:12px;border:0;border-radius:8px;background:#0b5c4a;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:#084536}
.error{background:#fdecea;color:#8a1c12;border-radius:8px;padding:12px;margin:0 0 8px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}
.card.wide{width:min(720px,calc(100vw - 32px))}
`;
