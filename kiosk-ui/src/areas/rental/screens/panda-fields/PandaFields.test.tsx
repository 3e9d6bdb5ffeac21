import type { FacilitySettings, Unit } from '@kiosk/shared-types';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../../i18n';
import { createFlowState } from '../../flow/flow';
import type { DynamicSection } from '../../forms/dynamic-fields';
import { StoresProvider } from '../../../../shared/stores/StoresProvider';
import { createTestRoot, wrapped } from '../../../../test/fakes';
import { dynamicItems } from './DynamicFields';
import PandaFields from './PandaFields';

afterEach(cleanup);

const SECTIONS: DynamicSection[] = [
  {
    title: 'About your stored goods',
    description: 'The lease asks what you will keep in your space.',
    fields: [
      { type: 'textarea', name: 'stored_goods', label: 'What will you store?', required: true },
      { type: 'radiobox', name: 'use_personal', label: 'Personal use', required: false, radiobox_group: 'storage_use' },
      { type: 'radiobox', name: 'use_business', label: 'Business use', required: false, radiobox_group: 'storage_use' },
      { type: 'checkbox', name: 'no_hazardous_goods', label: 'No hazardous goods', required: true },
    ],
  },
  {
    title: 'Alternate contact',
    fields: [
      { type: 'phone', name: 'alternate_phone', label: 'Alternate contact phone', required: false },
      { type: 'email', name: 'alternate_email', label: 'Alternate contact email', required: false },
    ],
  },
];

function renderStep(tokens: 'ok' | 'fail' = 'ok') {
  const test = createTestRoot({
    routes: {
      'POST /api/facilities/demo/pandadocs/generate-tokens/':
        tokens === 'ok'
          ? { body: wrapped({ dynamic_tokens: { sections: SECTIONS, tokens: { tenant_name: 'Jane Tenant' } } }) }
          : { body: { application_data: { status: 'error', code: 'RentalFailed' } } },
      'POST /log': { status: 204 },
    },
  });
  const { root } = test;
  const unit = { unit_id: 'm-10x10', parking: false, promos: [] } as unknown as Unit;
  runInAction(() => {
    root.config.facilityId = 'demo';
    root.config.facility = {
      enable_storing_vehicle: false,
      enable_parking_type_fields: false,
      frontend_conf: { secondary_contact_required: false },
    } as FacilitySettings;
    root.rental.flow = createFlowState(
      { settings: root.config.facility!, unit, insurancePlans: [] },
      { loggedIn: false },
    );
    root.rental.goTo('panda_fields');
  });
  render(
    <StoresProvider root={root}>
      <PandaFields section="panda_fields" />
    </StoresProvider>,
  );
  return test;
}

describe('additional information (panda_fields)', () => {
  it('groups radio fields of one group together, at the place of the first', () => {
    expect(
      dynamicItems(SECTIONS[0]!.fields).map((item) => (item.kind === 'radios' ? item.key : item.field.name)),
    ).toEqual(['stored_goods', 'radiobox_group:storage_use', 'no_hazardous_goods']);
  });

  it('draws every section and field, and Done needs the required ones', async () => {
    const { root } = renderStep();
    expect(await screen.findByRole('heading', { name: 'About your stored goods' })).toBeTruthy();
    expect(screen.getByText('The lease asks what you will keep in your space.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Personal use' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'No hazardous goods *' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    // The textarea, the radio group and the required checkbox.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(3));
    expect(root.rental.section).toBe('panda_fields');

    fireEvent.change(screen.getByLabelText(/What will you store/), { target: { value: 'Boxes and a bike' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Business use' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'No hazardous goods *' }));
    fireEvent.change(screen.getByLabelText('Alternate contact email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Alternate contact email'), { target: { value: 'sam@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    });
    await waitFor(() => expect(root.rental.section).toBe('panda_agreements'));
    expect(root.rental.model.dynamic_tokens).toMatchObject({
      tokens: { tenant_name: 'Jane Tenant' },
      values: {
        stored_goods: 'Boxes and a bike',
        use_personal: false,
        use_business: true,
        no_hazardous_goods: true,
        alternate_email: 'sam@example.com',
      },
    });
  });

  it('shows the retry screen when the tokens call fails', async () => {
    renderStep('fail');
    expect(
      await screen.findByText(
        'We are experiencing some problems with additional information. Please try again or ask the Manager for help.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
