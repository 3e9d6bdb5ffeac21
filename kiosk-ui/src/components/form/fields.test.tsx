import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import '../../i18n';
import { fieldKey } from '../../forms/messages';
import { schemaResolver, type SchemaOutput } from '../../forms/schema-resolver';
import { CheckboxField } from './CheckboxField';
import { ChoiceField, YesNoField } from './ChoiceField';
import { DateField } from './DateField';
import { FieldError } from './FieldError';
import type { FieldsControl } from './field-props';
import { MaskedField } from './MaskedField';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

afterEach(cleanup);

interface Values {
  name: string;
  phone: string;
  state: string;
  agree: boolean;
  pick: boolean | null;
  day: string;
}

const required = fieldKey('required');
const schema = yup.object({
  name: yup.string().required(required),
  phone: yup.string().required(required),
  state: yup.string().required(required),
  agree: yup.boolean().oneOf([true], required),
  pick: yup.boolean().nullable().required(required),
  day: yup.string(),
});
type Submitted = SchemaOutput<typeof schema, Values>;

/** A form as a screen declares one: the kit's fields inside, Done submits. */
function Form({
  children,
  onSubmit = () => undefined,
}: {
  children: (control: FieldsControl<Values>) => ReactNode;
  onSubmit?: (values: Submitted) => void;
}) {
  const form = useForm<Values, unknown, Submitted>({
    resolver: schemaResolver(schema),
    defaultValues: { name: '', phone: '', state: '', agree: false, pick: null, day: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {children(form.control)}
      <button type="submit">Done</button>
    </form>
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Done' }));

describe('TextField', () => {
  it('is named by its label, marks required, and shows the schema message under it', async () => {
    render(<Form>{(control) => <TextField control={control} name="name" label="First Name" required />}</Form>);
    const input = screen.getByRole('textbox', { name: 'First Name' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('data-keyboard')).toBe('normal');
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This field is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('asks for the e-mail keyboard and no capitals for an email field', () => {
    render(<Form>{(control) => <TextField control={control} name="name" label="Email" kind="email" />}</Form>);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('data-keyboard')).toBe('email');
    expect(input.getAttribute('inputmode')).toBe('email');
    expect(input.getAttribute('type')).toBe('text');
  });

  it("shows a message from elsewhere (the server's) when the form has none", async () => {
    render(
      <Form>
        {(control) => <TextField control={control} name="day" label="Email" look="panel" error="User already exists" />}
      </Form>,
    );
    expect(screen.getByRole('alert').textContent).toBe('User already exists');
    expect(screen.getByRole('textbox', { name: 'Email' }).className).toBe('checkout-input');
  });

  it('hands every typed value to the form and to onValueChange', async () => {
    const onValueChange = vi.fn();
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit}>
        {(control) => <TextField control={control} name="name" label="City" onValueChange={onValueChange} />}
      </Form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
    expect(onValueChange).toHaveBeenLastCalledWith('Austin');
  });
});

describe('MaskedField', () => {
  it('formats what is typed through its mask and asks for the phone keypad', async () => {
    const onValueChange = vi.fn();
    render(
      <Form>
        {(control) => (
          <MaskedField
            control={control}
            name="phone"
            label="Cell Phone"
            mask="(000) 000-0000"
            keyboard="phone"
            onValueChange={onValueChange}
          />
        )}
      </Form>,
    );
    const input = screen.getByRole('textbox', { name: 'Cell Phone' });
    await userEvent.type(input, '5125550100');
    expect((input as HTMLInputElement).value).toBe('(512) 555-0100');
    expect(onValueChange).toHaveBeenLastCalledWith('(512) 555-0100');
    expect(input.getAttribute('data-keyboard')).toBe('phone');
    expect(input.getAttribute('inputmode')).toBe('tel');
  });

  it('refuses letters', async () => {
    render(<Form>{(control) => <MaskedField control={control} name="phone" label="Zip Code" mask="00000" />}</Form>);
    const input = screen.getByRole('textbox', { name: 'Zip Code' });
    await userEvent.type(input, '78a70b1');
    expect((input as HTMLInputElement).value).toBe('78701');
  });
});

describe('SelectField', () => {
  it("starts on 'Select' and gives the form the picked value", async () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit}>
        {(control) => (
          <>
            <TextField control={control} name="name" label="Name" />
            <MaskedField control={control} name="phone" label="Phone" mask="0000" />
            <SelectField
              control={control}
              name="state"
              label="State"
              required
              options={[
                { value: 'TX', label: 'Texas' },
                { value: 'UT', label: 'Utah' },
              ]}
            />
            <CheckboxField control={control} name="agree" label="I agree" />
            <YesNoField control={control} name="pick" legend="Business Rental?" />
          </>
        )}
      </Form>,
    );
    const select = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Select');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ann');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '1234');
    await userEvent.selectOptions(select, 'Utah');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Ann',
      phone: '1234',
      state: 'UT',
      agree: true,
      pick: false,
    });
  });
});

describe('CheckboxField and ChoiceField', () => {
  it('show their messages, and a choice is one of a named group', async () => {
    const onChoose = vi.fn();
    render(
      <Form>
        {(control) => (
          <>
            <CheckboxField control={control} name="agree" label="I agree" description="Read the terms first." />
            <ChoiceField<Values, boolean>
              control={control}
              name="pick"
              legend="Are you active military?"
              onChoose={onChoose}
              options={[
                { value: true, label: 'Yes' },
                { value: false, label: 'No' },
              ]}
            />
          </>
        )}
      </Form>,
    );
    expect(screen.getByRole('checkbox', { name: 'I agree' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Read the terms first.')).toBeTruthy();
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const group = screen.getByRole('group', { name: 'Are you active military?' });
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(onChoose).toHaveBeenCalledWith(true);
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(group.getAttribute('aria-describedby')).toBeNull());
  });
});

describe('DateField', () => {
  // Renders a month of day buttons: slow on a busy machine.
  it(
    'types MM/DD/YYYY on the numeric keyboard, or picks a day from the calendar within its range',
    { timeout: 20_000 },
    async () => {
      const today = dayjs().startOf('day');
      render(
        <Form>
          {(control) => (
            <DateField control={control} name="day" label="ETS Date" min={today} max={today.add(1, 'year')} />
          )}
        </Form>,
      );
      const input = screen.getByRole('textbox', { name: 'ETS Date' }) as HTMLInputElement;
      await userEvent.click(screen.getByRole('button', { name: 'Choose a date for ETS Date' }));
      const yesterday = today.subtract(1, 'day');
      if (yesterday.month() === today.month()) {
        const past = screen.getByRole('button', { name: yesterday.format('dddd, MMMM D, YYYY') });
        expect((past as HTMLButtonElement).disabled).toBe(true);
      }
      await userEvent.click(screen.getByRole('button', { name: today.format('dddd, MMMM D, YYYY') }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(input.value).toBe(today.format('MM/DD/YYYY'));
      expect(input.getAttribute('data-keyboard')).toBe('numeric');
      expect(input.placeholder).toBe('MM/DD/YYYY');
      await userEvent.clear(input);
      await userEvent.type(input, '12312030');
      expect(input.value).toBe('12/31/2030');
    },
  );
});

describe('FieldError', () => {
  it('is an alert with the message, and nothing without one', () => {
    const { rerender } = render(<FieldError id="e" message="Invalid zip code" />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid zip code');
    rerender(<FieldError id="e" message="" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
