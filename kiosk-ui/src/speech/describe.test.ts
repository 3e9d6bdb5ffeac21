import { describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { describeControl, type Translate } from './describe';

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
});
