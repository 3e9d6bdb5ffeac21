import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { startAnnouncer } from './announcer';
import { markPrivate } from './private-stretches';

/** What the announcer says for a page and what happens on it, each batch as one utterance. */
async function listen(html: string) {
  document.body.innerHTML = html;
  const said: string[] = [];
  const stop = startAnnouncer((text) => said.push(text));
  await vi.waitFor(() => expect(said.length).toBeGreaterThan(0));
  return { said, stop };
}

let stopAnnouncer: (() => void) | undefined;
afterEach(() => {
  stopAnnouncer?.();
  document.body.innerHTML = '';
});

const step = `<main><section><header><h1>Vehicle</h1><p>Step 4 of 9</p></header>
  <div><p>Tell us about the vehicle you will store.</p>
  <fieldset><legend>Are you storing a vehicle? *</legend>
    <label><input type="radio" name="v" value="yes"> Yes</label>
    <label><input type="radio" name="v" value="no"> No</label>
  </fieldset>
  <label><input type="checkbox" id="lock" aria-describedby="lock-price"> Add a lock</label><p id="lock-price">$19.99</p>
  <label for="d">Date</label><input id="d" data-field-type="date" placeholder="MM/DD/YYYY">
  </div></section></main>`;

describe('startAnnouncer', () => {
  it("says a step's title, counter and instruction on arrival", async () => {
    const { said, stop } = await listen(step);
    stopAnnouncer = stop;
    expect(said[0]).toBe('Vehicle. Step 4 of 9. Tell us about the vehicle you will store.');
  });

  it('says a radio with its question and its true state, a ticked box with its price, a date with its format', async () => {
    const { said, stop } = await listen(step);
    stopAnnouncer = stop;
    const [yes, no] = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    // As an arrow key does: the focus moves, then the radio is checked.
    yes!.focus();
    yes!.checked = true;
    await vi.waitFor(() => expect(said.at(-1)).toBe('Are you storing a vehicle?, Yes, radio button, checked.'));
    no!.focus();
    no!.checked = true;
    await vi.waitFor(() => expect(said.at(-1)).toBe('No, radio button, checked.'));
    const lock = document.querySelector<HTMLInputElement>('#lock')!;
    lock.focus();
    await vi.waitFor(() => expect(said.at(-1)).toBe('Add a lock, check box, not checked, $19.99.'));
    lock.click();
    await vi.waitFor(() => expect(said.at(-1)).toBe('Add a lock, checked.'));
    document.querySelector<HTMLInputElement>('#d')!.focus();
    await vi.waitFor(() =>
      expect(said.at(-1)).toMatch(/^Date, edit text, blank, type month, day and year: MM\/DD\/YYYY\.$/),
    );
  });

  it("says a field's error with the field's name, and a confirmation's code digit by digit, marked private", async () => {
    const { said, stop } = await listen(
      '<main><h1>Info</h1><label for="zip">Zip Code *</label><input id="zip" aria-describedby="zip-error"><div id="slot"></div></main>',
    );
    stopAnnouncer = stop;
    document.querySelector('#slot')!.innerHTML = '<p id="zip-error" role="alert">Invalid zip code</p>';
    await vi.waitFor(() => expect(said.at(-1)).toBe('Zip Code: Invalid zip code.'));
    document.body.innerHTML =
      '<main><h1>Congratulations</h1><p data-speak-on-arrival>Your rental is confirmed!</p>' +
      '<dl data-speak-on-arrival><dt>Your gate code</dt><dd data-speak-digits>4827</dd></dl></main>';
    await vi.waitFor(() =>
      expect(said.at(-1)).toBe(`Congratulations. Your rental is confirmed! Your gate code ${markPrivate('4 8 2 7')}.`),
    );
    // What the page marks private is, whole.
    document.body.innerHTML =
      '<main><h1>Done</h1><dl data-speak-on-arrival data-private><dt>Unit A12</dt><dd>Move-in 07/01/2026</dd></dl></main>';
    await vi.waitFor(() => expect(said.at(-1)).toBe(`Done. ${markPrivate('Unit A12 Move-in 07/01/2026')}.`));
  });

  it("on a tenant's screens every figure is private; elsewhere, as it is", async () => {
    const { said, stop } = await listen(
      '<main data-section="pay_bill"><h1>PAY MY BILL</h1><p>Unit A12: balance due $125.50</p></main>',
    );
    stopAnnouncer = stop;
    await vi.waitFor(() =>
      expect(said.at(-1)).toBe(`PAY MY BILL. Unit ${markPrivate('A12')}: balance due ${markPrivate('$125.50')}.`),
    );
    document.body.innerHTML = '<main data-section="rent"><h1>SELECT A SPACE</h1><p>10x10 from $95.00</p></main>';
    await vi.waitFor(() => expect(said.at(-1)).toBe('SELECT A SPACE. 10x10 from $95.00.'));
  });
});
