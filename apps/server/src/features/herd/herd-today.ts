// "Today" for days in milk: the farms are Russian and DC305 counts DIM in whole local days, so the
// day is Moscow's (not the server's UTC day, which lags three hours behind after midnight).
const moscowDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" });

/** The Moscow calendar day of `now` as YYYY-MM-DD. */
export function herdToday(now: Date = new Date()): string {
  return moscowDay.format(now);
}
