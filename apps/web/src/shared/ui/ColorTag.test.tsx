import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AppProviders } from "../../app/providers.tsx";
import { ColoredTag } from "../../features/lists/components/CellView.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { contrastRatio, parseHexColor, READABLE_CONTRAST, readableTagColors } from "../lib/tag-colors.ts";

// Colours users pick for list tags, task tags and projects, light ones included.
const PICKED = ["#fadb14", "#ffe58f", "#ffffff", "#52c41a", "#1677ff", "#f5222d", "#000000", "#722ed1"];

/** The tag's own text and background, as the eye gets them. */
function shownColors(tag: HTMLElement) {
  const text = parseHexColor(rgbToHex(tag.style.color));
  const background = parseHexColor(rgbToHex(tag.style.backgroundColor));
  if (!text || !background) throw new Error(`no colours on the tag: ${tag.getAttribute("style")}`);
  return { text, background };
}

function rgbToHex(css: string): string {
  const parts = css.match(/\d+/g)?.slice(0, 3).map(Number) ?? [];
  return parts.length === 3 ? `#${parts.map((v) => v.toString(16).padStart(2, "0")).join("")}` : css;
}

afterEach(() => localStorage.clear());

describe("coloured tags read well in both themes", () => {
  it.each(PICKED)("%s: text against its pill passes WCAG AA, the pill fits the theme", (color) => {
    for (const dark of [false, true]) {
      const colors = readableTagColors(color, dark);
      const text = parseHexColor(colors?.color ?? "");
      const background = parseHexColor(colors?.backgroundColor ?? "");
      if (!text || !background) throw new Error("no colours");
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(READABLE_CONTRAST);
      // A tint of the page: in the dark theme a dark pill, not a near-white one.
      expect(contrastRatio(background, dark ? [20, 20, 20] : [255, 255, 255])).toBeLessThan(2);
    }
  });

  it("a light yellow list tag in the dark theme", () => {
    localStorage.setItem("theme", "black");
    const view = render(
      <AppProviders queryClient={createQueryClient()}>
        <ColoredTag name="Сухостой" color="#fadb14" />
      </AppProviders>,
    );
    const tag = view.getByText("Сухостой");
    const { text, background } = shownColors(tag);
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(READABLE_CONTRAST);
    expect(contrastRatio(background, [20, 20, 20])).toBeLessThan(2);
  });

  it("leaves antd's preset colours to antd (they adapt to the theme)", () => {
    expect(readableTagColors("green", true)).toBeNull();
  });
});
