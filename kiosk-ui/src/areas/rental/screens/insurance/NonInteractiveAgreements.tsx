import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { insuranceBrochures } from '../../checkout/insurance';
import { Button } from '../../../../components/Button';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { contentFrameSandbox } from '../../../../shared/media/frame-sandbox';
import { isPdfUrl, pdfEmbedUrl } from '../../../../shared/media/map-layout';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';
import { OPERATOR_LANGUAGE } from '../../../../i18n/operator-language';

/**
 * View Brochure (rental §2 Content insurance): the facility's non-interactive insurance documents
 * in a frame, one at a time, sidebar hidden. Back returns to content_insurance.
 */
export default observer(function NonInteractiveAgreements(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, documents } = useStores();
  const brochures = insuranceBrochures(documents.nonInteractive);
  const [index, setIndex] = useState(0);
  const current = brochures[Math.min(index, brochures.length - 1)];
  const back = () => rental.goTo('content_insurance');
  return (
    <SectionFrame
      title={t('rental.brochure.title')}
      sidePanel={false}
      hideDone
      onCancel={back}
      cancelLabel={t('rental.brochure.back')}
      footer={
        brochures.length > 1 ? (
          <div className="brochure-tabs">
            {brochures.map((doc, position) => (
              <Button
                key={doc.location}
                variant={position === index ? 'primary' : 'secondary'}
                aria-pressed={position === index}
                onClick={() => setIndex(position)}
              >
                <span lang={OPERATOR_LANGUAGE}>{doc.name}</span>
              </Button>
            ))}
          </div>
        ) : undefined
      }
    >
      {current && (
        <iframe
          className="brochure-frame"
          title={current.name}
          src={isPdfUrl(current.location) ? pdfEmbedUrl(current.location) : current.location}
          sandbox={contentFrameSandbox(current.location)}
        />
      )}
    </SectionFrame>
  );
});
