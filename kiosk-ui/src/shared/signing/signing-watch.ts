import { signedDocumentId } from './signing-message';

/** The document shown in the signing frame, as the signing provider names it. */
export interface SigningDocument {
  key: string;
  document_id: string;
  /** The signing page (the frame's src): its origin is the only one a completion may come from. */
  url: string;
}

type MessageTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Document signing, for the rental's agreements and Pay My Bill's autopay agreements alike: the
 * screen registers the frame that shows the current document, and a completion message counts only
 * when `signedDocumentId` accepts it: from that frame's window, from the origin of the document's
 * URL, naming that document. While no frame is registered nothing counts, so another page or frame
 * of the signing provider's origin can never mark a document signed.
 *
 * The window is listened to only while a frame is registered.
 */
export class SigningWatch {
  private frame: MessageEventSource | null = null;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly current: () => SigningDocument | null,
    /** `key` of the document shown; `signedId` the id the completion message gave. */
    private readonly onSigned: (key: string, signedId: string) => void,
    private readonly target: MessageTarget | undefined = typeof window === 'undefined' ? undefined : window,
  ) {}

  /** The frame showing the current document (its window), or null when it is gone. */
  setFrame(frame: MessageEventSource | null): void {
    this.frame = frame;
    if (frame) this.listen();
    else this.stop();
  }

  /** Whether the message completed the current document (then `onSigned` has run with its key and the message's id). */
  receive(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>): boolean {
    const document = this.current();
    if (!document) return false;
    const expected = { url: document.url, source: this.frame, ids: [document.key, document.document_id] };
    const signedId = signedDocumentId(event, expected);
    if (signedId === null) return false;
    this.onSigned(document.key, signedId);
    return true;
  }

  /** Forget the frame and stop listening (signing closed, the visitor left, the session ended). */
  stop(): void {
    this.frame = null;
    this.stopListening?.();
    this.stopListening = null;
  }

  private listen(): void {
    const target = this.target;
    if (this.stopListening || !target) return;
    const onMessage = (event: MessageEvent) => void this.receive(event);
    target.addEventListener('message', onMessage);
    this.stopListening = () => target.removeEventListener('message', onMessage);
  }
}
