import { common } from './en/common';
import { shell } from './en/shell';
import { initI18n } from './setup';

/**
 * The production entry's i18n: only the texts the shell, the welcome, time and unavailable
 * screens and the shell's dialogs show. Area texts arrive with the first other screen
 * (loadAreaTexts); tests import './index' for the whole catalogue at once.
 */
initI18n({ common, shell });
