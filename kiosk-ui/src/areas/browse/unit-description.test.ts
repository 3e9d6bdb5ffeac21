import { describe, expect, it } from 'vitest';
import { unitDescription } from './unit-description';

const unit = { description: 'Climate controlled 5x10.', sf_description: 'Ground floor, next to the elevator.' };

describe('unitDescription', () => {
  it("shows the operator's updated text when the unit says it was updated", () => {
    expect(unitDescription({ ...unit, description_updated: true })).toBe('Ground floor, next to the elevator.');
    expect(unitDescription({ ...unit, description_updated: 1 as unknown as boolean })).toBe(
      'Ground floor, next to the elevator.',
    );
    expect(unitDescription({ ...unit, description_updated: '1' as unknown as boolean })).toBe(
      'Ground floor, next to the elevator.',
    );
  });

  it('keeps the description when the unit was not updated, whatever sf_description holds', () => {
    expect(unitDescription(unit)).toBe('Climate controlled 5x10.');
    expect(unitDescription({ ...unit, description_updated: false })).toBe('Climate controlled 5x10.');
    expect(unitDescription({ ...unit, description_updated: 0 as unknown as boolean })).toBe('Climate controlled 5x10.');
  });

  it('keeps the description when the update flag comes without a text', () => {
    expect(unitDescription({ description: 'Climate controlled 5x10.', description_updated: true })).toBe(
      'Climate controlled 5x10.',
    );
    expect(unitDescription({ ...unit, sf_description: '  ', description_updated: true })).toBe(
      'Climate controlled 5x10.',
    );
  });
});
