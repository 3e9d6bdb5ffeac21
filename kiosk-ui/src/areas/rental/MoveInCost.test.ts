import { describe, expect, it } from 'vitest';
import { costOk, rentalRoot, unit } from './rental-test-fixtures';

describe('MoveInCost', () => {
  it('a newer calculation cancels the one in flight', async () => {
    let call = 0;
    const { root } = await rentalRoot({
      'GET /api/facilities/demo/space-types/m-10x10/rental-cost/': () => (++call === 2 ? { hang: true } : costOk),
    });
    await root.rental.selection.chooseUnit(unit());
    const first = root.rental.cost.recalculate();
    const second = root.rental.cost.recalculate();
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(true);
    expect(root.rental.pick.costLoading).toBe(false);
    expect(root.rental.alert).toBeNull();
  });
});
