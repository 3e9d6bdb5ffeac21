import { describe, expect, it } from 'vitest';
import { en } from '../forms/messages';
import { withoutFinalStop } from './sentence';

describe('withoutFinalStop', () => {
  it('lets the gate-code text failure read as one sentence whether or not the server ended it with a period', () => {
    const shown = (server: string) =>
      en({ key: 'rental.confirm.text_failed_server', values: { message: withoutFinalStop(server) } });
    expect(shown('Phone number is not reachable.')).toBe('Phone number is not reachable. Please try again.');
    expect(shown('Phone number is not reachable')).toBe('Phone number is not reachable. Please try again.');
    expect(shown('Carrier refused the message... ')).toBe('Carrier refused the message. Please try again.');
  });

  it('keeps a period inside the message', () => {
    expect(withoutFinalStop('Use 555.0100 instead.')).toBe('Use 555.0100 instead');
  });
});
