import { SESSION } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { useStores } from '../../../shared/stores/StoresProvider';
import './idle-dialog.css';

/**
 * ARE YOU STILL HERE? (shell spec §2 "Idle dialog", §4): shown while the daemon's idle warning is
 * on. Logged in: LOGOUT and CONTINUE, with the automatic-logout message. Logged out: I WANT TO
 * CONTINUE, with the return-to-start message.
 *
 * The countdown shows the seconds until the kiosk actually acts (SessionStore.resetSecondsLeft:
 * the daemon ends the session 60 s after the warning, shell spec §9), so it reaches 0 when the
 * visitor is logged out or sent back, never earlier. It is a modal alertdialog named by its title
 * and described by its text, so screen readers announce it when the focus moves into it; a live
 * region then says once what will happen. That region is polite, so it follows the dialog's own
 * announcement instead of cutting it off, and it sits outside the dialog so it exists before its
 * text arrives. The countdown itself is a timer (not live) and is not read out every second.
 *
 * The warning is announced by sound too: the daemon plays a tone as it opens, in every mode unless
 * the kiosk is muted, and in audio mode says it (SpeechStore, docs/accessibility.md "Speech").
 */
export const IdleDialog = observer(function IdleDialog() {
  const { t } = useTranslation();
  const { session, shell } = useStores();
  const open = session.warning;
  const seconds = session.resetSecondsLeft ?? SESSION.resetAfterWarningSeconds;
  const loggedIn = session.loggedIn;

  // Filled once per warning: a live region must exist before its text changes to be announced.
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!open) {
      setAnnouncement('');
      return;
    }
    const key = loggedIn ? 'shell.idle.announcement_logged_in' : 'shell.idle.announcement_logged_out';
    setAnnouncement(t(key, { count: session.resetSecondsLeft ?? SESSION.resetAfterWarningSeconds }));
    // Only when the warning opens or the login state changes, not every second.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, loggedIn, t]);

  return (
    <>
      <div className="kiosk-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <Dialog
        open={open}
        role="alertdialog"
        className="kiosk-idle-dialog"
        title={t('shell.idle.title')}
        actions={
          loggedIn ? (
            <>
              <Button variant="secondary" data-nav-action="logout" onClick={shell.confirmLogout}>
                {t('shell.idle.logout')}
              </Button>
              <Button variant="primary" data-nav-action="continue" data-autofocus onClick={session.continueSession}>
                {t('shell.idle.continue')}
              </Button>
            </>
          ) : (
            <Button variant="primary" data-nav-action="continue" data-autofocus onClick={session.continueSession}>
              {t('shell.idle.want_to_continue')}
            </Button>
          )
        }
      >
        <p className="kiosk-idle-dialog__countdown" role="timer" aria-atomic="true">
          {t('shell.idle.seconds', { count: seconds })}
        </p>
        <p className="kiosk-idle-dialog__message">
          {loggedIn ? t('shell.idle.logged_in_message') : t('shell.idle.logged_out_message')}
        </p>
      </Dialog>
    </>
  );
});
