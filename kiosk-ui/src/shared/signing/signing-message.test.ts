import { describe, expect, it } from 'vitest';
import { isSigningCompleted } from './signing-message';

const frameWindow = {} as MessageEventSource;
const otherWindow = {} as MessageEventSource;
const expected = { url: 'http://127.0.0.1:8090/pages/sign/k-1', source: frameWindow, ids: ['k-1', 'doc-1'] };
const completed = { event: 'session_view.document.completed', data: { id: 'k-1' } };

describe('the signing frame completion message', () => {
  it('counts when it comes from the frame, from its origin, naming this document', () => {
    expect(
      isSigningCompleted({ origin: 'http://127.0.0.1:8090', source: frameWindow, data: completed }, expected),
    ).toBe(true);
    // The provider's JSON-text form and its own document id are accepted too.
    expect(
      isSigningCompleted(
        {
          origin: 'http://127.0.0.1:8090',
          source: frameWindow,
          data: JSON.stringify({ event: 'session_view.document.completed', data: { id: 'doc-1' } }),
        },
        expected,
      ),
    ).toBe(true);
  });

  it('is ignored from another origin, another window, or for another event or document', () => {
    expect(isSigningCompleted({ origin: 'http://evil.example', source: frameWindow, data: completed }, expected)).toBe(
      false,
    );
    expect(
      isSigningCompleted({ origin: 'http://127.0.0.1:8090', source: otherWindow, data: completed }, expected),
    ).toBe(false);
    expect(
      isSigningCompleted(
        { origin: 'http://127.0.0.1:8090', source: frameWindow, data: { event: 'session_view.document.loaded' } },
        expected,
      ),
    ).toBe(false);
    expect(
      isSigningCompleted(
        { origin: 'http://127.0.0.1:8090', source: frameWindow, data: { ...completed, data: { id: 'k-2' } } },
        expected,
      ),
    ).toBe(false);
    expect(
      isSigningCompleted({ origin: 'http://127.0.0.1:8090', source: frameWindow, data: 'not json' }, expected),
    ).toBe(false);
  });

  it('is ignored when it names no document', () => {
    expect(
      isSigningCompleted(
        { origin: 'http://127.0.0.1:8090', source: frameWindow, data: { event: 'session_view.document.completed' } },
        expected,
      ),
    ).toBe(false);
  });

  it('never counts a message when the frame is gone', () => {
    expect(
      isSigningCompleted(
        { origin: 'http://127.0.0.1:8090', source: frameWindow, data: completed },
        { ...expected, source: null },
      ),
    ).toBe(false);
  });
});
