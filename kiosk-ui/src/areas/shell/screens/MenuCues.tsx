import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollCues } from './scroll-cues';

/**
 * The menu's paging (Sidebar.tsx): when the sections do not all fit, "▲ Back up" and "More ▼" side
 * by side in a row the list leaves below it (the menu's `data-paged`, global.css), never over an
 * item, each scrolling the list by a page of whole items; an item an edge would cut is not drawn
 * (scroll-cues.ts). Not menu items: outside the menu's landmark. Loaded after the first screen,
 * whose items show without it, as the daemon's first paint's do (docs/performance.md).
 */
export default function MenuCues({ list }: { list: RefObject<HTMLUListElement | null> }) {
  const { t } = useTranslation();
  const { cues, scrollPage } = useScrollCues(list);
  const paged = cues.up || cues.down;
  useEffect(() => {
    const menu = list.current?.closest('.kiosk-sidebar__menu');
    menu?.toggleAttribute('data-paged', paged);
    return () => menu?.removeAttribute('data-paged');
  }, [list, paged]);
  return (
    <>
      {cues.up && (
        <button
          type="button"
          className="kiosk-sidebar__cue kiosk-sidebar__cue--up"
          data-scroll-cue="up"
          onClick={() => scrollPage(-1)}
        >
          <span aria-hidden="true">▲</span> {t('shell.sidebar.back_up')}
        </button>
      )}
      {cues.down && (
        <button
          type="button"
          className="kiosk-sidebar__cue kiosk-sidebar__cue--down"
          data-scroll-cue="down"
          onClick={() => scrollPage(1)}
        >
          {t('shell.sidebar.more')} <span aria-hidden="true">▼</span>
        </button>
      )}
    </>
  );
}
