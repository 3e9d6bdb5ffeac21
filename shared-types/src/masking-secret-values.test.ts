import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { removeSecretValues, REMOVED } from './masking-secret-values.js';
import { maskSecrets } from './masking.js';

/** A JSON-like tree with the secret somewhere under the key, at any depth. */
function nestedUnder(key: string, value: string, path: string[]): unknown {
  let tree: unknown = { [key]: value, status: 'kept' };
  for (const step of path) tree = step === '[]' ? [tree] : { [step]: tree };
  return tree;
}

const path = fc.array(fc.constantFrom('[]', 'data', 'payment', 'form', 'headers'), { maxLength: 6 });

describe('maskSecrets, configured secret values', () => {
  it('removes the configured secret values from any text, key or value, at any depth', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9._~+/=-]{8,40}$/),
        fc.string(),
        fc.string(),
        path,
        (secret, before, after, steps) => {
          const text = `${before}${secret}${after}`;
          const tree = nestedUnder('message', text, steps);
          const masked = maskSecrets({ tree, [secret]: 1, list: [text] }, { secretValues: [secret] });
          expect(JSON.stringify(masked)).not.toContain(secret);
          expect(removeSecretValues(text, [secret])).not.toContain(secret);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('removes the configured API key inside free text and keeps the text around it', () => {
    const key = 'kiosk-secret-key-1f0c';
    expect(
      maskSecrets(
        { event: `upstream said: bad key ${key}!`, url: `https://op.example/?key=${key}` },
        { secretValues: [key] },
      ),
    ).toEqual({ event: `upstream said: bad key ${REMOVED}!`, url: `https://op.example/?key=${REMOVED}` });
  });
});
