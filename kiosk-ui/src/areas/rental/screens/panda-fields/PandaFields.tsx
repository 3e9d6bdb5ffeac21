import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { Spinner } from '../../../../components/Spinner';
import {
  dynamicDefaultValues,
  dynamicFieldsSchema,
  dynamicFieldValues,
  radioGroupKey,
  type DynamicSection,
  type DynamicValues,
} from '../../forms/dynamic-fields';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { FieldGroup } from '../../../../components/form/FieldGroup';
import { RentalStepForm } from '../RentalStepForm';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import { DynamicFields } from './DynamicFields';
import '../checkout.css';
import { OPERATOR_LANGUAGE } from '../../../../i18n/operator-language';

/**
 * Additional information (rental §2 panda_fields): the dynamic sections from the tokens call, each
 * a titled group of fields of any type (checkbox, textarea, radio groups, phone, ssn, date, email,
 * text), required as each field says. When the tokens call fails: the retry screen.
 */
export default observer(function PandaFields(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { checkout } = useStores();
  // Generated on every visit: the tokens follow the model as it is now.
  useEffect(() => {
    void checkout.signing.loadTokens();
  }, [checkout]);

  if (checkout.signing.tokens.state === 'failed') {
    return (
      <SectionFrame title={t('rental.signing.fields_title')} hideDone>
        <RetryMessage message={t('rental.signing.fields_retry')} onRetry={() => void checkout.signing.loadTokens()} />
      </SectionFrame>
    );
  }
  if (checkout.signing.tokens.state !== 'ready') {
    return (
      <SectionFrame title={t('rental.signing.fields_title')} hideDone>
        <Spinner label={t('rental.signing.preparing')} />
      </SectionFrame>
    );
  }
  return <PandaFieldsForm sections={checkout.signing.sections} />;
});

const PandaFieldsForm = observer(function PandaFieldsForm({ sections }: { sections: DynamicSection[] }) {
  const { t } = useTranslation();
  const { checkout, rental } = useStores();
  const earlier = (rental.model.dynamic_tokens as { values?: DynamicValues } | null)?.values;
  const form = useForm<DynamicValues>({
    resolver: schemaResolver(dynamicFieldsSchema(sections)),
    defaultValues: { ...dynamicDefaultValues(sections), ...regroup(sections, earlier) },
  });
  return (
    <RentalStepForm
      title={t('rental.signing.fields_title')}
      form={form}
      onSubmit={(values) => checkout.signing.submitAdditionalInformation(dynamicFieldValues(sections, values))}
      formClassName="panda-fields"
    >
      {sections.map((section, index) => (
        <FieldGroup
          key={`${index}-${section.title}`}
          title={<span lang={OPERATOR_LANGUAGE}>{section.title}</span>}
          className="panda-fields__section"
        >
          {section.description && (
            <p className="panda-fields__description" lang={OPERATOR_LANGUAGE}>
              {section.description}
            </p>
          )}
          <DynamicFields control={form.control} fields={section.fields} />
        </FieldGroup>
      ))}
    </RentalStepForm>
  );
});

/** Values given earlier (per field, radios true/false) back in the form's shape (one value per radio group). */
function regroup(sections: DynamicSection[], values: DynamicValues | undefined): DynamicValues {
  if (!values) return {};
  const out: DynamicValues = {};
  for (const section of sections) {
    for (const field of section.fields) {
      if (!(field.name in values)) continue;
      if (field.type === 'radiobox') {
        if (values[field.name] === true) out[radioGroupKey(field)] = field.name;
      } else {
        out[field.name] = values[field.name]!;
      }
    }
  }
  return out;
}

/** The retry screen of a document call that failed (rental §2, §8): the message and Retry. */
export function RetryMessage({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="checkout-retry" role="alert">
      <p className="checkout-retry__message">{message}</p>
      <Button onClick={onRetry}>{t('rental.signing.retry')}</Button>
    </div>
  );
}
