import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { StoresProvider } from '../../shared/stores/StoresProvider';
import { configureDemoFacility, createTestRoot, wrapped } from '../../test/fakes';
import { SecondaryContactFields, type SecondaryContactField } from './SecondaryContactFields';

afterEach(cleanup);

const WAIVE = 'I waive my right to name a secondary contact to receive lien notices';

function Form(props: {
  required?: boolean;
  emailRequired?: boolean;
  serverError?: (field: SecondaryContactField) => string | null;
}) {
  const form = useForm<Record<string, unknown>>({ defaultValues: { no_secondary_contact: false } });
  return (
    <SecondaryContactFields
      form={form}
      required={props.required ?? false}
      emailRequired={props.emailRequired ?? false}
      serverError={props.serverError}
    />
  );
}

function renderForm(props: Parameters<typeof Form>[0] = {}) {
  const test = createTestRoot({
    routes: { 'GET /api/facilities/demo/zipcode/': { body: wrapped({ state_code: 'IL' }) } },
  });
  configureDemoFacility(test.root, {});
  render(
    <StoresProvider root={test.root}>
      <Form {...props} />
    </StoresProvider>,
  );
}

describe('SecondaryContactFields', () => {
  it('offers the waiver, and once ticked hides the contact and its address', async () => {
    renderForm();
    expect(screen.getByRole('region', { name: 'Contact' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Contact Address' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-required')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: WAIVE }));
    expect(screen.queryByRole('region', { name: 'Contact' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Contact Address' })).toBeNull();
  });

  it('has no waiver when the facility requires a contact, and marks the e-mail when it requires one', () => {
    renderForm({ required: true, emailRequired: true });
    expect(screen.queryByRole('checkbox', { name: WAIVE })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-required')).toBe('true');
  });

  it("fills the state from the address's zip and shows the server's message on a field", async () => {
    renderForm({ serverError: (field) => (field === 'secondary_contact_city' ? 'Not a city we know' : null) });
    const address = screen.getByRole('region', { name: 'Contact Address' });
    expect(within(address).getByText('Not a city we know')).toBeTruthy();
    await userEvent.type(within(address).getByRole('textbox', { name: 'Zip Code' }), '62704');
    const state = within(address).getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    await waitFor(() => expect(state.value).toBe('IL'));
  });
});
