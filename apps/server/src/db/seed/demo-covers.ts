import { encodePng, fillVerticalGradient, newRaster, type Raster, type Rgb } from "./png.ts";

// The covers of the demo news, drawn in code: a farm under the sun, a milk-yield chart, a herd
// reproduction chart. 640 × 360 is the 16:9 shape the feed and the news page crop to, so nothing
// shows stretched; flat shapes on gradients keep each file a few kilobytes.

const WIDTH = 640;
const HEIGHT = 360;

const WHITE: Rgb = [255, 255, 255];

/**
 * Signed distance from a point to a shape's edge, negative inside. It may understate the distance
 * but changes by no more than the point moves: painting relies on that to skip whole runs of
 * pixels that are surely outside or wholly inside.
 */
type Shape = (x: number, y: number) => number;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function blend(raster: Raster, x: number, y: number, colour: Rgb, amount: number): void {
  const at = (y * raster.width + x) * 3;
  for (let i = 0; i < 3; i++) {
    const was = raster.pixels[at + i] ?? 0;
    raster.pixels[at + i] = Math.round(was + ((colour[i] ?? was) - was) * amount);
  }
}

/** Paints a shape over the raster, its edge smoothed over a pixel (no jagged stairs). */
function paint(raster: Raster, shape: Shape, colour: Rgb, opacity = 1): void {
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; ) {
      const distance = shape(x + 0.5, y + 0.5);
      // Pixels closer than |distance| − 0.5 lie wholly on the same side of the edge.
      const run = Math.abs(distance) > 0.5 ? Math.floor(Math.abs(distance) - 0.5) + 1 : 1;
      const coverage = clamp(0.5 - distance, 0, 1) * opacity;
      for (const end = Math.min(raster.width, x + run); x < end; x++) {
        if (coverage > 0) blend(raster, x, y, colour, coverage);
      }
    }
  }
}

const disc =
  (cx: number, cy: number, radius: number): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - radius;

/**
 * Everything below the curve y = edge(x) (y grows downwards). The height difference is scaled by
 * the curve's steepest slope so that it never overstates the distance.
 */
const below =
  (edge: (x: number) => number, steepest: number): Shape =>
  (x, y) =>
    (edge(x) - y) / Math.hypot(1, steepest);

const roundedBox =
  (left: number, top: number, right: number, bottom: number, radius: number): Shape =>
  (x, y) => {
    const dx = Math.abs(x - (left + right) / 2) - ((right - left) / 2 - radius);
    const dy = Math.abs(y - (top + bottom) / 2) - ((bottom - top) / 2 - radius);
    return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - radius;
  };

/** A line from a to b, `thickness` wide, with round ends. */
const stroke =
  ([ax, ay]: Point, [bx, by]: Point, thickness: number): Shape =>
  (x, y) => {
    const [dx, dy] = [bx - ax, by - ay];
    const t = clamp(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy), 0, 1);
    return Math.hypot(x - ax - t * dx, y - ay - t * dy) - thickness / 2;
  };

type Point = [number, number];

/** A convex polygon whose corners go clockwise as seen on the screen. */
const polygon =
  (corners: Point[]): Shape =>
  (x, y) =>
    Math.max(
      ...corners.map(([px, py], i) => {
        const [qx, qy] = corners[(i + 1) % corners.length] ?? [px, py];
        return -((qx - px) * (y - py) - (qy - py) * (x - px)) / Math.hypot(qx - px, qy - py);
      }),
    );

const union =
  (...shapes: Shape[]): Shape =>
  (x, y) =>
    Math.min(...shapes.map((shape) => shape(x, y)));

/** The height of a broken line through `points` (sorted by x) at x. */
function lineThrough(points: Point[]): (x: number) => number {
  return (x) => {
    const next = points.findIndex(([px]) => px >= x);
    if (next <= 0) return points[next === 0 ? 0 : points.length - 1]?.[1] ?? 0;
    const [[ax, ay], [bx, by]] = [points[next - 1] ?? [0, 0], points[next] ?? [0, 0]];
    return ay + ((by - ay) * (x - ax)) / (bx - ax);
  };
}

