import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  expectSection as section,
  fillAdditionalInformation,
  JANE,
  reachIdentityStep,
  signAll,
  swipe,
  tapDone as done,
  verifyManually,
  walkDetailSteps,
} from './support/flows.js';
import { useKiosk } from './support/kiosk.js';

/**
 * Paid work is the daemon's (docs/outbox.md): a rental with autopay and a lock whose page is
 * reloaded right after the daemon took its follow-ups, with the page cut off from the operator
 * from then on, still gets its autopay enrolment, lock sale, gate-code text and mails — sent by
 * the daemon, each once. Built UI, built daemon, sandbox and card-reader simulator.
 */

const kiosk = useKiosk(test, { reset: ['sandbox', 'card-reader'] });

const sandbox = async <T>(path: string): Promise<T> =>
  (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/${path}`)).json()) as T;

async function rentB10WithLockAndAutopay(page: Page): Promise<void> {
  await reachIdentityStep(page, kiosk, { group: 'medium', door: 'B-10' });
  await verifyManually(page, JANE);
  await walkDetailSteps(page);
  await section(page, 'content_insurance');
  await done(page);
  await section(page, 'about_convenience');
  await page.getByRole('checkbox', { name: /Add a lock/ }).check();
  await page.getByRole('checkbox', { name: /Enroll in AutoPay/ }).check();
  await page.getByLabel(/Choose your gate code/).pressSequentially('5678');
  await expect(page.getByText('This gate code is yours.')).toBeVisible();
  await done(page);
  await swipe(page, kiosk, 'approve');
  await page.getByLabel('CVV').pressSequentially('987');
  await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();
  await fillAdditionalInformation(page);
}

test('a rental whose page reloads right after the confirmation still gets its enrolment, lock, text and mails', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await rentB10WithLockAndAutopay(page);

  const handedOver = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/outbox',
  );
  await signAll(page, ['Rental Agreement', 'AutoPay Authorization']);
  const accepted = await handedOver;
  expect(accepted.status()).toBe(202);
  // From the daemon's 202 on, the page never reaches the operator again, and it reloads at once.
  await page.route('**/api/**', (route) => route.abort());
  await page.reload();

  await expect
    .poll(async () => (await sandbox<{ texts: { to: string; body: string }[] }>('texts')).texts)
    .toEqual([expect.objectContaining({ to: '(217) 555-0182', body: expect.stringContaining('5678') })]);
  await expect
    .poll(async () => (await sandbox<{ merchandise_sales: unknown[] }>('rentals')).merchandise_sales)
    .toEqual([expect.objectContaining({ item_id: 'lock-disc-70' })]);
  type Mail = {
    kind: string;
    data: { data?: { unit_no?: string; request?: { card_number?: string }; response?: unknown } };
  };
  await expect
    .poll(async () => (await sandbox<{ mails: Mail[] }>('mails')).mails.map((mail) => mail.kind).sort())
    .toEqual(['autopay', 'rental']);
  const { mails } = await sandbox<{ mails: Mail[] }>('mails');
  // The autopay mail went after the enrolment, with its answer, the card masked.
  expect(mails.find((mail) => mail.kind === 'autopay')!.data.data).toMatchObject({
    unit_no: 'B-10',
    request: { card_number: '4111********1111' },
    response: expect.objectContaining({ enabled: true }),
  });
  const { requests } = await sandbox<{ requests: { method: string; path: string }[] }>('requests?limit=500');
  const enrolments = requests.filter(
    (request) => request.method === 'POST' && /\/tenant\/t-[\w-]+\/space\/sp-b-10\/autopay\/$/.test(request.path),
  );
  expect(enrolments).toHaveLength(1);
  // Delivered: nothing is left in the outbox.
  await expect.poll(() => readdirSync(kiosk.outboxDir)).toEqual([]);
});
