import { MASKS } from '@kiosk/shared-types';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { radioGroupKey, type DynamicField, type DynamicValues } from '../../forms/dynamic-fields';
import { CheckboxField } from '../../../../components/form/CheckboxField';
import { ChoiceField } from '../../../../components/form/ChoiceField';
import { MaskedField } from '../../../../components/form/MaskedField';
import { TextField } from '../../../../components/form/TextField';
import { OPERATOR_LANGUAGE } from '../../../../i18n/operator-language';

/** The operator's words (a field's label): English, so a Spanish screen's voice does not read them. */
const operatorText = (text: string) => <span lang={OPERATOR_LANGUAGE}>{text}</span>;

/** What a dynamic field renders as: radio fields gather into one group per radioGroupKey. */
export type DynamicItem =
  { kind: 'field'; field: DynamicField } | { kind: 'radios'; key: string; fields: DynamicField[] };

/** The section's fields in order, radio fields of a group together at the place of the first. */
export function dynamicItems(fields: readonly DynamicField[]): DynamicItem[] {
  const items: DynamicItem[] = [];
  const groups = new Map<string, DynamicField[]>();
  for (const field of fields) {
    if (field.type !== 'radiobox') {
      items.push({ kind: 'field', field });
      continue;
    }
    const key = radioGroupKey(field);
    const group = groups.get(key);
    if (group) group.push(field);
    else {
      const created = [field];
      groups.set(key, created);
      items.push({ kind: 'radios', key, fields: created });
    }
  }
  return items;
}

/** The fields of one dynamic section, each drawn for its type (rental §2 "Additional information"). */
export function DynamicFields({
  control,
  fields,
}: {
  control: Control<DynamicValues>;
  fields: readonly DynamicField[];
}) {
  return (
    <>
      {dynamicItems(fields).map((item) =>
        item.kind === 'radios' ? (
          <RadioGroup key={item.key} control={control} name={item.key} fields={item.fields} />
        ) : (
          <OneField key={item.field.name} control={control} field={item.field} />
        ),
      )}
    </>
  );
}

function OneField({ control, field }: { control: Control<DynamicValues>; field: DynamicField }) {
  const { t } = useTranslation();
  const common = { control, name: field.name, label: operatorText(field.label), required: field.required };
  switch (field.type) {
    case 'checkbox':
      return (
        <CheckboxField
          control={control}
          name={field.name}
          label={
            <>
              {operatorText(field.label)}
              {field.required && ' *'}
            </>
          }
        />
      );
    case 'textarea':
      return <TextField {...common} multiline className="form-field--wide" />;
    case 'phone':
      return <MaskedField {...common} mask={MASKS.phone} keyboard="phone" />;
    case 'ssn':
      return <MaskedField {...common} mask={MASKS.ssn} keyboard="numeric" fieldType="ssn" />;
    case 'date':
      return (
        <MaskedField
          {...common}
          mask="00/00/0000"
          keyboard="numeric"
          fieldType="date"
          placeholder={t('common.date_placeholder')}
        />
      );
    case 'email':
      return <TextField {...common} kind="email" />;
    default:
      return <TextField {...common} />;
  }
}

/**
 * A radio group: the form keeps the chosen field's name under the group's key. A named group
 * always needs a choice; a radio of its own only when it is required (forms/dynamic-fields.ts).
 */
function RadioGroup({
  control,
  name,
  fields,
}: {
  control: Control<DynamicValues>;
  name: string;
  fields: DynamicField[];
}) {
  const { t } = useTranslation();
  const named = Boolean(fields[0]?.radiobox_group);
  const required = named || fields.some((field) => field.required);
  const legend = named ? t('rental.signing.choose') : operatorText(fields[0]?.label ?? '');
  return (
    <ChoiceField<DynamicValues, string>
      control={control}
      name={name}
      legendHidden={!named}
      legend={
        <>
          {legend}
          {required && named && <span aria-hidden="true"> *</span>}
        </>
      }
      options={fields.map((option) => ({ value: option.name, label: operatorText(option.label) }))}
    />
  );
}
