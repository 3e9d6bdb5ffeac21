import { runInAction } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { calls, CONDITIONAL_PROMOS, conditionalRoot, rentalRoot, unit } from './rental-test-fixtures';

describe('PromoChoice.select', () => {
  it('recalculates with the chosen promo', async () => {
    const { root, requests } = await rentalRoot();
    await root.rental.selection.chooseUnit(unit());
    root.rental.promo.select('promo-senior');
    expect(root.rental.pick.costLoading).toBe(true);
    await vi.waitFor(() => expect(root.rental.pick.costLoading).toBe(false));
    expect(
      calls(requests, /rental-cost/)
        .at(-1)
        ?.query.get('promo_id'),
    ).toBe('promo-senior');
  });
});

describe('PromoChoice.setMilitary', () => {
  it('Yes inserts military_info after secondary_contact, removes discounts, selects the military promo and recalculates', async () => {
    const { root, costCalls, settle } = conditionalRoot();
    expect(root.rental.sections).toContain('discounts');
    runInAction(() => {
      root.rental.model.senior = true;
    });

    root.rental.promo.setMilitary(true);
    await settle();

    expect(root.rental.model.active_military).toBe(true);
    expect(root.rental.model.senior).toBe(false);
    const list = root.rental.sections;
    expect(list[list.indexOf('secondary_contact') + 1]).toBe('military_info');
    expect(list).not.toContain('discounts');
    expect(root.rental.model.promo_id).toBe('promo-military');
    expect(costCalls().at(-1)?.query.get('promo_id')).toBe('promo-military');
    expect(root.rental.model.total_amount).toBe('90.00');

    root.rental.done();
    expect(root.rental.section).toBe('military_info');
  });

  it('No takes military_info out, brings discounts back and goes back to the default promo', async () => {
    const { root, costCalls, settle } = conditionalRoot();
    root.rental.promo.setMilitary(true);
    await settle();
    root.rental.promo.setMilitary(false);
    await settle();
    expect(root.rental.sections).not.toContain('military_info');
    expect(root.rental.sections).toContain('discounts');
    expect(root.rental.model.promo_id).toBe('promo-default');
    expect(root.rental.model.total_amount).toBe('100.00');
    expect(costCalls()).toHaveLength(2);
  });

  it('answering No first changes nothing and costs no call; repeating Yes does not insert twice', async () => {
    const { root, costCalls, settle } = conditionalRoot();
    root.rental.promo.setMilitary(false);
    await settle();
    expect(root.rental.model.active_military).toBe(false);
    expect(costCalls()).toHaveLength(0);
    root.rental.promo.setMilitary(true);
    root.rental.promo.setMilitary(true);
    await settle();
    expect(root.rental.sections.filter((section) => section === 'military_info')).toHaveLength(1);
    expect(costCalls()).toHaveLength(1);
  });

  it('without senior or student promos, No does not bring discounts back', () => {
    const { root } = conditionalRoot(
      CONDITIONAL_PROMOS.filter((promo) => promo.promo_type === 'default' || promo.promo_type === 'military'),
    );
    root.rental.promo.setMilitary(true);
    root.rental.promo.setMilitary(false);
    expect(root.rental.sections).not.toContain('discounts');
  });
});

describe('PromoChoice.selectDiscount', () => {
  it('Senior and Student exclude each other and select their promo; None goes back to the default', async () => {
    const { root, settle } = conditionalRoot();
    root.rental.promo.selectDiscount('senior');
    await settle();
    expect(root.rental.model).toMatchObject({
      senior: true,
      student: false,
      promo_id: 'promo-senior',
      total_amount: '95.00',
    });
    root.rental.promo.selectDiscount('student');
    await settle();
    expect(root.rental.model).toMatchObject({
      senior: false,
      student: true,
      promo_id: 'promo-student',
      total_amount: '96.00',
    });
    root.rental.promo.selectDiscount('none');
    await settle();
    expect(root.rental.model).toMatchObject({
      senior: false,
      student: false,
      promo_id: 'promo-default',
      total_amount: '100.00',
    });
  });
});