function canvas(top: Rgb, bottom: Rgb): Raster {
  const raster = newRaster(WIDTH, HEIGHT);
  fillVerticalGradient(raster, top, bottom);
  return raster;
}

/** Sky, sun, a cloud, two hills and a red barn. */
function farm(): Raster {
  const r = canvas([112, 184, 238], [214, 236, 250]);
  paint(r, disc(500, 95, 72), [255, 244, 200], 0.35);
  paint(r, disc(500, 95, 44), [255, 212, 90]);
  paint(
    r,
    union(disc(238, 88, 22), disc(268, 74, 30), disc(300, 90, 20), roundedBox(216, 84, 320, 110, 12)),
    WHITE,
    0.9,
  );
  paint(
    r,
    below((x) => 236 + 26 * Math.sin(x / 95 + 1), 0.3),
    [126, 192, 104],
  );
  paint(r, roundedBox(122, 204, 200, 266, 2), [186, 62, 50]);
  paint(
    r,
    polygon([
      [114, 208],
      [161, 170],
      [208, 208],
    ]),
    [118, 40, 36],
  );
  paint(r, roundedBox(148, 230, 174, 266, 2), [250, 240, 228]);
  paint(
    r,
    below((x) => 286 + 20 * Math.sin(x / 70 + 3), 0.3),
    [62, 148, 70],
  );
  return r;
}

/** A milk drop beside bars of daily yield that rise over the month. */
function milkYield(): Raster {
  const r = canvas([20, 88, 128], [38, 158, 168]);
  [88, 118, 104, 148, 170, 158, 198].forEach((height, i) => {
    paint(r, roundedBox(60 + i * 46, 318 - height, 92 + i * 46, 318, 6), WHITE, 0.85);
  });
  paint(r, stroke([48, 322], [398, 322], 3), WHITE, 0.6);
  // The drop: a circle and the triangle from its tangents up to the tip.
  const drop = union(
    disc(520, 222, 62),
    polygon([
      [465.5, 192.4],
      [520, 92],
      [574.5, 192.4],
    ]),
  );
  paint(r, drop, [250, 252, 255]);
  paint(r, disc(498, 204, 13), [196, 228, 240], 0.8);
  return r;
}

/** A rising line chart over a faint grid: the pregnancy rate of the herd. */
function breedingChart(): Raster {
  const r = canvas([84, 58, 148], [192, 112, 170]);
  for (const y of [110, 170, 230, 290]) paint(r, stroke([60, y], [580, y], 1.5), WHITE, 0.18);
  const points: Point[] = [
    [60, 282],
    [140, 250],
    [220, 262],
    [300, 202],
    [380, 216],
    [460, 152],
    [580, 112],
  ];
  const line = lineThrough(points);
  const underLine: Shape = (x, y) => Math.max(below(line, 1)(x, y), 60 - x, x - 580, y - 320);
  paint(r, underLine, WHITE, 0.16);
  points.slice(1).forEach((point, i) => {
    paint(r, stroke(points[i] ?? point, point, 6), WHITE);
  });
  for (const [x, y] of points) {
    paint(r, disc(x, y, 9), WHITE);
    paint(r, disc(x, y, 4), [150, 88, 168]);
  }
  return r;
}

const PAINTERS = { farm, milkYield, breedingChart } as const;
export type DemoCover = keyof typeof PAINTERS;

const drawn = new Map<DemoCover, Buffer>();

/** The cover as a PNG, drawn once per process (the seed runs in many tests). */
export function demoCoverPng(cover: DemoCover): Buffer {
  const known = drawn.get(cover);
  if (known) return known;
  const png = encodePng(PAINTERS[cover]());
  drawn.set(cover, png);
  return png;
}
