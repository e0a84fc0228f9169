import type { Drawing } from './review';

type DrawingShape = Drawing['shapes'][number];
interface Point {
  x: number;
  y: number;
}

/**
 * Where a mark sits on the picture, in a 3 × 3 grid: what the comment list and the drawing's
 * accessible name say in words (« en haut à gauche », « au centre »…) for whoever cannot see it.
 */
const PICTURE_PLACES = [
  'topLeft',
  'top',
  'topRight',
  'left',
  'center',
  'right',
  'bottomLeft',
  'bottom',
  'bottomRight',
] as const;
export type PicturePlace = (typeof PICTURE_PLACES)[number];

/** The grid cell of a point given in 0–1 picture coordinates (x to the right, y down). */
export function placeOf(point: Point): PicturePlace {
  const band = (value: number) => (value < 1 / 3 ? 0 : value > 2 / 3 ? 2 : 1);
  return PICTURE_PLACES[band(point.y) * 3 + band(point.x)];
}

/** The point a shape designates: an arrow's tip, the middle of a rectangle or of a line's extent. */
export function shapeFocus(shape: DrawingShape): Point {
  if (shape.kind === 'arrow') return shape.to;
  const points = shape.kind === 'rect' ? [shape.from, shape.to] : shape.points;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
}

/** The places a drawing's shapes point at, each once, in the order they were drawn. */
export function drawingPlaces(shapes: readonly DrawingShape[]): PicturePlace[] {
  return [...new Set(shapes.map((shape) => placeOf(shapeFocus(shape))))];
}
