import type { WoodCurve } from "./demo-herd-params.ts";

/** Milk, kg/day, at DIM t on Wood's curve y = a·t^b·e^(−c·t). */
export function woodMilk(curve: WoodCurve, dim: number): number {
  const t = Math.max(dim, 1);
  return curve.a * t ** curve.b * Math.exp(-curve.c * t);
}

/** Sum of daily milk over DIM 1..305: the 305-day yield of the curve. */
export function wood305(curve: WoodCurve): number {
  let total = 0;
  for (let t = 1; t <= 305; t++) total += woodMilk(curve, t);
  return total;
}
