import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SIGNING_COMPLETED_EVENT } from '@kiosk/shared-types';
import { escapeXml } from '../asset-content.js';
import type { SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';
import { FAILABLE_CALLS, type AgreementPage } from '../rental-process-state.js';
import { Type } from 'typebox';

/**
 * What the rental area serves outside the operator API:
 *
 * - `GET /pages/sign/{key}`: the signing page of one generated agreement, shown by the kiosk in
 *   an embedded frame (the stand-in for the document-signing provider). Its Sign button posts
 *   `{ event: 'session_view.document.completed', data: { id: key } }` to the parent window; the
 *   kiosk accepts it only from that frame and its origin.
 * - Control routes for tests: `POST /__sandbox/rental/fail-next { call }` makes the next call of
 *   that kind fail with a server error; `GET /__sandbox/rentals` lists what was processed.
 */

export function signingPageHtml(page: AgreementPage): string {
  const paragraphs = page.paragraphs.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`).join('\n');
  // JSON inside a script: '<' escaped so no value can close the script element.
  const message = JSON.stringify({ event: SIGNING_COMPLETED_EVENT, data: { id: page.key } }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(page.title)}</title>
<style>
  body { margin: 0; padding: 32px 48px; font-family: system-ui, Arial, sans-serif; font-size: 22px; line-height: 1.5; color: #1b1b1b; background: #ffffff; }
  h1 { margin: 0 0 16px; font-size: 34px; }
  .party { color: #3d3d3d; }
  .sign { min-width: 220px; min-height: 64px; margin-top: 24px; padding: 16px 48px; border: 0; border-radius: 10px; background: #1e5631; color: #ffffff; font-size: 26px; font-weight: 700; cursor: pointer; }
  .sign:disabled { background: #3d3d3d; }
  .sign:focus-visible { outline: 4px solid #f2b134; outline-offset: 2px; }
  .status { font-weight: 700; color: #1e5631; }
</style>
</head>
<body>
<main>
<h1>${escapeXml(page.title)}</h1>
<p class="party">Occupant: ${escapeXml(page.tenant_name || 'Occupant')}</p>
${paragraphs}
<p>Tap Sign to sign this document electronically.</p>
<button type="button" class="sign" id="sign">Sign</button>
<p class="status" id="status" role="status"></p>
</main>
<script>
  document.getElementById('sign').addEventListener('click', function () {
    this.disabled = true;
    document.getElementById('status').textContent = 'Signed';
    window.parent.postMessage(${message}, '*');
  });
</script>
</body>
</html>
`;
}

const signingPages: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const world = state.rentalProcess;

  app.get('/pages/sign/:key', { schema: { params: Type.Object({ key: Type.String() }) } }, async (request, reply) => {
    const page = world.agreementPage(request.params.key);
    if (!page) throw new SandboxError(404, 'NotFound', 'No document to sign with this key.');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(signingPageHtml(page));
  });

  app.post(
    '/__sandbox/rental/fail-next',
    {
      schema: {
        body: Type.Object({ call: Type.Enum(FAILABLE_CALLS, { type: 'string' }) }),
      },
    },
    async (request) => {
      world.failNextCall(request.body.call);
      return { failing: request.body.call };
    },
  );

  app.get('/__sandbox/rentals', async () => ({
    rentals: world.rentals,
    reservations: world.reservations,
    failed_rentals: world.failedRentals,
    password_updates: world.passwordUpdates,
    merchandise_sales: world.merchandiseSales,
  }));
};

export default signingPages;
