import { useState, useSyncExternalStore } from "react";
import { readSideMenuPinned, saveSideMenuPinned, subscribeToStorage } from "../../../shared/lib/browser-storage.ts";

/**
 * Spec §4 side menu state: open or not, and its one expanded section. Any route change collapses
 * both (state adjusted while rendering, so the old state is never painted on the new page) —
 * unless the menu is pinned: on a wide screen (`wide`) the user may keep it open, with its
 * section, across pages and visits (remembered in this browser). A narrow screen ignores the pin:
 * there the menu lies over the page.
 */
export function useSideMenuState(pathname: string, wide: boolean) {
  const pinned = useSyncExternalStore(subscribeToStorage, readSideMenuPinned) && wide;
  const [state, setState] = useState({ pathname, open: false, section: null as string | null });
  if (state.pathname !== pathname) setState({ pathname, open: false, section: pinned ? state.section : null });
  return {
    open: pinned || state.open,
    /** Undefined on narrow screens, where there is no pinning. */
    pinned: wide ? pinned : undefined,
    section: state.section,
    /** The navbar's «Меню» button: closing a pinned menu unpins it. */
    toggle: () => {
      if (pinned) saveSideMenuPinned(false);
      const open = !(pinned || state.open);
      setState((s) => ({ ...s, open, section: open ? s.section : null }));
    },
    /** Unpinning leaves the menu open (it is under the user's pointer); it closes as usual then. */
    togglePin: () => {
      saveSideMenuPinned(!pinned);
      setState((s) => ({ ...s, open: true }));
    },
    setSection: (section: string | null) => setState((s) => ({ ...s, section })),
  };
}
