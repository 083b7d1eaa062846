import type { Db } from "../../../db/client.ts";
import type { ReadingsArrived } from "../readings-hint.ts";
import { DEMO_SITE_DAYS, seedDemoMonitoring } from "./seed-demo-site.ts";

/** The generator's step: each top-up adds the quarter hour that has begun. */
export const DEMO_TOP_UP_EVERY_MS = 15 * 60_000;

/**
 * Tops the demo monitoring sites up to now every quarter hour while the server runs (main.ts), so
 * that an open demo page moves on as a farm's would: each top-up that added readings hints the
 * database's open pages (`arrived`: the staff's for the demo pages, readings-hint.ts). One at a
 * time; with several instances each tops up, and the same rows of the same generator are written
 * once. Answers the stop.
 */
export function startDemoTopUps(db: Db, arrived: ReadingsArrived, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    seedDemoMonitoring(db, Date.now(), DEMO_SITE_DAYS, arrived)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, DEMO_TOP_UP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
