import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * Where the side menu that lies over the page (narrow screens) begins: right under the navbar.
 * The navbar sticks to the top of the screen, but what is above it (the announcement bar, spec §4)
 * pushes it down until the page scrolls past that. `above` is the element holding what is above
 * the navbar; while `active`, its visible height is followed (scrolling, resizing, the bar
 * closing or wrapping), so the menu and its mask never cover the navbar or the announcement.
 */
export function useOverlayTop(above: RefObject<HTMLElement | null>, navbarHeight: number, active: boolean): number {
  const [aboveVisible, setAboveVisible] = useState(0);
  // Before paint: the menu never shows at a stale offset for a frame.
  useLayoutEffect(() => {
    const element = above.current;
    if (!active || !element) return;
    const measure = () => setAboveVisible(Math.max(0, Math.round(element.getBoundingClientRect().bottom)));
    measure();
    window.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      window.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
      observer?.disconnect();
    };
  }, [above, active]);
  return navbarHeight + (active ? aboveVisible : 0);
}
