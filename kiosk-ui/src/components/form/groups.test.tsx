import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { AddressFields, BILLING_ADDRESS, MAILING_ADDRESS } from './AddressFields';
import { ContactFields, SECONDARY_CONTACT, TENANT_CONTACT } from './ContactFields';

afterEach(cleanup);

type Values = Record<string, string>;

function Address({ onZipChange, billing = false }: { onZipChange?: (zip: string) => void; billing?: boolean }) {
  const { control } = useForm<Values>({ defaultValues: {} });
  return billing ? (
    <AddressFields
      control={control}
      names={BILLING_ADDRESS}
      title="Billing Address"
      labels={{ address1: 'Billing Address 1', address2: 'Billing Address 2', zip: 'Zip' }}
    />
  ) : (
    <AddressFields control={control} names={MAILING_ADDRESS} title="Mailing Address" onZipChange={onZipChange} />
  );
}

const names = (inputs: HTMLElement[]) => inputs.map((input) => input.getAttribute('name'));

describe('AddressFields', () => {
  it('is one titled group: address lines, city, zip, state, in that order, under the map names', () => {
    render(<Address />);
    const group = screen.getByRole('region', { name: 'Mailing Address' });
    const fields = within(group).getAllByRole('textbox').concat(within(group).getAllByRole('combobox'));
    expect(fields.map((field) => (field as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Address',
      'Address Line 2',
      'City',
      'Zip Code',
      'State',
    ]);
    expect(names(fields)).toEqual([
      'mailing_address1',
      'mailing_address2',
      'mailing_city',
      'mailing_zip',
      'mailing_state',
    ]);
    const required = fields.filter((field) => field.getAttribute('aria-required') === 'true');
    expect(names(required)).toEqual(['mailing_address1', 'mailing_city', 'mailing_zip', 'mailing_state']);
  });

  it('takes five digits in the zip and hands each accepted zip to the state lookup', async () => {
    const onZipChange = vi.fn();
    render(<Address onZipChange={onZipChange} />);
    const zip = screen.getByRole('textbox', { name: 'Zip Code' }) as HTMLInputElement;
    await userEvent.type(zip, '787011');
    expect(zip.value).toBe('78701');
    expect(zip.getAttribute('data-keyboard')).toBe('numeric');
    expect(onZipChange).toHaveBeenLastCalledWith('78701');
  });

  it("takes a form's own labels (billing)", () => {
    render(<Address billing />);
    expect(screen.getByRole('textbox', { name: 'Billing Address 1' }).getAttribute('name')).toBe('billing_address1');
    expect(screen.getByRole('textbox', { name: 'Zip' }).getAttribute('name')).toBe('billing_zipcode');
    expect(screen.getByRole('textbox', { name: 'City' }).getAttribute('name')).toBe('billing_city');
  });
});

function Contact({ tenant }: { tenant: boolean }) {
  const { control } = useForm<Values>({ defaultValues: {} });
  const labels = {
    first_name: 'Contact First Name',
    last_name: 'Contact Last Name',
    email: 'Contact Email',
    phone: 'Contact Phone',
  };
  return tenant ? (
    <ContactFields control={control} names={TENANT_CONTACT} />
  ) : (
    <ContactFields control={control} names={SECONDARY_CONTACT} labels={labels} optional={['email']} />
  );
}

describe('ContactFields', () => {
  it("shows the parts in the map's order, each on its keyboard, named 'Email', 'Cell Phone', ...", () => {
    render(<Contact tenant />);
    const fields = screen.getAllByRole('textbox');
    expect(fields.map((field) => (field as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Email',
      'Cell Phone',
      'First Name',
      'Last Name',
    ]);
    expect(names(fields)).toEqual(['tenant_email', 'tenant_phone', 'tenant_first_name', 'tenant_last_name']);
    expect(fields.map((field) => field.getAttribute('data-keyboard'))).toEqual(['email', 'phone', 'normal', 'normal']);
    expect(fields.every((field) => field.getAttribute('aria-required') === 'true')).toBe(true);
  });

  it('masks the phone and leaves an optional part unmarked', async () => {
    render(<Contact tenant={false} />);
    expect(names(screen.getAllByRole('textbox'))).toEqual([
      'secondary_contact_first_name',
      'secondary_contact_last_name',
      'secondary_contact_email',
      'secondary_contact_phone',
    ]);
    expect(screen.getByRole('textbox', { name: 'Contact Email' }).getAttribute('aria-required')).toBeNull();
    const phone = screen.getByRole('textbox', { name: 'Contact Phone' }) as HTMLInputElement;
    await userEvent.type(phone, '5125550100');
    expect(phone.value).toBe('(512) 555-0100');
  });
});
