import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../shared/stores/StoresProvider';
import { VisitorControls } from '../../../components/preferences/VisitorControls';
import { Logo } from '../../../components/logo/Logo';
import { afterTapPaint } from '../../../utils/after-paint';

// The menu's paging comes after the first screen: its items show without it.
const MenuCues = lazy(() => import('./MenuCues'));

/**
 * The menu: logo, the sections the facility offers (shared-types sections.ts and sidebar.ts) and Logout with the countdown.
 * When the sections do not all fit (a short screen, Large text, Move controls down), the list
 * scrolls and says so in a row of its own below it, never over an item: "▲ Back up" and "More ▼"
 * side by side, each scrolling it by a page of whole items (MenuCues.tsx). An item the list's edge
 * would cut is not drawn. Logout stays below the list and the cues, always on screen.
 * On a portrait screen it is a bar across the top whose items wrap (docs/screens.md).
 */
export const Sidebar = observer(function Sidebar() {
  const { t } = useTranslation();
  const { shell, session } = useStores();
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <aside className="kiosk-sidebar">
      <div className="kiosk-sidebar__logo">
        <Logo />
      </div>
      <div className="kiosk-sidebar__menu">
        <nav className="kiosk-sidebar__nav" aria-label={t('shell.sidebar.label')}>
          <ul ref={listRef} className="kiosk-sidebar__items">
            {shell.sidebarSections.map((section) => (
              <li key={section}>
                <button
                  type="button"
                  className="kiosk-sidebar__item"
                  aria-current={shell.currentSidebarItem === section ? 'page' : undefined}
                  data-nav-action="sidebar"
                  data-nav-target={section}
                  onClick={() => afterTapPaint(() => shell.selectSection(section))}
                >
                  {t(`shell.sections.${section}`)}
                </button>
              </li>
            ))}
          </ul>
          {shell.showLogout && (
            <div className="kiosk-sidebar__account">
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
            </div>
          )}
        </nav>
        <Suspense fallback={null}>
          <MenuCues list={listRef} />
        </Suspense>
      </div>
      <VisitorControls placement="sidebar" />
    </aside>
  );
});
