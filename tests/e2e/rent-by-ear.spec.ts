import { mkdirSync, readdirSync, readFileSync, rmSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectSection, rentalSection } from './support/flows.js';
import { control, useKiosk } from './support/kiosk.js';

/**
 * A blind visitor rents by ear (docs/accessibility.md, "Speech"): audio mode with the keypad's +,
 * then only keys (keyboard.press: Tab, arrows, Enter, digits, letters, the speech keys), every
 * utterance the page asks the daemon to say recorded on the way (page.route, passed through to
 * espeak-ng, whose WAVs go to a folder). The card reader's simulator swipes the card, as the
 * visitor's own card would. Asserts what must be heard (each unit and plan with its price, every
 * radio with its question and true state, the total before paying, the payment's outcome, the
 * confirmation with its gate code digit by digit) and what must never be said, logged, spooled or
 * shipped (the SSN, the card number whole or in part, the CVV).
 */

let wavDir: string;
test.beforeAll(() => {
  wavDir = mkdtempSync(join(tmpdir(), 'kiosk-ear-'));
});
test.afterAll(() => rmSync(wavDir, { recursive: true, force: true }));

const kiosk = useKiosk(test, () => ({
  env: {
    KIOSK_SANDBOX: 'on',
    KIOSK_SPEECH_PLAY_COMMAND: `cat > "${wavDir}/$$.wav"`,
    // The visitor listens through the kiosk's handset: private details (the card's last four, the
    // gate code) are said at once (docs/accessibility.md, "Private listening").
    KIOSK_SPEECH_PRIVATE_LISTENING: 'handset',
  },
  reset: ['sandbox', 'card-reader'],
}));

const SSN = '123456789';
const GATE_CODE = '4827';
const CVV = '987';
/** People type a key every 100 ms or more; a scanner every few milliseconds. */
const PERSON_KEY_GAP_MS = 100;

interface Utterance {
  text: string;
  lang: string;
  parts?: Array<{ text: string; lang: string }>;
}

