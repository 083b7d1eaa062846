// Tags in a colour the user picked (list tags, task tags, projects). antd draws such a tag as a
// near-white pill with the colour as its text, in both themes: a glaring pill in the dark theme and
// unreadable text for light colours (yellow on pale yellow). Here the pill is a tint of the page
// and the text is the colour darkened (light theme) or lightened (dark theme) until it reads.

type Rgb = readonly [number, number, number];

/** antd's colorBgContainer of the two themes. */
const PAGE: Record<"light" | "dark", Rgb> = { light: [255, 255, 255], dark: [20, 20, 20] };
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
/** WCAG AA for normal text. */
export const READABLE_CONTRAST = 4.5;

export function parseHexColor(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const mix = (from: Rgb, to: Rgb, share: number): Rgb =>
  from.map((v, i) => Math.round(v + ((to[i] as number) - v) * share)) as unknown as Rgb;

const toHex = (rgb: Rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

export interface TagColors {
  color: string;
  backgroundColor: string;
  borderColor: string;
}

/** A readable pill for a hex colour in the given theme; null for antd's preset names (they adapt). */
export function readableTagColors(color: string, dark: boolean): TagColors | null {
  const rgb = parseHexColor(color);
  if (!rgb) return null;
  const page = dark ? PAGE.dark : PAGE.light;
  const background = mix(page, rgb, 0.18);
  let text = rgb;
  for (let share = 0.05; contrastRatio(text, background) < READABLE_CONTRAST && share <= 1; share += 0.05) {
    text = mix(rgb, dark ? WHITE : BLACK, share);
  }
  return { color: toHex(text), backgroundColor: toHex(background), borderColor: toHex(mix(page, rgb, 0.45)) };
}
