import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { logIn, openPayBill, TEST_USER } from './support/account.js';
import { tapOutsideFields } from './support/keyboard.js';
import { readMetrics, useKiosk } from './support/kiosk.js';
import { SPANISH as ES } from './support/texts.js';

/**
 * The tenant's contact details (docs/contact-details.md) against the built UI, daemon and sandbox:
 * tenant@example.com (Taylor Morgan, cell (217) 555-0147, secondary contact Jordan Morgan) logs in
 * with Pay My Bill's login and opens My contact details. The sandbox refuses another account's
 * e-mail (norentals@example.com) and records the confirmation mail and the text to the old phone.
 */

const SHOTS = 'test-results/contact-details';

const kiosk = useKiosk(test, { reset: ['sandbox'] });

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A masked field (phone, zip) typed over as a visitor does: select all, delete, type. */
async function retype(field: Locator, digits: string): Promise<void> {
  await field.click();
  await field.press('Control+a');
  await field.press('Backspace');
  await field.pressSequentially(digits);
}

interface Recorded {
  mails: { kind: string; to: Record<string, string>; data: { changed: string[] } }[];
  texts: { kind: string; to: string; body: string }[];
}

async function recorded<K extends keyof Recorded>(what: K): Promise<Recorded[K]> {
  const answer = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/${what}`)).json()) as Recorded;
  return answer[what];
}

/** Log in through PAY MY BILL and open My contact details from its unit list. */
async function openContactDetails(page: Page, texts = { entry: 'My contact details', title: 'Contact details' }) {
  await openPayBill(page, kiosk);
  await logIn(page, TEST_USER.email, TEST_USER.password);
  await page.getByRole('button', { name: texts.entry, exact: true }).click({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await expect(region(page, 'Cell phone and e-mail').getByLabel('Cell Phone')).toHaveValue('(217) 555-0147');
}

test('changes the cell phone and e-mail: the confirmation names both, a mail goes out and a text to the old phone', async ({
  page,
}) => {
  await openContactDetails(page);
  await expect(region(page, 'Mailing address').getByLabel('Address', { exact: true })).toHaveValue('18 Lincoln Avenue');
  await expect(page.getByLabel('First Name')).toHaveValue('Jordan');
  await tapOutsideFields(page);
  await expectAccessible(page, 'contact-details/form');
  await page.screenshot({ path: `${SHOTS}/form.png` });

  const contact = region(page, 'Cell phone and e-mail');
  await retype(contact.getByLabel('Cell Phone'), '2175550199');
  await contact.getByLabel('Email').fill('taylor.new@example.com');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const status = page.getByRole('status').filter({ hasText: 'updated' });
  await expect(status).toContainText('Your cell phone and e-mail were updated.');
  await expect(status).toContainText('We sent a confirmation to taylor.new@example.com.');
  await expect(status).toContainText('We also sent a text to your previous cell phone number.');
  await expect(contact.getByLabel('Cell Phone')).toHaveValue('(217) 555-0199');
  await tapOutsideFields(page);
  await expectAccessible(page, 'contact-details/saved');
  await page.screenshot({ path: `${SHOTS}/saved.png` });

  const texts = await recorded('texts');
  expect(texts).toEqual([expect.objectContaining({ kind: 'contact-phone-changed', to: '+12175550147' })]);
  expect(texts[0]!.body).toContain('ending in 0199');
  const mails = await recorded('mails');
  expect(mails.map((mail) => [mail.kind, mail.to.email])).toEqual([
    ['contact-details', 'taylor.new@example.com'],
    ['contact-details-old-email', 'tenant@example.com'],
  ]);
  expect(mails[0]!.data.changed).toEqual(['tenant_phone', 'tenant_email']);

  // Saving again changes nothing, and says so.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing was changed' })).toBeVisible();

  const metrics = await readMetrics(kiosk);
  expect(metrics.get('kiosk_journeys_total{journey="contact_details",outcome="saved",app="kiosk_daemon"}')).toBe(1);
  expect(metrics.get('kiosk_journeys_total{journey="contact_details",outcome="unchanged",app="kiosk_daemon"}')).toBe(1);

  // The daemon's log shows the phones and e-mails masked only (the sandbox, playing the operator,
  // logs the requests it receives as any server would: its lines are not the kiosk's).
  const sandboxHost = new URL(kiosk.sandboxUrl).host;
  const daemonLines = kiosk
    .output()
    .split('\n')
    .filter((line) => !line.includes(`"host":"${sandboxHost}"`));
  expect(daemonLines.join('\n')).not.toMatch(/555-0199|2175550199|taylor\.new@/);
});

test("an invalid zip shows the rental's message and keeps what was typed; an operator refusal shows at its field", async ({
  page,
}) => {
  await openContactDetails(page);
  const mailing = region(page, 'Mailing address');
  const contact = region(page, 'Cell phone and e-mail');
  await mailing.getByLabel('Address', { exact: true }).fill('5 Oak Lane');
  await contact.getByLabel('Email').fill('norentals@example.com');
  await retype(mailing.getByLabel('Zip Code'), '627');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(mailing.getByRole('alert')).toHaveText('Invalid zip code');
  await expect(mailing.getByLabel('Zip Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(mailing.getByLabel('Address', { exact: true })).toHaveValue('5 Oak Lane');
  await expect(contact.getByLabel('Email')).toHaveValue('norentals@example.com');
  await expect(mailing.getByLabel('Zip Code')).toHaveValue('627');
  await tapOutsideFields(page);
  await expectAccessible(page, 'contact-details/invalid zip');

  await retype(mailing.getByLabel('Zip Code'), '62701');
  await expect(mailing.getByLabel('State')).toHaveValue('IL');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(contact.getByRole('alert')).toHaveText('Another account already uses this e-mail address.');
  await expect(contact.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Some details were not accepted. Please check the fields marked below.')).toBeVisible();
  await expect(mailing.getByLabel('Address', { exact: true })).toHaveValue('5 Oak Lane');
  await page.screenshot({ path: `${SHOTS}/refused.png` });
  expect(await recorded('mails')).toEqual([]);
});

test('in Spanish, and heard in audio mode: the screen, the fields and the confirmation', async ({ page }) => {
  const said: string[] = [];
  await page.route('**/device/speech', async (route) => {
    if (route.request().method() === 'POST') said.push((route.request().postDataJSON() as { text: string }).text);
    await route.continue();
  });
  await page.goto(kiosk.url);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await page.getByRole('button', { name: 'Audio', exact: true }).click();
  await openPayBill(page, kiosk, { texts: ES, skipGoto: true });
  await logIn(page, TEST_USER.email, TEST_USER.password, ES);
  await page.getByRole('button', { name: 'Mis datos de contacto', exact: true }).click({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Datos de contacto' })).toBeVisible();
  await expect.poll(() => said.some((text) => text.startsWith('Datos de contacto')), { timeout: 20_000 }).toBe(true);
  const mailing = region(page, 'Dirección postal');
  await expect(mailing.getByLabel('Código postal')).toHaveValue('62701');
  await mailing.getByLabel('Ciudad').fill('Chatham');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se actualizó' })).toContainText(
    'Se actualizó su dirección postal.',
  );
  await expect
    .poll(() => said.some((text) => text.includes('Se actualizó su dirección postal.')), { timeout: 20_000 })
    .toBe(true);
  await tapOutsideFields(page);
  await expectAccessible(page, 'contact-details/spanish');
  await page.screenshot({ path: `${SHOTS}/spanish.png` });
  expect((await recorded('texts')).length).toBe(0);
});
