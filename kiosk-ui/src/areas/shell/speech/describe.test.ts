import { describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n';
import { describeControl, type Translate } from './describe';
import { markPrivate } from './private-stretches';

const t = i18next.t as unknown as Translate;

function focusable(html: string, selector: string): Element {
  document.body.innerHTML = html;
  return document.querySelector(selector)!;
}

describe('describeControl', () => {
  it('says a field by its label, role, value and state', () => {
    const zip = focusable(
      '<label for="zip">Zip</label><input id="zip" required aria-invalid="true" aria-describedby="zip-error"><p id="zip-error" role="alert">Invalid zip code</p>',
      '#zip',
    );
    expect(describeControl(zip, t)).toBe('Zip, edit text, blank, required, invalid entry, Invalid zip code');
    (zip as HTMLInputElement).value = '0210';
    expect(describeControl(zip, t)).toMatch(/^Zip, edit text, 0210,/);
  });

  it('says buttons, toggles, check boxes and selects with their state', () => {
    expect(describeControl(focusable('<button>I WANT TO CONTINUE</button>', 'button'), t)).toBe(
      'I WANT TO CONTINUE, button',
    );
    expect(
      describeControl(
        focusable('<button aria-pressed="true"><svg aria-hidden="true"></svg>Audio</button>', 'button'),
        t,
      ),
    ).toBe('Audio, button, on');
    expect(describeControl(focusable('<label><input type="checkbox" checked> Autopay</label>', 'input'), t)).toBe(
      'Autopay, check box, checked',
    );
    expect(
      describeControl(
        focusable(
          '<label for="s">State</label><select id="s"><option value="">Choose</option><option value="MA" selected>Massachusetts</option></select>',
          'select',
        ),
        t,
      ),
    ).toBe('State, list box, Massachusetts');
  });

  it('says only the length of a CVV or password, never what was typed', () => {
    const cvv = focusable(
      '<label for="c">CVV</label><input id="c" name="cc_cvv" type="password" value="123">',
      'input',
    );
    expect(describeControl(cvv, t)).toBe('CVV, edit text, 3 characters');
    const password = focusable(
      '<label for="p">Password</label><input id="p" name="password" value="Password!1">',
      'input',
    );
    expect(describeControl(password, t)).toBe('Password, edit text, 10 characters');
    expect(describeControl(password, t)).not.toContain('Password!1');
  });

  it('keeps to the masking rule: an SSN by its type, a card number typed so far, an expiry', () => {
    const ssn = focusable(
      '<label for="t">Taxpayer number</label><input id="t" name="tax_id" data-field-type="ssn" value="123-45-6789">',
      'input',
    );
    expect(describeControl(ssn, t)).toBe('Taxpayer number, edit text, 11 characters');
    const named = focusable('<label for="s">SSN</label><input id="s" name="tenant_ssn" value="123-45-6789">', 'input');
    expect(describeControl(named, t)).not.toMatch(/\d{3}/);
    const card = focusable(
      '<label for="n">Card Number</label><input id="n" name="cc_number" value="4111 1111 111">',
      'input',
    );
    expect(describeControl(card, t)).toBe(`Card Number, edit text, 11 digits, ${markPrivate('ending in 1 1 1 1')}`);
    (card as HTMLInputElement).value = '411';
    expect(describeControl(card, t)).toBe('Card Number, edit text, 3 digits');
    const month = focusable(
      '<label for="m">Expiry Month</label><select id="m" name="cc_exp_month"><option value="">Month</option><option value="04" selected>04</option></select>',
      'select',
    );
    expect(describeControl(month, t)).toBe('Expiry Month, list box, chosen');
  });

  it('says what the visitor typed in a personal field (an address, a gate code, a name), marked private', () => {
    const address = focusable(
      '<label for="a">Address</label><input id="a" name="mailing_address1" value="12 Elm Street">',
      'input',
    );
    expect(describeControl(address, t)).toBe(`Address, edit text, ${markPrivate('12 Elm Street')}`);
    const gate = focusable('<label for="g">Gate Code</label><input id="g" name="gate_code" value="4827">', 'input');
    expect(describeControl(gate, t)).toBe(`Gate Code, edit text, ${markPrivate('4827')}`);
    const name = focusable(
      '<label for="n">First Name</label><input id="n" name="tenant_first_name" value="Ann">',
      'input',
    );
    expect(describeControl(name, t)).toBe(`First Name, edit text, ${markPrivate('Ann')}`);
    const goods = focusable(
      '<label for="s">What will you store?</label><input id="s" name="goods" value="Boxes">',
      'input',
    );
    expect(describeControl(goods, t)).toBe('What will you store?, edit text, Boxes');
  });
});
