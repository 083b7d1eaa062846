import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useAccessToken } from "../../../shared/hooks/use-access-token.ts";
import { useAppConfig } from "../../../shared/hooks/use-app-config.ts";
import { sendPageHit } from "../api.ts";
import { ensureMetrika, metrikaHit } from "../metrika.ts";

/** Paths where no page is shown (spec §2: /api renders nothing) or a session begins or ends. */
const NOT_COUNTED = /^\/(api(\/|$)|login$|logout$|register$|yandex\/token\/redirect$)/;

/**
 * Spec §7 "A page-hit is sent to an analytics service on each route change": for a signed-in user,
 * one POST analytics/page_hit/ {path} per location (StrictMode's repeated effects and re-renders
 * do not repeat it), and with a Metrika counter configured, its hit as well. Renders nothing.
 */
export function PageHitTracker() {
  const location = useLocation();
  const signedIn = useAccessToken() !== null;
  const counted = signedIn && !NOT_COUNTED.test(location.pathname);
  const config = useAppConfig(counted);
  const metrikaId = config.data?.yandex_metrika_id ?? null;
  const sentHit = useRef<string | null>(null);
  const sentMetrika = useRef<string | null>(null);

  useEffect(() => {
    if (!counted || sentHit.current === location.key) return;
    sentHit.current = location.key;
    sendPageHit(location.pathname);
  }, [counted, location.key, location.pathname]);

  useEffect(() => {
    if (!counted || !metrikaId) return;
    const key = `${metrikaId}:${location.key}`;
    if (sentMetrika.current === key) return;
    sentMetrika.current = key;
    ensureMetrika(metrikaId);
    metrikaHit(metrikaId, location.pathname);
  }, [counted, metrikaId, location.key, location.pathname]);

  return null;
}
