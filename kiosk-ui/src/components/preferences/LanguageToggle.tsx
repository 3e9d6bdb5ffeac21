import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import type { KioskLanguage } from '../../areas/shell/VisitorPreferences';
import './language-toggle.css';

/**
 * Each language names itself in its own words, whatever the kiosk shows now: a visitor who reads
 * only Spanish must find "Español" on an English screen (and screen readers say it in Spanish).
 */
const LANGUAGES: readonly { language: KioskLanguage; name: string }[] = [
  { language: 'en', name: 'English' },
  { language: 'es', name: 'Español' },
];

/** "English / Español": one tap switches every text of the kiosk for this visitor's session. */
export const LanguageToggle = observer(function LanguageToggle() {
  const { t } = useTranslation();
  const { preferences } = useStores();
  return (
    <div className="language-toggle" role="group" aria-label={t('shell.language.label')}>
      {LANGUAGES.map(({ language, name }) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-toggle__option"
          aria-pressed={preferences.language === language}
          onClick={() => preferences.chooseLanguage(language)}
        >
          {name}
        </button>
      ))}
    </div>
  );
});
