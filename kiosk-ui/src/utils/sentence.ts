/**
 * A message without its closing full stop, so that a sentence can follow it: the spec appends
 * '. Please try again.' to the server's message, and a server message that already ends with a
 * period would read '..'.
 */
export function withoutFinalStop(message: string): string {
  return message.trim().replace(/\.+$/, '');
}
