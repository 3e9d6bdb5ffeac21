/**
 * The printed text of an ESC/POS job: the command sequences the receipt encoder emits are dropped,
 * the text bytes are read in code page 437 (the encoder's choice for plain Latin text) and the box
 * rule is shown as dashes. Used by the printer simulator and by tests that read a receipt back.
 */

/** Parameter bytes after ESC <command>; commands not listed take one. */
const ESC_PARAMS: Record<number, number> = { 0x40: 0, 0x32: 0, 0x3d: 1, 0x21: 1, 0x2d: 1, 0x45: 1, 0x47: 1 };
/** Parameter bytes after GS <command>; GS ( and GS k are handled below. */
const GS_PARAMS: Record<number, number> = { 0x21: 1, 0x42: 1, 0x48: 1, 0x66: 1, 0x68: 1, 0x77: 1, 0x4c: 2, 0x57: 2 };

const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■ ';

function character(byte: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  const char = CP437_HIGH[byte - 0x80] ?? '?';
  return char === '─' || char === 'Ä' ? '-' : char;
}

export function escposToText(bytes: Uint8Array): string {
  let text = '';
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === 0x1b) {
      const command = bytes[i + 1] ?? 0;
      i += 2 + (ESC_PARAMS[command] ?? 1);
    } else if (byte === 0x1d) {
      const command = bytes[i + 1] ?? 0;
      if (command === 0x28 || command === 0x6b) {
        // GS ( fn pL pH ...: a length-prefixed block (QR codes and the like).
        const length = (bytes[i + 3] ?? 0) + (bytes[i + 4] ?? 0) * 256;
        i += 5 + length;
      } else if (command === 0x56) {
        const mode = bytes[i + 2] ?? 0;
        i += mode >= 0x41 ? 4 : 3;
        text += '\n';
      } else {
        i += 2 + (GS_PARAMS[command] ?? 1);
      }
    } else if (byte === 0x1c) {
      i += 2; // FS . and the like: kanji mode switches
    } else if (byte === 0x10 && bytes[i + 1] === 0x04) {
      i += 3; // real-time status requests are not printed
    } else if (byte === 0x0d) {
      i += 1;
    } else if (byte === 0x0a || byte >= 0x20) {
      text += byte === 0x0a ? '\n' : character(byte);
      i += 1;
    } else {
      i += 1;
    }
  }
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
