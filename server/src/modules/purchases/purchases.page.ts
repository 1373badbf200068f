import type { ProductDefinition } from '../../../../common/contracts/purchases.ts';
import { escapeHtml } from '../../lib/http/html.ts';

/** The sandbox page's own policy: its inline styles and its two forms, nothing else. */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);
}

/** The embedded sandbox's checkout page: clearly test mode; Confirm or Cancel. */
export function sandboxCheckoutHtml(input: { purchaseId: string; product: ProductDefinition; currency: string; status: string; email: string }): string {
  const { product } = input;
  const price = formatPrice(product.amount, input.currency);
  const what =
    product.kind === 'gems'
      ? `${product.gems} gems`
      : `${product.name} subscription, ${price} a ${product.interval}${product.interval === 'year' ? ` (about ${formatPrice(product.monthlyAmount, input.currency)} a month)` : ''}`;
  const id = escapeHtml(input.purchaseId);
  const open = input.status === 'pending';
  const closed =
    input.status === 'paid'
      ? '<p class="note">This checkout is paid.</p>'
      : input.status === 'canceled'
        ? '<p class="note">This checkout was canceled.</p>'
        : `<p class="note">This checkout is ${escapeHtml(input.status)}.</p>`;
  const back = product.kind === 'gems' ? '/gems' : '/premium';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout · Reelhouse</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f1420;color:#e8ecf4;min-height:100vh}
.banner{background:repeating-linear-gradient(135deg,#f59e0b,#f59e0b 14px,#d97706 14px,#d97706 28px);color:#1a1204;font-weight:800;letter-spacing:.08em;text-align:center;padding:10px 12px;font-size:14px}
main{max-width:440px;margin:40px auto;padding:0 16px}
.card{background:#182033;border:1px solid #2a3550;border-radius:16px;padding:24px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#9aa6bf;font-size:14px;margin:0 0 20px}
.line{display:flex;justify-content:space-between;gap:12px;padding:12px 0;border-top:1px solid #2a3550;font-size:15px}
.total{font-weight:700;font-size:18px;font-variant-numeric:tabular-nums}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:20px}
button,a.btn{display:block;width:100%;min-height:44px;border-radius:10px;font-size:16px;font-weight:600;border:0;cursor:pointer;text-align:center;text-decoration:none;line-height:44px}
.confirm{background:#f5b942;color:#1a1204}.cancel{background:transparent;color:#e8ecf4;border:1px solid #3a4766 !important}
button:focus-visible,a.btn:focus-visible{outline:3px solid #8ab4ff;outline-offset:2px}
.note{background:#22304d;border-radius:10px;padding:12px;font-size:14px}
.test{font-size:13px;color:#f5b942;margin-top:16px;text-align:center}
</style></head>
<body><div class="banner" role="status">TEST MODE · no real payment is made</div>
<main><div class="card">
<h1>Reelhouse checkout</h1><p class="muted">Sandbox payment for ${escapeHtml(input.email)}</p>
<div class="line"><span>${escapeHtml(what)}</span></div>
<div class="line"><span>Total</span><span class="total" data-testid="sandbox-total">${escapeHtml(price)}</span></div>
${
  open
    ? `<div class="actions">
<form method="post" action="/api/purchases/sandbox/${id}/confirm"><button class="confirm" type="submit">Confirm test payment</button></form>
<form method="post" action="/api/purchases/sandbox/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>`
    : `${closed}<div class="actions"><a class="btn cancel" href="${back}">Back to Reelhouse</a></div>`
}
<p class="test">This is the built-in test provider. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.</p>
</div></main></body></html>`;
}