/** The visitor's keypad: every press counted, every utterance recorded. */
function visitor(page: Page) {
  const said: Utterance[] = [];
  let presses = 0;
  void page.route('**/device/speech', async (route) => {
    if (route.request().method() === 'POST') said.push(route.request().postDataJSON() as Utterance);
    await route.continue();
  });
  const press = async (key: string) => {
    presses += 1;
    await page.keyboard.press(key);
  };
  return {
    said,
    presses: () => presses,
    press,
    /**
     * Letters and digits typed one key at a time, at a person's pace: keys that come within 50 ms of
     * each other and end with Tab are a barcode scanner's (identity/wedge-scan.ts), and the kiosk
     * puts the field back as it was.
     */
    async type(text: string) {
      for (const char of text) {
        await press(char === ' ' ? 'Space' : char);
        await page.waitForTimeout(PERSON_KEY_GAP_MS);
      }
    },
    /** Tab (or another key) until `target` has the focus. */
    async reach(target: Locator, key = 'Tab', limit = 60) {
      for (let step = 0; step < limit; step += 1) {
        if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
        await press(key);
      }
      await expect(target).toBeFocused();
    },
    /** The first utterance from `from` on that matches, once it was said; its index. */
    async heard(pattern: RegExp, from = 0): Promise<number> {
      const found = () => said.slice(from).findIndex((utterance) => pattern.test(utterance.text));
      await expect
        .poll(found, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(0)
        .catch(() => {
          throw new Error(`${pattern} not heard; heard since: ${JSON.stringify(said.slice(from).map((u) => u.text))}`);
        });
      return from + found();
    },
  };
}
type Visitor = ReturnType<typeof visitor>;

/** Enter on the focused control, then wait for the section. */
async function done(page: Page, ear: Visitor, label: string, next: string): Promise<void> {
  await ear.reach(page.getByRole('button', { name: label, exact: true }));
  await ear.press('Enter');
  await expectSection(page, next);
}

/**
 * A radio group answered with the arrows: reaching its first option with Tab says the group's
 * question and the option's true state; the arrow checks the next option, said checked.
 */
async function answerRadio(page: Page, ear: Visitor, question: RegExp, answer: string): Promise<void> {
  const group = page.getByRole('group', { name: question });
  const first = group.getByRole('radio').first();
  let from = ear.said.length;
  await ear.reach(first);
  const state = (await first.isChecked()) ? '(marcada|checked)' : '(sin marcar|not checked)';
  await ear.heard(new RegExp(`${question.source}.*, (botón de opción|radio button), ${state}`), from);
  from = ear.said.length;
  await ear.press('ArrowRight');
  await expect(group.getByRole('radio', { name: answer, exact: true })).toBeChecked();
  await ear.heard(new RegExp(`(^|\\. )${answer}, (botón de opción|radio button), (marcada|checked)`), from);
}

const TEXTS = {
  es: {
    done: 'Listo',
    select: 'ELEGIR',
    signedRe: /firmado/,
    confirmed: /¡Su alquiler está confirmado!/,
    payAmount: /Monto a pagar hoy: \$[\d,]+\.\d\d/,
    declined: /Su tarjeta de crédito NO se procesó\. Su tarjeta fue rechazada\..*Reintentar el pago/,
    retry: 'Reintentar el pago',
    complete: 'Completar el alquiler',
    swipeDifferent: /Deslizar otra tarjeta/i,
  },
  en: {
    done: 'Done',
    select: 'SELECT',
    signedRe: /signed/,
    confirmed: /Your rental is confirmed!/,
    payAmount: /Amount to pay today: \$[\d,]+\.\d\d/,
    declined: /Your credit card did NOT go through\..*Retry Payment/,
    retry: 'Retry Payment',
    complete: 'Complete Rental',
    swipeDifferent: /Swipe a different card/i,
  },
};

/** Every log the kiosk wrote or shipped, and every spool file. */
async function everyLog(): Promise<string> {
  const shipped = await (await fetch(`${kiosk.sandboxUrl}/__sandbox/logs`)).text();
  const spooled = readdirSync(kiosk.spoolDir, { recursive: true })
    .map((name) => join(kiosk.spoolDir, String(name)))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
  return `${kiosk.output()}\n${shipped}\n${spooled}`;
}

function expectNoSecret(text: string, where: string): void {
  expect(text, where).not.toMatch(/123[- ]?45[- ]?6789/);
  expect(text, where).not.toMatch(/4111[ -]?1111[ -]?1111[ -]?1111/);
  // A partial card number: 5 to 15 of its digits in a row (the last four alone may show).
  expect(text, where).not.toMatch(/41111(?:[ -]?1){0,10}/);
  expect(text, where).not.toMatch(new RegExp(`cvv[^,}]{0,16}${CVV}`, 'i'));
}

async function rentByEar(page: Page, lang: 'es' | 'en', options: { declineFirst: boolean }) {
  const text = TEXTS[lang];
  const ear = visitor(page);
  await page.goto(kiosk.url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Audio on with the keypad's +: it says at once that Español exists, in the Spanish voice too.
  await ear.press('NumpadAdd');
  const on = await ear.heard(/^Audio on\. Español is available/);
  expect(ear.said[on]!.parts).toContainEqual({ text: expect.stringMatching(/^Español está disponible/), lang: 'es' });

  if (lang === 'es') {
    await ear.reach(page.getByRole('button', { name: 'Español', exact: true }));
    await ear.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  }

  // Select a Space, the medium group: every size card says its size and price "from".
  await ear.reach(
    page
      .getByRole('navigation')
      .getByRole('button', { name: lang === 'es' ? 'Elegir un espacio' : 'Select a Space', exact: true }),
  );
  await ear.press('Enter');
  await expect(rentalSection(page)).toHaveAttribute('data-rental-section', 'detail_page');
  const medium = page.locator('[data-group="medium"]').getByRole('button', { name: text.select, exact: true });
  let from = ear.said.length;
  await ear.reach(medium);
  await ear.heard(new RegExp(`^.*${text.select}, (botón|button), (contraído|collapsed), .*\\$\\d`), from);
  await ear.press('Enter');
  await ear.heard(new RegExp(`${text.select}, (botón, |button, )?(expandido|expanded)`), from);

  // Every unit of the group is heard with its price, then the first is chosen.
  const selects = page.locator('#unit-group-panel .unit-row__select');
  await expect(selects.first()).toBeVisible();
  const count = await selects.count();
  for (let index = 0; index < count; index += 1) {
    from = ear.said.length;
    await ear.reach(selects.nth(index));
    const name = (await selects.nth(index).getAttribute('aria-label'))!;
    const said = ear.said[await ear.heard(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), from)]!.text;
    expect(said, `unit ${index}`).toMatch(/\$\d+/);
  }
  await ear.reach(selects.first(), 'Shift+Tab');
  await ear.press('Enter');
  await expectSection(page, 'rent_this_space');

  // The price key: the side panel's rent and total, on request.
  from = ear.said.length;
  await ear.press('NumpadSubtract');
  await ear.heard(
    lang === 'es'
      ? /Renta mensual \$[\d.]+\. Costo total de mudanza \$/
      : /Monthly rent \$[\d.]+\. Total cost to move in \$/,
    from,
  );

  await ear.reach(
    page.getByRole('button', { name: lang === 'es' ? /Verificar identificación manualmente/ : /Manually Verify ID/ }),
  );
  await ear.press('Enter');
  await expectSection(page, 'info');

  const fieldKeys: Array<[RegExp, string]> =
    lang === 'es'
      ? [
          [/^Correo electrónico/, 'ana.lopez@example.com'],
          [/^Celular/, '2175550182'],
          [/^Nombre( \*)?$/, 'Ana'],
          [/^Apellido/, 'Lopez'],
          [/^Dirección( \*)?$/, '1250 Maple Street'],
          [/^Ciudad/, 'Springfield'],
          [/^Código postal/, '62704'],
          [/^Número de licencia/, 'D1234567'],
          [/^Fecha de vencimiento/, '12312030'],
        ]
      : [
          [/^Email/, 'ann.lee@example.com'],
          [/^Cell Phone/, '2175550182'],
          [/^First Name/, 'Ann'],
          [/^Last Name/, 'Lee'],
          [/^Address/, '1250 Maple Street'],
          [/^City/, 'Springfield'],
          [/^Zip Code/, '62704'],
          [/^License Number/, 'D1234567'],
          [/^Expiration Date/, '12312030'],
        ];
  for (const [label, value] of fieldKeys) {
    from = ear.said.length;
    await ear.reach(page.getByLabel(label).first());
    if (/Fecha|Expiration/.test(label.source)) {
      // The date's format is said with the field.
      await ear.heard(
        lang === 'es' ? /escriba mes, día y año: MM\/DD\/AAAA/ : /type month, day and year: MM\/DD\/YYYY/,
        from,
      );
    }
    await ear.type(value);
  }
  await expect(page.getByLabel(lang === 'es' ? /^Estado( \*)?$/ : /^State( \*)?$/).first()).toHaveValue('IL');
  const issuing = page.getByLabel(lang === 'es' ? /^Estado emisor/ : /^Issuing State/);
  await ear.reach(issuing);
  await ear.type('Illinois');
  await expect(issuing).toHaveValue('IL');
  const business = page.getByRole('group', { name: lang === 'es' ? /¿Alquiler para empresa\?/ : /Business Rental\?/ });
  if (await business.isVisible())
    await answerRadio(page, ear, lang === 'es' ? /¿Alquiler para empresa\?/ : /Business Rental\?/, 'No');
  await done(page, ear, text.done, 'secondary_contact');

  // Secondary contact: the waiver box ticked with Enter is heard checked; the military question with its answer.
  const waive = page.getByRole('checkbox', { name: lang === 'es' ? /Renuncio a mi derecho/ : /I waive my right/ });
  await ear.reach(waive);
  from = ear.said.length;
  await ear.press('Enter');
  await ear.heard(lang === 'es' ? /Renuncio a mi derecho.*, marcada/ : /I waive my right.*, checked/, from);
  await answerRadio(page, ear, lang === 'es' ? /¿Está en servicio militar activo\?/ : /active military/, 'No');
  await done(page, ear, text.done, 'vehicle_storage');
  await answerRadio(page, ear, lang === 'es' ? /¿Va a guardar un vehículo\?/ : /storing vehicle/, 'No');
  await done(page, ear, text.done, 'discounts');
  const none = lang === 'es' ? 'Ninguno' : 'None';
  const discounts = page.getByRole('radio', { name: none, exact: true });
  await ear.reach(discounts, 'Tab');
  if (!(await discounts.isChecked())) {
    from = ear.said.length;
    await ear.press('Enter');
    await ear.heard(new RegExp(`${none}, (marcada|checked)`), from);
  }
  await done(page, ear, text.done, 'content_insurance');

  // Every plan: its name, coverage and premium with its button.
  const plans = page.locator('.insurance-plan:not(.insurance-plan--own)').getByRole('button');
  for (let index = 0; index < (await plans.count()); index += 1) {
    from = ear.said.length;
    await ear.reach(plans.nth(index));
    await ear.heard(/Protection.*\$[\d,]+.*\$\d+\.\d\d/, from);
  }
  await done(page, ear, text.done, 'about_convenience');

  // The lock with its price, ticked and heard so; the gate code chosen.
  const lock = page.getByRole('checkbox', { name: lang === 'es' ? /Agregar un candado/i : /Add a lock/i });
  from = ear.said.length;
  await ear.reach(lock);
  await ear.heard(/\$19\.99/, from);
  await ear.press('Enter');
  await ear.heard(lang === 'es' ? /, marcada/ : /, checked/, from);
  await ear.reach(page.getByLabel(lang === 'es' ? /Elija su código de acceso/ : /Choose your gate code/));
  await ear.type(GATE_CODE);
  await expect(
    page.getByText(lang === 'es' ? 'Este código de acceso es suyo.' : 'This gate code is yours.'),
  ).toBeVisible();
  from = ear.said.length;
  await done(page, ear, text.done, 'swipe_scan');
  // The amount before the payment, on arrival at the swipe screen.
  await ear.heard(text.payAmount, from);
  const counter = await page.locator('.rental-frame__step').textContent();

  const pay = async (outcome: 'approve' | 'decline') => {
    await control(`${kiosk.simulatorUrl}/__simulator/next`, { outcome });
    await expectSection(page, 'card_details');
    // The step counter does not move between swiping and the card's details.
    await expect(page.locator('.rental-frame__step')).toHaveText(counter!);
    // A swipe read is said: the CVV takes the focus with its prompt.
    await ear.heard(lang === 'es' ? /Se leyó su tarjeta|leída/i : /Your card was read/, from);
    const number = page.getByLabel(lang === 'es' ? /^Número de tarjeta/ : /^Card number/i);
    from = ear.said.length;
    await ear.reach(number, 'Shift+Tab');
    await ear.heard(
      lang === 'es' ? /16 dígitos, terminada en 1 1 1 1|terminada en 0 0 0 2/ : /16 digits, ending in/,
      from,
    );
    await ear.reach(page.getByLabel('CVV'));
    await ear.type(CVV);
    from = ear.said.length;
    await ear.reach(page.getByRole('button', { name: text.complete, exact: true }));
    // The pay button says the total it will charge.
    await ear.heard(new RegExp(`${text.complete}, (botón|button), .*\\$[\\d,]+\\.\\d\\d`), from);
    await ear.press('Enter');
    await expectSection(page, 'panda_fields');
    await additionalInformation();
    await signByEar();
  };

  // A second visit (after a declined card) finds the answers kept: only what is not there yet is typed.
  const additionalInformation = async () => {
    await expect(page.getByRole('heading', { name: 'About your stored goods' })).toBeVisible();
    const goods = page.getByLabel(/What will you store/);
    await ear.reach(goods);
    if ((await goods.inputValue()) === '') await ear.type('Boxes');
    for (const choice of [
      page.getByRole('radio', { name: 'Personal use' }),
      page.getByRole('checkbox', { name: /I will not store hazardous materials/ }),
    ]) {
      await ear.reach(choice);
      if (!(await choice.isChecked())) await ear.press('Enter');
      await expect(choice).toBeChecked();
    }
    const ssn = page.getByLabel(/Social Security Number/);
    await ear.reach(ssn);
    if ((await ssn.inputValue()) === '') await ear.type(SSN);
    await expect(ssn).toHaveValue('123-45-6789');
    // Away and back: the SSN is said by its length only.
    from = ear.said.length;
    await ear.press('Shift+Tab');
    await ear.press('Tab');
    const ssnSaid = await ear.heard(
      lang === 'es' ? /Social Security Number.*11 caracteres/ : /Social Security Number.*11 characters/,
      from,
    );
    // The operator's label is its own English (lang="en"): on a Spanish screen, said in the English voice.
    if (lang === 'es')
      expect(ear.said[ssnSaid]!.parts).toContainEqual({
        text: expect.stringMatching(/^Social Security Number/),
        lang: 'en',
      });
    await done(page, ear, text.done, 'panda_agreements');
  };

  const signByEar = async () => {
    for (const name of ['Rental Agreement', 'Certificate of Protection']) {
      const frameElement = page.locator(`iframe[title="${name}"]`);
      await expect(frameElement).toBeVisible({ timeout: 20_000 });
      // The document's summary is read, saying the page itself cannot be.
      await ear.heard(
        new RegExp(
          `${lang === 'es' ? 'Resumen proporcionado por la instalación' : 'Summary provided by the facility'}`,
        ),
      );
      const sign = page.frameLocator(`iframe[title="${name}"]`).getByRole('button', { name: 'Sign' });
      await expect(sign).toBeVisible();
      from = ear.said.length;
      await ear.reach(sign);
      // The sign control is announced as the focus enters the signing page.
      await ear.heard(
        new RegExp(
          `${name}.*${lang === 'es' ? 'Su botón Sign firma este documento' : 'Its Sign button signs this document'}`,
        ),
        from,
      );
      await ear.press('Enter');
      await ear.heard(new RegExp(`${name} ${lang === 'es' ? 'firmado' : 'signed'}`), from);
    }
  };

  if (options.declineFirst) {
    await pay('decline');
    await expectSection(page, 'confirm_rental');
    // The refusal is heard as it shows, in the visitor's words, naming the button that retries.
    const declined = await ear.heard(text.declined);
    if (lang === 'es') expect(ear.said[declined]!.text).not.toMatch(/Your card|declined/);
    await ear.reach(page.getByRole('button', { name: text.retry, exact: true }));
    await ear.press('Enter');
    await expectSection(page, 'card_details');
    await ear.reach(page.getByRole('button', { name: text.swipeDifferent }));
    from = ear.said.length;
    await ear.press('Enter');
    await expectSection(page, 'swipe_scan');
    await ear.heard(text.payAmount, from);
  }
  await pay('approve');

  // The confirmation: its text, the unit and the gate code digit by digit, and a key to hear it again.
  await expectSection(page, 'confirm_rental');
  const confirmed = await ear.heard(text.confirmed);
  expect(ear.said[confirmed]!.text).toMatch(/4 8 2 7/);
  from = ear.said.length;
  const pressesToConfirmation = ear.presses();
  await ear.press('NumpadSubtract');
  await ear.heard(lang === 'es' ? /Su código de acceso es 4 8 2 7/ : /Your gate code is 4 8 2 7/, from);
  await ear.press('NumpadDivide');
  await ear.heard(
    lang === 'es' ? /Su código de acceso es 4 8 2 7\. Su espacio:/ : /Your gate code is 4 8 2 7\. Your space:/,
    from + 1,
  );
  // The repeat key says the last utterance again, whatever it was when the key was pressed: a
  // late status, such as the gate-code text's outcome from the daemon's outbox, may be said
  // just before the key, and is then the one repeated.
  const before = ear.said.length;
  await ear.press('NumpadMultiply');
  const repeated = () =>
    ear.said.some((utterance, index) => index >= before && utterance.text === ear.said[index - 1]!.text);
  await expect.poll(repeated, { message: 'an utterance said twice in a row after the repeat key' }).toBe(true);

  // In the visitor's language throughout, after the language switch.
  if (lang === 'es') {
    const first = ear.said.findIndex((utterance) => utterance.lang === 'es');
    expect(ear.said.slice(first).filter((utterance) => utterance.lang !== 'es')).toEqual([]);
  }
  // No secret in any utterance, log line, spool file or shipped log.
  for (const utterance of ear.said) expectNoSecret(JSON.stringify(utterance), `said: ${utterance.text}`);
  for (const utterance of ear.said) expect(utterance.text).not.toMatch(new RegExp(`\\b${CVV}\\b`));
  const logs = await everyLog();
  expectNoSecret(logs, 'logs');
  expect(logs).not.toMatch(/123-45-6789/);

  // Figures for the record: keypresses to the confirmation, every utterance.
  mkdirSync('test-results/rent-by-ear', { recursive: true });
  writeFileSync(
    `test-results/rent-by-ear/utterances-${lang}.json`,
    JSON.stringify({ pressesToConfirmation, utterances: ear.said }, null, 2),
  );
  expect(readdirSync(wavDir).length).toBeGreaterThan(0);
}

test('a whole rental in Spanish by ear, keys only: a declined card, then a good one', async ({ page }) => {
  test.setTimeout(300_000);
  await rentByEar(page, 'es', { declineFirst: true });
});

test('a whole rental in English by ear, keys only', async ({ page }) => {
  test.setTimeout(240_000);
  await rentByEar(page, 'en', { declineFirst: false });
});
