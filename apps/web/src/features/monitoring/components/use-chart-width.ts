import { useEffect, useRef, useState } from "react";

/** Widths are rounded to this many pixels, so a small resize does not ask for new points. */
const STEP = 50;
const FALLBACK = 800;

/** The width of the element the ref is put on, in pixels (rounded; 800 before it is laid out). */
export function useChartWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(FALLBACK);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      const px = Math.floor(element.clientWidth / STEP) * STEP;
      if (px >= 200) setWidth(Math.min(px, 4000));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
