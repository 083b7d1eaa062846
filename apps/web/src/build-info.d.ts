/** The root package.json version, injected at build time (apps/web/build-info.ts). */
declare const __APP_VERSION__: string;
/** The date (YYYY-MM-DD) of the newest CHANGELOG.md entry, injected at build time. */
declare const __APP_RELEASE_DATE__: string;
