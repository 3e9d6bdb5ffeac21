import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { reachIdentityStep, rentalSection } from './support/flows.js';
import { expectNotCovered, onScreenKeyboard, tapOutsideFields } from './support/keyboard.js';
import { facilityDay, facilityUsDate, longDate, monthName, followTestClock } from './support/facility-calendar.js';
import { control, useKiosk } from './support/kiosk.js';

/**
 * The rental identity and details steps against the built UI, daemon and sandbox (rental spec §2, §4, §5, §8):
 * the phone verification (the test completes the sandbox's phone page in a second page), a
 * failed verification, manual verification, the one-time-code login, military_info and the
 * side panel total, the secondary-address check, and reservation mode with its date limits.
 */

const SCREENSHOTS = 'test-results/rental-identity';
const PHONE = '2175550123';

const kiosk = useKiosk(test, { reset: ['sandbox'] });
test.beforeEach(({ page }) => followTestClock(page));

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const total = (page: Page) => page.getByTestId('move-in-total');

/** Done (or NEXT, Back) as a visitor taps it, the on-screen keyboard open or not. */
async function press(page: Page, name: 'Done' | 'NEXT' | 'Back' = 'Done'): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
}

/** Empties a masked field the way a visitor does: select it all and delete (imask sees the keys). */
async function clearMasked(page: Page, label: string): Promise<void> {
  await field(page, label).press('ControlOrMeta+a');
  await field(page, label).press('Backspace');
  await expect(field(page, label)).toHaveValue('');
}

/** Types into a masked field from empty (imask keeps what is there and stops at the mask's end). */
async function typeMasked(page: Page, label: string, digits: string): Promise<void> {
  await clearMasked(page, label);
  await field(page, label).pressSequentially(digits);
}

interface SandboxText {
  to: string;
  body: string;
  kind: string;
}

async function texts(): Promise<SandboxText[]> {
  const response = await fetch(`${kiosk.sandboxUrl}/__sandbox/texts`);
  return ((await response.json()) as { texts: SandboxText[] }).texts;
}

