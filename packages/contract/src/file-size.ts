// Sizes as people read them (binary units, Russian): files in the web app, quotas in the server's texts.

const UNITS = ["Б", "КБ", "МБ", "ГБ"] as const;
const STEP = 1024;

const whole = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0, useGrouping: false });
const oneDecimal = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1, useGrouping: false });

/** A file's size as people read it: «512 Б», «12 КБ», «1,4 МБ» (one decimal below 10, binary units). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  for (;;) {
    const format = unit === 0 || value >= 10 ? whole : oneDecimal;
    const shown = Number(format.format(value).replace(",", "."));
    // 1023,7 КБ would read «1024 КБ»: the next unit instead.
    if (shown >= STEP && unit < UNITS.length - 1) {
      value /= STEP;
      unit += 1;
      continue;
    }
    return `${format.format(value)} ${UNITS[unit]}`;
  }
}
