import type { AgreementDocument } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/Spinner';
import { OPERATOR_LANGUAGE } from '../../../../i18n/operator-language';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { SIGNING_FRAME_SANDBOX } from '../../../../shared/media/frame-sandbox';
import { RetryMessage } from '../panda-fields/PandaFields';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';

/**
 * Sign documents (rental §2 panda_agreements, §4 "Signing"): the agreements with their completed
 * flags, the first unsigned one in an embedded frame. The signing page posts
 * `{ event: 'session_view.document.completed' }` to this window when signed; the store
 * (signing/signing-watch.ts) marks the document and shows the next; after the last the rental
 * runs. Sidebar hidden (rental §2).
 */
export default observer(function PandaAgreements(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { checkout } = useStores();
  useEffect(() => {
    void checkout.signing.loadAgreements();
  }, [checkout]);

  if (checkout.signing.documents.state === 'failed') {
    return (
      <SectionFrame title={t('rental.signing.agreements_title')} hideDone sidePanel={false}>
        <RetryMessage
          message={t('rental.signing.agreements_retry')}
          onRetry={() => void checkout.signing.loadAgreements()}
        />
      </SectionFrame>
    );
  }
  const current = checkout.signing.currentAgreement;
  return (
    <SectionFrame title={t('rental.signing.agreements_title')} hideDone sidePanel={false} className="agreements-frame">
      {checkout.signing.documents.state !== 'ready' || !current ? (
        <Spinner label={t('rental.signing.preparing')} />
      ) : (
        <div className="agreements">
          <AgreementList agreements={checkout.signing.agreements} current={current} />
          <ReadAloud agreement={current} />
          <SigningFrame key={current.key} agreement={current} onFrame={checkout.signing.setSigningFrame} />
        </div>
      )}
    </SectionFrame>
  );
});

const AgreementList = observer(function AgreementList({
  agreements,
  current,
}: {
  agreements: AgreementDocument[];
  current: AgreementDocument;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const position = agreements.indexOf(current) + 1;
  return (
    <nav className="agreements__list" aria-labelledby={titleId}>
      <h2 id={titleId} className="agreements__list-title">
        {t('rental.signing.list_label')}
      </h2>
      <p className="agreements__step">{t('rental.signing.step', { current: position, total: agreements.length })}</p>
      <ol>
        {agreements.map((doc) => (
          <li
            key={doc.key}
            className={[
              'agreements__item',
              doc.completed ? 'agreements__item--done' : '',
              doc === current ? 'agreements__item--current' : '',
            ].join(' ')}
            aria-current={doc === current ? 'step' : undefined}
          >
            <span className="agreements__mark" aria-hidden="true">
              {doc.completed ? '✓' : '•'}
            </span>
            <span className="agreements__name" lang={OPERATOR_LANGUAGE}>
              {doc.display_name}
            </span>
            <span className="agreements__state">
              {doc.completed ? t('rental.signing.signed') : t('rental.signing.to_sign')}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
});

/**
 * What speech reads of the document on arrival (hidden from the screen, which shows the page
 * itself): the signing page is another origin the kiosk cannot read, so the operator's summary
 * is read instead, and says so; then how to reach the page's Sign button.
 */
function ReadAloud({ agreement }: { agreement: AgreementDocument }) {
  const { t } = useTranslation();
  const summary = agreement.summary?.trim();
  return (
    <div className="kiosk-visually-hidden" data-speak-on-arrival>
      <p lang={OPERATOR_LANGUAGE}>{`${agreement.display_name}.`}</p>
      <p>{summary ? t('rental.signing.summary_intro') : t('rental.signing.no_summary')}</p>
      {summary && <p lang={OPERATOR_LANGUAGE}>{summary}</p>}
      <p>{t('rental.signing.how_to_sign')}</p>
    </div>
  );
}

/**
 * One document in its frame, registered with the store while it is shown: only a completion
 * message from this frame's window, from the origin of its URL, counts.
 */
function SigningFrame({
  agreement,
  onFrame,
}: {
  agreement: AgreementDocument;
  onFrame: (frame: MessageEventSource | null) => void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const hintId = useId();
  useEffect(() => {
    onFrame(frame.current?.contentWindow ?? null);
    return () => onFrame(null);
  }, [agreement.key, onFrame]);
  return (
    <>
      <p id={hintId} className="kiosk-visually-hidden">
        {t('rental.signing.frame_hint')}
      </p>
      <iframe
        ref={frame}
        className="agreements__frame"
        title={agreement.display_name}
        aria-describedby={hintId}
        src={agreement.url}
        sandbox={SIGNING_FRAME_SANDBOX}
      />
    </>
  );
}
