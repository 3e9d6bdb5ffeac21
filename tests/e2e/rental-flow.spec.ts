import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import {
  expectSection,
  fillAdditionalInformation,
  rentalSection,
  signAll,
  swipe,
  tapDone,
  walkDetailSteps,
} from './support/flows.js';
import { facilityUsDate, followTestClock } from './support/facility-calendar.js';
import { useKiosk } from './support/kiosk.js';

/**
 * The rental flow's course (rental spec §2 Flow lists, Find reservation, §4 Selection and hold,
 * Section navigation): a found reservation is moved into through the full rental steps, and
 * every step says where the visitor is ('Step N of M'). Built UI, daemon, sandbox and card reader.
 */

const kiosk = useKiosk(test, { reset: ['sandbox', 'card-reader'] });
test.beforeEach(({ page }) => followTestClock(page));

// The UI's CSP forbids inline scripts; axe-core is injected as one (support/a11y.ts).
test.use({ bypassCSP: true });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Kiosk menu' });
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** The step counter under the heading. */
const expectStep = (page: Page, step: number, total: number) =>
  expect(page.getByText(/^Step \d+ of \d+$/)).toHaveText(`Step ${step} of ${total}`);

// DEMO1234 reserves B-12 (10x10, senior promo, protection plans): rent_this_space, info,
// secondary_contact, vehicle_storage, discounts, content_insurance, about_convenience, the payment
// (swipe_scan and card_details are one step, swiped or typed), panda_fields and panda_agreements
// are the visitor's 10 steps.
const STEPS = 10;

test('a found reservation is moved into: the full rental steps, each with its step counter, on the reserved date', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(kiosk.url);
  await sidebar(page).getByRole('button', { name: 'Find my reservation', exact: true }).click();
  await page.getByLabel('Reservation Code').fill('DEMO1234');
  await page.getByRole('button', { name: 'FIND MY RESERVATION' }).click();

  await expectSection(page, 'rent_this_space');
  await expectStep(page, 1, STEPS);
  const panel = page.getByRole('complementary', { name: 'Your Storage' });
  await expect(panel).toContainText('#B-12');
  await expect(panel).toContainText(facilityUsDate(1));

  await page.getByRole('button', { name: /Manually Verify ID/ }).click();
  await expectSection(page, 'info');
  await expectStep(page, 2, STEPS);
  // The reservation's details are carried over; reserving again is not offered.
  await expect(field(page, 'First Name')).toHaveValue('Jordan');
  await expect(field(page, 'Last Name')).toHaveValue('Miller');
  await expect(field(page, 'Email')).toHaveValue('jordan.miller@example.com');
  await expect(page.getByText('I need a bit more time')).toHaveCount(0);
  await field(page, 'Address').fill('1250 Maple Street');
  await field(page, 'City').fill('Springfield');
  await field(page, 'Zip Code').pressSequentially('62704');
  await expect(field(page, 'State')).toHaveValue('IL');
  await field(page, 'License Number').fill('D1234567');
  await field(page, 'Issuing State').selectOption('IL');
  await field(page, 'Expiration Date').pressSequentially('12312030');
  const business = page.getByRole('group', { name: /Business Rental\?/ });
  await business.getByText('No', { exact: true }).click();
  await expectAccessible(page, 'rental/info (moving into a reservation)');
  await tapDone(page);

  await expectSection(page, 'secondary_contact');
  await expectStep(page, 3, STEPS);
  await walkDetailSteps(page);

  await expectSection(page, 'content_insurance');
  await expectStep(page, 6, STEPS);
  await tapDone(page);
  await expectSection(page, 'about_convenience');
  await expectStep(page, 7, STEPS);
  await page.getByLabel(/Choose your gate code/).pressSequentially('1357');
  await expect(page.getByText('This gate code is yours.')).toBeVisible();
  await tapDone(page);

  await expectSection(page, 'swipe_scan');
  await expectStep(page, 8, STEPS);
  await swipe(page, kiosk, 'approve');
  await expectStep(page, 8, STEPS);
  await page.getByLabel('CVV').pressSequentially('987');
  await page.getByRole('button', { name: 'Complete Rental', exact: true }).click();
  await fillAdditionalInformation(page, { check: () => expectStep(page, 9, STEPS) });
  await signAll(page, ['Rental Agreement', 'Certificate of Protection'], () => expectStep(page, 10, STEPS));

  await expectSection(page, 'confirm_rental');
  await expect(page.getByText('Your rental is confirmed!')).toBeVisible();
  await expect(page.getByText(`Move-in date: ${facilityUsDate(1)}`)).toBeVisible();
  await expect(page.getByText(/^Step \d+ of \d+$/)).toHaveCount(0);
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'confirm_rental');
});
