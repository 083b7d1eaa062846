import { expect, type Locator, type Page } from "@playwright/test";

// Dragging a board card as a person does (dnd-kit listens to mouse and touch events, not to HTML5
// drag events): press, move in steps, release.

const centre = async (target: Locator) => {
  const box = await target.boundingBox();
  if (!box) throw new Error("the element is not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** Drags `card` with the mouse onto `target` (its centre: the card goes before a card of another column). */
export async function dragWithMouse(page: Page, card: Locator, target: Locator): Promise<void> {
  const from = await centre(card);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // Past the few pixels that tell a drag from a click: the card is taken.
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 2 });
  await expect(card).toHaveAttribute("aria-pressed", "true");
  const to = await centre(target);
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
}

/**
 * Drags `card` by touch onto `target`: a finger held on the card (a short hold, so that a tap
 * still opens the task and a swipe still scrolls) until it is taken, moved, lifted.
 */
export async function dragByTouch(page: Page, card: Locator, target: Locator): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", point?: { x: number; y: number }) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });
  const from = await centre(card);
  await touch("touchStart", from);
  await expect(card).toHaveAttribute("aria-pressed", "true");
  const to = await centre(target);
  for (let step = 1; step <= 10; step += 1) {
    await touch("touchMove", {
      x: from.x + ((to.x - from.x) * step) / 10,
      y: from.y + ((to.y - from.y) * step) / 10,
    });
  }
  await touch("touchEnd");
  await cdp.detach();
}