async function onboardingLink(): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const sent = (await texts()).filter((text) => text.kind === 'identity-verification');
      link = /(https?:\/\/\S+)/.exec(sent.at(-1)?.body ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

async function startPhoneVerification(page: Page, options: { check?: boolean } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Verify ID by mobile number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify ID by mobile number' });
  if (options.check) await expectAccessible(page, 'rental/mobile verify dialog');
  await dialog.getByLabel('Cell Phone', { exact: true }).pressSequentially(PHONE);
  await dialog.getByRole('button', { name: 'Send Text' }).click();
  await expect(page.getByRole('dialog', { name: 'Session continues on your phone' })).toBeVisible();
}

/** The visitor's phone: opens the texted link and presses one of the sandbox page's buttons. */
async function completeOnPhone(page: Page, outcome: 'pass' | 'fail'): Promise<void> {
  const link = await onboardingLink();
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(link);
  await phone.getByRole('button', { name: `Complete verification (${outcome})` }).click();
  await expect(phone.getByRole('heading', { name: 'Verification complete' })).toBeVisible();
  await phone.close();
}

/** Fill the info form by hand (manual verification). */
async function fillInfo(page: Page): Promise<void> {
  await field(page, 'License Number').fill('D400-1234-5678');
  await field(page, 'Issuing State').selectOption('IL');
  await typeMasked(page, 'Expiration Date', '03142031');
  await field(page, 'Email').fill('casey@example.com');
  await typeMasked(page, 'Cell Phone', PHONE);
  await expect(field(page, 'Cell Phone')).toHaveValue('(217) 555-0123');
  await field(page, 'First Name').fill('Casey');
  await field(page, 'Last Name').fill('Jordan');
  await field(page, 'Address').fill('100 Elm Street');
  await field(page, 'City').fill('Springfield');
  await typeMasked(page, 'Zip Code', '62704');
  await expect(field(page, 'State')).toHaveValue('IL');
}

async function manualInfo(page: Page): Promise<void> {
  await reachIdentityStep(page, kiosk);
  await page.getByRole('button', { name: 'Manually Verify ID' }).click();
  await expect(heading(page, 'Your information')).toBeVisible();
  await fillInfo(page);
}

test('verify ID by mobile: the phone page completes it and the info form is filled from the licence', async ({
  page,
}) => {
  await reachIdentityStep(page, kiosk);
  await expect(heading(page, 'Verify Your Identity')).toBeVisible();
  await expect(page.getByRole('button', { name: "I'm already a customer" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manually Verify ID' })).toBeVisible();
  await expectAccessible(page, 'rental/rent_this_space');
  await page.screenshot({ path: `${SCREENSHOTS}/rent-this-space.png` });

  await startPhoneVerification(page, { check: true });
  const waiting = page.getByRole('dialog', { name: 'Session continues on your phone' });
  await expect(waiting.getByText('(217) 555-0123', { exact: false })).toBeVisible();
  await expectAccessible(page, 'rental/mobile verify dialog (session continues on your phone)');
  await page.screenshot({ path: `${SCREENSHOTS}/session-continues.png` });

  // Resend Text sends the same link again.
  await waiting.getByRole('button', { name: 'Resend Text' }).click();
  await expect(waiting.getByText('We sent the text again.')).toBeVisible();
  const sent = (await texts()).filter((text) => text.kind === 'identity-verification');
  expect(sent).toHaveLength(2);
  expect(sent[0]!.to).toBe('(217) 555-0123');
  expect(sent[1]!.body).toBe(sent[0]!.body);

  await completeOnPhone(page, 'pass');

  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'info', { timeout: 15_000 });
  await expect(page.getByText('Identity Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Scanned driver license' })).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Jordan');
  await expect(field(page, 'Last Name')).toHaveValue('Avery');
  await expect(field(page, 'Cell Phone')).toHaveValue('(217) 555-0123');
  await expect(field(page, 'Address')).toHaveValue('742 Evergreen Terrace');
  await expect(field(page, 'City')).toHaveValue('Springfield');
  await expect(field(page, 'State')).toHaveValue('IL');
  await expect(field(page, 'Zip Code')).toHaveValue('62704');
  await expect(field(page, 'License Number')).toHaveValue('A123-4567-8901');
  await expect(field(page, 'Expiration Date')).toHaveValue('03/14/2030');
  await expect(page.getByRole('heading', { name: 'Mailing Address' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Driver License' })).toBeVisible();
  await expectAccessible(page, 'rental/info (identity verified)');
  await page.screenshot({ path: `${SCREENSHOTS}/info-verified.png` });

  // The sandbox saw the upload, the verification request and the dossier update.
  const world = (await (await fetch(`${kiosk.sandboxUrl}/__sandbox/identity`)).json()) as {
    files: { uploaded_bytes: number }[];
    verifications: { state: string }[];
    dossiers: { verification: { state: string; probability: number } | null; idvId: string | null }[];
  };
  expect(world.files).toHaveLength(2);
  expect(world.files.every((file) => file.uploaded_bytes > 0)).toBe(true);
  expect(world.verifications.some((verification) => verification.state === 'received')).toBe(true);
  expect(world.dossiers.find((dossier) => dossier.verification)?.verification).toMatchObject({
    state: 'verified',
    probability: 90,
  });

  // Still missing: the e-mail. Done validates, then moves on to the secondary contact.
  await press(page);
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectAccessible(page, 'rental/info (errors)');
  await field(page, 'Email').fill('jordan@example.com');
  await press(page);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'secondary_contact');
});

test('a failed verification shows the retry message and stops polling', async ({ page }) => {
  await reachIdentityStep(page, kiosk);
  await startPhoneVerification(page);
  await completeOnPhone(page, 'fail');

  await expect(
    page.getByRole('alert').filter({ hasText: 'Oops! Identity Verification failed. Please try again.' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'rent_this_space');
  await expectAccessible(page, 'rental/rent_this_space (verification failed)');
  await page.screenshot({ path: `${SCREENSHOTS}/verification-failed.png` });

  // Polling stopped: no get-status call any more.
  const statusCalls = async () => {
    const response = await fetch(`${kiosk.sandboxUrl}/__sandbox/requests?limit=500`);
    const { requests } = (await response.json()) as { requests: { path: string }[] };
    return requests.filter((request) => request.path.endsWith('/get-status/')).length;
  };
  const before = await statusCalls();
  await page.waitForTimeout(3_500);
  expect(await statusCalls()).toBe(before);
});

test("the verification service's 'received': the kiosk waits for it on the dossier, then fills info", async ({
  page,
}) => {
  // The service has not got the submission when the kiosk sends it: it answers 'sent'.
  await control(`${kiosk.sandboxUrl}/__sandbox/identity/verifications`, { answer: 'sent' });
  await reachIdentityStep(page, kiosk);
  await startPhoneVerification(page);
  await completeOnPhone(page, 'pass');
  const dialog = page.getByRole('dialog', { name: 'Session continues on your phone' });
  await expect(dialog.locator('p.verify-dialog__text')).toHaveText('Checking your ID ...', { timeout: 15_000 });
  // Not verified on a check nobody received: still on the identity step.
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'rent_this_space');
  await expect(page.getByText('Identity Verified', { exact: true })).toHaveCount(0);

  await control(`${kiosk.sandboxUrl}/__sandbox/identity/verifications/settle`, { state: 'received' });
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'info', { timeout: 15_000 });
  await expect(page.getByText('Identity Verified', { exact: true })).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Jordan');
});

test("a verification the service refuses ('failed') shows the retry message", async ({ page }) => {
  await control(`${kiosk.sandboxUrl}/__sandbox/identity/verifications`, { answer: 'failed' });
  await reachIdentityStep(page, kiosk);
  await startPhoneVerification(page);
  await completeOnPhone(page, 'pass');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Oops! Identity Verification failed. Please try again.' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'rent_this_space');
});

test('manual verification: the typed details, zip -> state, phone validation, then on', async ({ page }) => {
  await reachIdentityStep(page, kiosk);
  await page.getByRole('button', { name: 'Manually Verify ID' }).click();
  await expect(heading(page, 'Your information')).toBeVisible();
  await expect(page.getByText('Identity Verified', { exact: true })).toHaveCount(0);
  await expect(
    page.getByText('Enter your details exactly as they appear on your driver license.', { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, 'rental/info (manual)');
  await page.screenshot({ path: `${SCREENSHOTS}/info-manual.png` });

  // An unknown zip clears the state; a known one fills it.
  await field(page, 'State').selectOption('CA');
  await typeMasked(page, 'Zip Code', '99999');
  await expect(field(page, 'State')).toHaveValue('');
  await typeMasked(page, 'Zip Code', '90210');
  await expect(field(page, 'State')).toHaveValue('CA');

  // The validation call refuses a line number 0000.
  await typeMasked(page, 'Cell Phone', '2175550000');
  await field(page, 'Email').click();
  await expect(page.getByText('Invalid Cell Phone Number')).toBeVisible();

  // The licence expiry picker disables past days.
  await page.getByRole('button', { name: 'Choose a date for Expiration Date' }).click();
  const calendar = page.getByRole('group', { name: 'Calendar' });
  await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  await page.keyboard.press('Escape');

  await fillInfo(page);
  await press(page);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'secondary_contact');
});

test('with the keyboard up, moving between a name, a phone number and an email changes the keys in place: nothing on screen moves', async ({
  page,
}) => {
  await reachIdentityStep(page, kiosk);
  await page.getByRole('button', { name: 'Manually Verify ID' }).click();
  await expect(heading(page, 'Your information')).toBeVisible();
  const keyboard = onScreenKeyboard(page);
  const top = async (locator: ReturnType<typeof field>) => Math.round((await locator.boundingBox())!.y);

  await field(page, 'First Name').click();
  await expect(keyboard.getByRole('button', { name: 'Q', exact: true })).toBeVisible();
  const keyboardTop = await top(keyboard);
  // The first of the contact fields: a field left empty says so below itself, never above this.
  const emailTop = await top(field(page, 'Email'));

  // The phone number gets the number pad, the email and the names the letters: the keyboard's
  // edge and the form stay where they are.
  for (const [label, shown, absent] of [
    ['Cell Phone', '5', 'q'],
    ['Email', '@', 'Q'],
    ['Last Name', 'Q', '.com'],
  ] as const) {
    await field(page, label).click();
    await expect(keyboard.getByRole('button', { name: shown, exact: true })).toBeVisible();
    await expect(keyboard.getByRole('button', { name: absent, exact: true })).toHaveCount(0);
    expect(await top(keyboard), `the keyboard's top edge with ${label}`).toBe(keyboardTop);
    expect(await top(field(page, 'Email')), `the form with ${label}`).toBe(emailTop);
  }
});

test('manual verification is not offered where a driver licence is required', async ({ page }) => {
  await page.goto(`${kiosk.baseUrl}/demo-smart`);
  await reachIdentityStep(page, kiosk, { skipGoto: true });
  await expect(page.getByRole('button', { name: 'Verify ID by mobile number' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manually Verify ID' })).toHaveCount(0);
});

test("I'm already a customer: a code by text, a wrong code, then the right one; details and earlier verification filled", async ({
  page,
}) => {
  await reachIdentityStep(page, kiosk);
  await page.getByRole('button', { name: "I'm already a customer" }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
  await expectAccessible(page, 'rental/login dialog');

  // A number without an account.
  await dialog.getByLabel('Cell Phone', { exact: true }).pressSequentially('2175550100');
  await dialog.getByRole('button', { name: 'Send Code' }).click();
  await expect(
    dialog.getByText(
      '+1 (217) 555-0100 has no account. Please login with your existing email or create a new account.',
    ),
  ).toBeVisible();

  await dialog.getByLabel('Cell Phone', { exact: true }).fill('');
  await dialog.getByLabel('Cell Phone', { exact: true }).pressSequentially('2175550147');
  await dialog.getByRole('button', { name: 'Send Code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/otp-code.png` });
  await expectAccessible(page, 'rental/login dialog (one-time code)');

  await dialog.getByLabel('Code', { exact: true }).fill('000000');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByText('Invalid Code. Please try again.')).toBeVisible();

  await dialog.getByLabel('Code', { exact: true }).fill('123456');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'info');
  await expect(page.getByText('Identity Verified', { exact: true })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue('tenant@example.com');
  await expect(field(page, 'First Name')).toHaveValue('Taylor');
  await expect(field(page, 'Last Name')).toHaveValue('Morgan');
  await expect(field(page, 'License Number')).toHaveValue('M555-0147-2290');
  await expectAccessible(page, 'rental/info (logged in)');
  await page.screenshot({ path: `${SCREENSHOTS}/info-logged-in.png` });
});

test('active military inserts military_info and changes the side panel total', async ({ page }) => {
  await manualInfo(page);
  await press(page);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'secondary_contact');
  await expect(heading(page, 'Secondary Contact')).toBeVisible();
  await expectAccessible(page, 'rental/secondary_contact');
  await page.screenshot({ path: `${SCREENSHOTS}/secondary-contact.png` });

  await expect(total(page)).toBeVisible();
  const before = await total(page).textContent();
  await page.getByRole('checkbox', { name: /I waive my right/ }).check();
  await page.getByRole('group', { name: 'Are you active military?' }).getByText('Yes', { exact: true }).click();
  await expect(total(page)).not.toHaveText(before ?? '');

  await press(page);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'military_info');
  await expect(heading(page, 'Military Information')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'NEXT', exact: true })).toBeVisible();
  // The military promo is a discount the Facility Manager checks an ID for.
  await expect(
    page.getByText(
      'VALID ID required for the military discount to apply upon checkout. Please show your military ID to the Facility Manager.',
      { exact: true },
    ),
  ).toBeVisible();
  await field(page, 'Social Security Number').pressSequentially('123456789');
  await expect(field(page, 'Social Security Number')).toHaveValue('123-45-6789');
  // The keyboard is open for the SSN; NEXT, Back and the field stay clear of it.
  await expect(onScreenKeyboard(page)).toBeVisible();
  await expectNotCovered(page.getByRole('button', { name: 'NEXT', exact: true }));
  await expectNotCovered(page.getByRole('button', { name: 'Back', exact: true }));
  await expectNotCovered(field(page, 'Social Security Number'));
  await press(page, 'NEXT');
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expectAccessible(page, 'rental/military_info (errors)');
  await page.screenshot({ path: `${SCREENSHOTS}/military.png` });

  // Back, and No: military_info goes and the total comes back.
  await press(page, 'Back');
  await page.getByRole('group', { name: 'Are you active military?' }).getByText('No', { exact: true }).click();
  await expect(total(page)).toHaveText(before ?? '');
});

test('the secondary address may not be the mailing address', async ({ page }) => {
  await manualInfo(page);
  await press(page);
  await expect(heading(page, 'Secondary Contact')).toBeVisible();
  await field(page, 'First Name').fill('Robin');
  await field(page, 'Last Name').fill('Jordan');
  await field(page, 'Cell Phone').pressSequentially('2175550124');
  await field(page, 'Address').fill('100 elm  street');
  await field(page, 'City').fill('Springfield');
  await field(page, 'Zip Code').pressSequentially('62704');
  await expect(field(page, 'State')).toHaveValue('IL');
  await page.getByRole('group', { name: 'Are you active military?' }).getByText('No', { exact: true }).click();
  await press(page);
  await expect(page.getByText("Mailing Address and Secondary Address can't be same")).toBeVisible();
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'secondary_contact');

  await field(page, 'Address').fill('22 Oak Road');
  await press(page);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'vehicle_storage');
  await expect(heading(page, 'Vehicle Storage')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Are you storing vehicle?*' })).toBeVisible();
  await page.getByRole('group', { name: 'Are you storing vehicle?*' }).getByText('Yes', { exact: true }).click();
  await field(page, 'Vehicle Type').selectOption('other');
  await expect(field(page, 'Describe your vehicle')).toBeVisible();
  await expectAccessible(page, 'rental/vehicle_storage');
  await page.screenshot({ path: `${SCREENSHOTS}/vehicle.png` });
  await field(page, 'Describe your vehicle').fill('Vintage tractor');
  await press(page);

  // m-10x10 has senior and student promos: the discounts step, and choosing one reprices.
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'discounts');
  await expect(heading(page, 'We will save you even more!')).toBeVisible();
  const group = page.getByRole('group', { name: 'Choose a discount' });
  await expect(group.getByRole('radio')).toHaveCount(3);
  const before = await total(page).textContent();
  await group.getByText('Senior', { exact: true }).click();
  await expect(total(page)).not.toHaveText(before ?? '');
  await expect(field(page, 'Birthday')).toBeVisible();
  await expect(page.getByText('Please show your ID to the Facility Manager.', { exact: false })).toBeVisible();
  await expect(page.getByText('VALID ID required', { exact: false })).toBeVisible();
  await expectAccessible(page, 'rental/discounts (senior)');
  await page.screenshot({ path: `${SCREENSHOTS}/discounts.png` });
  await group.getByText('Student', { exact: true }).click();
  await expect(field(page, 'School Name')).toBeVisible();
  await expect(field(page, 'Student ID')).toBeVisible();
});

test('business rental: Yes on info inserts the business step', async ({ page }) => {
  await manualInfo(page);
  await page.getByRole('group', { name: 'Business Rental?' }).getByText('Yes', { exact: true }).click();
  await press(page);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'business_info');
  await expect(heading(page, 'Business Information')).toBeVisible();
  await press(page);
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await field(page, 'Company Email').fill('not-an-email');
  await press(page);
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expectAccessible(page, 'rental/business_info (errors)');
  await page.screenshot({ path: `${SCREENSHOTS}/business.png` });
  await field(page, 'Company Name').fill('Jordan Landscaping');
  await field(page, 'Company Email').fill('office@jordanlandscaping.com');
  await press(page);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'secondary_contact');
});

test('reservation mode: the shorter list, and move-in dates from tomorrow to advanced_dates days ahead', async ({
  page,
}) => {
  await manualInfo(page);
  await expect(page.getByText(/^Step 2 of \d+$/)).not.toHaveText('Step 2 of 2');
  const option = page.getByRole('checkbox', { name: 'I need a bit more time' });
  await expect(page.getByText('Move-in must begin within 30 days.', { exact: false })).toBeVisible();
  await option.check();
  // Identity and info are the steps; the processing and the confirmation follow them.
  await expect(page.getByText('Step 2 of 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Business Rental?' })).toHaveCount(0);
  await tapOutsideFields(page);
  await expectAccessible(page, 'reservation/info');

  await page.getByRole('button', { name: 'Choose a date for Move-In Date' }).click();
  const calendar = page.getByRole('group', { name: 'Calendar' });
  // The kiosk's calendar and the sandbox count days as the facility does.
  const day = (offset: number) => longDate(facilityDay(offset));
  const monthOf = (offset: number) => {
    const target = facilityDay(offset);
    return { month: monthName(target), year: String(target.year) };
  };
  const dayButton = async (offset: number) => {
    const { month, year } = monthOf(offset);
    await calendar.getByLabel('Year', { exact: true }).selectOption(year);
    await calendar.getByLabel('Month', { exact: true }).selectOption({ label: month });
    return calendar.getByRole('button', { name: day(offset), exact: true });
  };
  await expect(await dayButton(0)).toBeDisabled();
  await expect(await dayButton(1)).toBeEnabled();
  await expect(await dayButton(30)).toBeEnabled();
  if (monthOf(31).month === monthOf(30).month) {
    await expect(await dayButton(31)).toBeDisabled();
  } else {
    // advanced_dates ends on a month's last day: the next month cannot even be opened.
    await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
  }
  await expectAccessible(page, 'reservation/info (move-in date picker)');
  await page.screenshot({ path: `${SCREENSHOTS}/reservation.png` });
  await (await dayButton(30)).click();
  const chosen = facilityUsDate(30);
  await expect(field(page, 'Move-In Date')).toHaveValue(chosen);

  // A typed date outside the range is refused.
  await typeMasked(page, 'Move-In Date', facilityUsDate(45).replace(/\//g, ''));
  await press(page);
  await expect(page.getByText(/^Choose a date from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/)).toBeVisible();

  await typeMasked(page, 'Move-In Date', chosen.replace(/\//g, ''));
  await press(page);
  // The reservation list goes from info straight to processing (then the confirmation).
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', /^(process_rental|confirm_rental)$/);
  await expect
    .poll(async () => {
      const response = await fetch(`${kiosk.sandboxUrl}/__sandbox/rentals`);
      return JSON.stringify(await response.json());
    })
    .toContain(chosen);
});
