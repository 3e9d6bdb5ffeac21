import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { UNAVAILABLE_ERRORS } from '../router';
import { useStores } from '../../../shared/stores/StoresProvider';

/** The unavailable page: "This page is not valid." unless the route names another message. */
export const UnavailableScreen = observer(function UnavailableScreen() {
  const { t } = useTranslation();
  const { shell } = useStores();
  const error = shell.route.name === 'unavailable' ? shell.route.error : 'invalid_page';
  return (
    <main className="kiosk-unavailable">
      <h1 className="kiosk-unavailable__message">{t(UNAVAILABLE_ERRORS[error])}</h1>
    </main>
  );
});
