/**
 * The one stylesheet of the sign-in pages (and the development mailbox). Each brand's colours are custom
 * properties under the body's data-brand: Printhaven's green is the account area's own accent
 * (apps/web/src/app/global.css), Albumly's is plum. Every colour pair keeps at least 4.5:1 contrast.
 */
export const SIGN_IN_CSS = `
*{box-sizing:border-box}
body{--accent:#0b6b55;--accent-strong:#084536;--accent-soft:#e3f1ec;--page:#f4f1ec;margin:0;min-height:100vh;background:var(--page);color:#1d1d1f;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body[data-brand="albumly"]{--accent:#7a2e6b;--accent-strong:#5a1f4f;--accent-soft:#f6e9f3;--page:#f6f1f4}
.masthead{background:var(--accent-strong);color:#fff;padding:14px 24px}
.brand{margin:0;font-size:1.5rem;font-weight:800;letter-spacing:.02em;line-height:1.2}
.brand::before{content:"";display:inline-block;width:.8em;height:.8em;margin-right:.4em;border-radius:.2em;background:var(--accent-soft);vertical-align:-.05em}
.card{width:min(440px,calc(100vw - 32px));margin:40px auto;background:#fff;border-radius:12px;border-top:4px solid var(--accent);padding:32px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 16px}
label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;padding:10px 12px;border:1px solid #6b6b6b;border-radius:8px;font:inherit}
input[aria-invalid="true"]{border:2px solid #b3261e}
a{color:var(--accent-strong)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #005fcc;outline-offset:2px}
button,.button{display:inline-block;margin-top:24px;width:100%;padding:12px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:var(--accent-strong)}
.error{background:#fdecea;color:#8a1c12;border-radius:8px;padding:12px;margin:0 0 8px}
.hint{margin:0 0 4px;color:#4a4a4f;font-size:.9375rem}
.field-error{margin:4px 0 0;color:#8a1c12;font-weight:600;font-size:.9375rem}
.aside{margin:8px 0 0;text-align:right}
.switch{margin:24px 0 0;padding-top:16px;border-top:1px solid #e2ddd5;text-align:center}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}
.card.wide{width:min(720px,calc(100vw - 32px))}
@media (max-width:480px){.masthead{padding:12px 16px}.card{margin:16px auto;padding:24px 20px}}
`;
