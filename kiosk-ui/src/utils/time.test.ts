import { describe, expect, it } from 'vitest';
import { formatCountdown } from './time';

describe('formatCountdown', () => {
  it('shows minutes and seconds as mm:ss', () => {
    expect(formatCountdown(180)).toBe('03:00');
    expect(formatCountdown(179)).toBe('02:59');
    expect(formatCountdown(5)).toBe('00:05');
  });

  it('never goes below zero', () => {
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
