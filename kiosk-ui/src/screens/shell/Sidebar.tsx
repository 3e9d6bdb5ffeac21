import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoresProvider';
import { VisitorControls } from '../../components/preferences/VisitorControls';
import { Logo } from './Logo';

/** The left menu: logo, the sections the facility offers (flow/sidebar.ts) and Logout with the countdown. */
export const Sidebar = observer(function Sidebar() {
  const { t } = useTranslation();
  const { shell, session } = useStores();
  return (
    <aside className="kiosk-sidebar">
      <div className="kiosk-sidebar__logo">
        <Logo />
      </div>
      <nav className="kiosk-sidebar__nav" aria-label={t('shell.sidebar.label')}>
        <ul className="kiosk-sidebar__items">
          {shell.sidebarSections.map((section) => (
            <li key={section}>
              <button
                type="button"
                className="kiosk-sidebar__item"
                aria-current={shell.currentSidebarItem === section ? 'page' : undefined}
                data-nav-action="sidebar"
                data-nav-target={section}
                onClick={() => shell.selectSection(section)}
              >
                {t(`shell.sections.${section}`)}
              </button>
            </li>
          ))}
          {shell.showLogout && (
            <li>
              <button
                type="button"
                className="kiosk-sidebar__item kiosk-sidebar__logout"
                data-nav-action="sidebar"
                data-nav-target="logout"
                onClick={shell.openLogoutConfirm}
              >
                <span>{t('shell.sidebar.logout')}</span>
                {session.countdown !== null && (
                  <span className="kiosk-sidebar__countdown">
                    <span className="kiosk-visually-hidden">{t('shell.sidebar.countdown_label')} </span>
                    <time>{session.countdown}</time>
                  </span>
                )}
              </button>
            </li>
          )}
        </ul>
      </nav>
      <VisitorControls placement="sidebar" />
    </aside>
  );
});
