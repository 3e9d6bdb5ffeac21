import { describe, expect, it, vi } from 'vitest';
import { SigningWatch, type SigningDocument } from './signing-watch';

const frameWindow = {} as MessageEventSource;
const otherWindow = {} as MessageEventSource;
const documentOnScreen: SigningDocument = { key: 'k-1', document_id: 'doc-1', url: 'http://sign.test/pages/sign/k-1' };
const completed = { event: 'session_view.document.completed', data: { id: 'k-1' } };

/** A window stand-in that records its message listeners and can post to them. */
function fakeWindow() {
  const listeners = new Set<(event: MessageEvent) => void>();
  return {
    listeners,
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
    post: (event: Pick<MessageEvent, 'origin' | 'source' | 'data'>) => {
      for (const listener of [...listeners]) listener(event as MessageEvent);
    },
  };
}

function watch(current: SigningDocument | null = documentOnScreen) {
  const target = fakeWindow();
  const onSigned = vi.fn();
  const signing = new SigningWatch(() => current, onSigned, target as unknown as Window);
  return { target, onSigned, signing };
}

describe('document signing', () => {
  it('completes the document on screen when its own frame says so, from the signing origin', () => {
    const { target, onSigned, signing } = watch();
    signing.setFrame(frameWindow);
    target.post({ origin: 'http://sign.test', source: frameWindow, data: completed });
    expect(onSigned).toHaveBeenCalledExactlyOnceWith('k-1', 'k-1');
  });

  it('hands on the id the completion message gives (the provider may name the document by its own id)', () => {
    const { target, onSigned, signing } = watch();
    signing.setFrame(frameWindow);
    const byProviderId = { event: 'session_view.document.completed', data: { id: 'doc-1' } };
    target.post({ origin: 'http://sign.test', source: frameWindow, data: JSON.stringify(byProviderId) });
    expect(onSigned).toHaveBeenCalledExactlyOnceWith('k-1', 'doc-1');
  });

  it('ignores a message of the right origin while no frame is registered', () => {
    const { onSigned, signing } = watch();
    expect(signing.receive({ origin: 'http://sign.test', source: frameWindow, data: completed })).toBe(false);
    expect(signing.receive({ origin: 'http://sign.test', source: null, data: completed })).toBe(false);
    expect(onSigned).not.toHaveBeenCalled();
  });

  it('ignores another window of the right origin, and the right window from another origin', () => {
    const { target, onSigned, signing } = watch();
    signing.setFrame(frameWindow);
    target.post({ origin: 'http://sign.test', source: otherWindow, data: completed });
    target.post({ origin: 'http://evil.test', source: frameWindow, data: completed });
    expect(onSigned).not.toHaveBeenCalled();
  });

  it('ignores a completion naming another document, or arriving when no document is on screen', () => {
    const other = watch();
    other.signing.setFrame(frameWindow);
    other.target.post({ origin: 'http://sign.test', source: frameWindow, data: { ...completed, data: { id: 'k-2' } } });
    expect(other.onSigned).not.toHaveBeenCalled();

    const none = watch(null);
    none.signing.setFrame(frameWindow);
    none.target.post({ origin: 'http://sign.test', source: frameWindow, data: completed });
    expect(none.onSigned).not.toHaveBeenCalled();
  });

  it('listens only while a frame is registered', () => {
    const { target, onSigned, signing } = watch();
    expect(target.listeners.size).toBe(0);
    signing.setFrame(frameWindow);
    signing.setFrame(frameWindow);
    expect(target.listeners.size).toBe(1);
    signing.setFrame(null);
    expect(target.listeners.size).toBe(0);
    expect(signing.receive({ origin: 'http://sign.test', source: frameWindow, data: completed })).toBe(false);
    expect(onSigned).not.toHaveBeenCalled();
  });
});
