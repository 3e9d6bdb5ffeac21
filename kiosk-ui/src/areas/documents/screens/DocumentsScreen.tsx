import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../shared/stores/StoresProvider';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';
import { contentFrameSandbox } from '../../../shared/media/frame-sandbox';
import { isPdfUrl, pdfEmbedUrl } from '../../../shared/media/map-layout';
import type { SectionScreenProps } from '../../../sections/screen-props';
import './documents.css';

/**
 * The non-interactive documents viewer (shell spec §2): Rental Documents lists the lease
 * documents, Protection Brochure the insurance ones. A chosen document shows full size with a
 * close button; a facility with one document opens it straight away.
 */
const DocumentsScreen = observer(function DocumentsScreen({ section }: SectionScreenProps) {
  const { t } = useTranslation();
  const { documents } = useStores();
  const list = section === 'insurance' ? documents.insuranceDocuments : documents.leaseDocuments;
  const open = documents.openDocument && list.includes(documents.openDocument) ? documents.openDocument : null;
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (list.length === 1 && list[0]) documents.showDocument(list[0]);
    return () => documents.closeDocument();
  }, [documents, list]);

  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  if (open) {
    const src = isPdfUrl(open.location) ? pdfEmbedUrl(open.location) : open.location;
    return (
      <section className="doc-viewer" aria-labelledby="doc-viewer-title">
        <header className="doc-viewer__header">
          <h1 id="doc-viewer-title" className="doc-viewer__title" lang={OPERATOR_LANGUAGE}>
            {open.name}
          </h1>
          <button
            ref={closeButton}
            type="button"
            className="kiosk-button kiosk-button--secondary"
            onClick={documents.closeDocument}
          >
            {t('documents.viewer.close')}
          </button>
        </header>
        <iframe className="doc-viewer__frame" src={src} title={open.name} sandbox={contentFrameSandbox(src)} />
      </section>
    );
  }

  return (
    <section className="doc-list" aria-labelledby="doc-list-title">
      <h1 id="doc-list-title" className="doc-list__title">
        {t(`shell.sections.${section}`)}
      </h1>
      {list.length === 0 ? (
        <p className="doc-list__empty">{t('documents.viewer.none')}</p>
      ) : (
        <>
          <p className="doc-list__prompt">{t('documents.viewer.choose')}</p>
          <ul className="doc-list__items">
            {list.map((doc) => (
              <li key={`${doc.document_type}-${doc.location}`}>
                {/* The document's name is the operator's, shown as sent. */}
                <button
                  type="button"
                  className="doc-list__item"
                  lang={OPERATOR_LANGUAGE}
                  onClick={() => documents.showDocument(doc)}
                >
                  {doc.name}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
});

export default DocumentsScreen;
