import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone';

describe('maskPhone', () => {
  it('masks a phone with 10 national digits and leaves anything else as it came', () => {
    expect(maskPhone('+12175550147')).toBe('(217) 555-0147');
    expect(maskPhone('217555')).toBe('217555');
  });
});
