import type { FacilitySettings, KioskConfig, Unit } from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { createFlowState } from '../flow/flow';
import { createTestRoot, wrapped } from '../test/fakes';

/** setMilitary / selectDiscount / setBusinessRental (rental §4 "Conditional sections"). */

const PROMOS = [
  { promo_id: 'promo-default', promo_type: 'default' as const, promo_description: 'Half off' },
  { promo_id: 'promo-military', promo_type: 'military' as const, promo_description: '15 % military' },
  { promo_id: 'promo-senior', promo_type: 'senior' as const, promo_description: '10 % senior' },
  { promo_id: 'promo-student', promo_type: 'student' as const, promo_description: '10 % student' },
];

function setup(promos = PROMOS) {
  const totals: Record<string, string> = {
    'promo-default': '100.00',
    'promo-military': '90.00',
    'promo-senior': '95.00',
    'promo-student': '96.00',
  };
  const test = createTestRoot({
    routes: {
      'GET /api/facilities/demo/space-types/m-10x10/rental-cost/': (request) => {
        const total = totals[request.query.get('promo_id') ?? ''] ?? '120.00';
        return { body: wrapped({ costs: [{ name: 'Total', amount: total, total }], gds_raw: null }) };
      },
      'POST /log': { status: 204 },
    },
  });
  const { root } = test;
  const unit = { unit_id: 'm-10x10', parking: false, promos } as unknown as Unit;
  runInAction(() => {
    root.config.facilityId = 'demo';
    root.config.config = { owner_id: 'demo-owner' } as KioskConfig;
    root.config.facility = {
      enable_storing_vehicle: true,
      enable_parking_type_fields: true,
      autopay_required: false,
      autopay_always_required: false,
      frontend_conf: { secondary_contact_required: false },
    } as FacilitySettings;
    root.shell.section = 'rent';
    root.rental.pick.unit = unit;
    root.rental.model.space_id = 'sp-b-10';
    root.rental.model.promo_id = 'promo-default';
    root.rental.flow = createFlowState(
      { settings: root.config.facility!, unit, insurancePlans: [{ enabled: true }] },
      { loggedIn: false },
    );
    root.rental.goTo('secondary_contact');
  });
  const costCalls = () => test.requests.filter((request) => request.path.endsWith('/rental-cost/'));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { ...test, costCalls, settle };
}

describe('RentalStore.setMilitary', () => {
  it('Yes inserts military_info after secondary_contact, removes discounts, selects the military promo and recalculates', async () => {
    const { root, costCalls, settle } = setup();
    expect(root.rental.sections).toContain('discounts');
    runInAction(() => {
      root.rental.model.senior = true;
    });

    root.rental.setMilitary(true);
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
    const { root, costCalls, settle } = setup();
    root.rental.setMilitary(true);
    await settle();
    root.rental.setMilitary(false);
    await settle();
    expect(root.rental.sections).not.toContain('military_info');
    expect(root.rental.sections).toContain('discounts');
    expect(root.rental.model.promo_id).toBe('promo-default');
    expect(root.rental.model.total_amount).toBe('100.00');
    expect(costCalls()).toHaveLength(2);
  });

  it('answering No first changes nothing and costs no call; repeating Yes does not insert twice', async () => {
    const { root, costCalls, settle } = setup();
    root.rental.setMilitary(false);
    await settle();
    expect(root.rental.model.active_military).toBe(false);
    expect(costCalls()).toHaveLength(0);
    root.rental.setMilitary(true);
    root.rental.setMilitary(true);
    await settle();
    expect(root.rental.sections.filter((section) => section === 'military_info')).toHaveLength(1);
    expect(costCalls()).toHaveLength(1);
  });

  it('without senior or student promos, No does not bring discounts back', () => {
    const { root } = setup(PROMOS.filter((promo) => promo.promo_type === 'default' || promo.promo_type === 'military'));
    root.rental.setMilitary(true);
    root.rental.setMilitary(false);
    expect(root.rental.sections).not.toContain('discounts');
  });
});

describe('RentalStore.selectDiscount', () => {
  it('Senior and Student exclude each other and select their promo; None goes back to the default', async () => {
    const { root, settle } = setup();
    root.rental.selectDiscount('senior');
    await settle();
    expect(root.rental.model).toMatchObject({
      senior: true,
      student: false,
      promo_id: 'promo-senior',
      total_amount: '95.00',
    });
    root.rental.selectDiscount('student');
    await settle();
    expect(root.rental.model).toMatchObject({
      senior: false,
      student: true,
      promo_id: 'promo-student',
      total_amount: '96.00',
    });
    root.rental.selectDiscount('none');
    await settle();
    expect(root.rental.model).toMatchObject({
      senior: false,
      student: false,
      promo_id: 'promo-default',
      total_amount: '100.00',
    });
  });
});

describe('RentalStore.setBusinessRental', () => {
  it('Yes puts business_info right after info, No takes it out', () => {
    const { root } = setup();
    root.rental.setBusinessRental(true);
    expect(root.rental.model.business_contact_needed).toBe(true);
    const list = root.rental.sections;
    expect(list[list.indexOf('info') + 1]).toBe('business_info');
    root.rental.setBusinessRental(false);
    expect(root.rental.sections).not.toContain('business_info');
    expect(root.rental.model.business_contact_needed).toBe(false);
  });
});
