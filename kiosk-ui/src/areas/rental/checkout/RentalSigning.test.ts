import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import { ready } from '../../../models/loadable';
import { setup } from './checkout-test-fixtures';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('signing the rental documents', () => {
  it('counts a signed document only from the registered frame, from the signing origin', () => {
    const { root } = setup();
    runInAction(() => {
      root.rental.goTo('panda_agreements');
      root.checkout.signing.documents = ready([
        {
          display_name: 'Lease',
          document_type: 'lease_agreement',
          file_id: 'f',
          document_id: 'doc-1',
          key: 'k-1',
          url: 'http://sign.test/pages/sign/k-1',
          completed: false,
        },
      ]);
    });
    const frameWindow = new MessageChannel().port1;
    const signed = { event: 'session_view.document.completed', data: { id: 'k-1' } };
    const post = (origin: string, source: MessageEventSource) =>
      window.dispatchEvent(new MessageEvent('message', { origin, source, data: signed }));

    post('http://sign.test', frameWindow);
    expect(root.checkout.signing.currentAgreement?.key).toBe('k-1');
    root.checkout.signing.setSigningFrame(frameWindow);
    post('http://evil.test', frameWindow);
    post('http://sign.test', new MessageChannel().port1);
    expect(root.checkout.signing.currentAgreement?.key).toBe('k-1');
    post('http://sign.test', frameWindow);
    expect(root.checkout.signing.currentAgreement).toBeNull();
    expect(root.rental.section).toBe('process_rental');
    root.checkout.signing.setSigningFrame(null);
  });

  it('marks each signed document and runs the rental after the last', () => {
    const { root } = setup();
    runInAction(() => {
      root.rental.goTo('panda_agreements');
      root.checkout.signing.documents = ready(
        ['a', 'b'].map((key) => ({
          display_name: key,
          document_type: 'lease_agreement',
          file_id: key,
          document_id: key,
          key,
          url: `/pages/sign/${key}`,
          completed: false,
        })),
      );
    });
    root.checkout.signing.completeAgreement('a');
    expect(root.checkout.signing.currentAgreement?.key).toBe('b');
    expect(root.rental.section).toBe('panda_agreements');
    root.checkout.signing.completeAgreement('b');
    expect(root.rental.section).toBe('process_rental');
  });
});
