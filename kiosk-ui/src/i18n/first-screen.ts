import { firstScreenCommon, firstScreenShell } from './en/first-screen';
import { initI18n } from './setup';

/**
 * The production entry's i18n: only the texts the first screen shows (sidebar, welcome, time and
 * unavailable pages, en/first-screen.ts). Every other text, the shell's dialogs and keyboard
 * included, arrives with the first screen, keyboard or dialog that needs it (loadAreaTexts);
 * tests import '.' for the whole catalogue at once.
 */
initI18n({ common: firstScreenCommon, shell: firstScreenShell });
