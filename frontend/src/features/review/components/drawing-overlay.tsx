import { placeOf } from '@domain/drawing-place';
import type { Drawing } from '@domain/review';
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_NAMESPACE } from '../locales';
import { usePlacesInWords } from '../lib/place-words';

export type Shape = Drawing['shapes'][number];
export type DrawingColor = Drawing['color'];
export type DrawingTool = Shape['kind'];

interface Point {
  x: number;
  y: number;
}

/** The picture's size in the SVG's own units (the media's pixels, or 16:9 until it is known). */
export interface PictureSize {
  width: number;
  height: number;
}

/** Freehand points closer than this (in picture fractions) to the last one are dropped. */
const MIN_POINT_DISTANCE = 0.004;
const MAX_FREEHAND_POINTS = 2_000;

const clampUnit = (value: number) => Math.min(1, Math.max(0, value));

/** The keyboard's crosshair moves this far per arrow key (with Shift: a larger step), in picture fractions. */
const AIM_STEP = 0.025;
const AIM_STEP_LARGE = 0.1;
const CENTRE: Point = { x: 0.5, y: 0.5 };

/** The focus of the drawing tools' « place with the keyboard » button, where Escape on the canvas returns. */
export const KEYBOARD_DRAWING_BUTTON_ID = 'review-drawing-keyboard';
export const DRAWING_CANVAS_ID = 'review-drawing-canvas';

/**
 * The mark the keyboard places at a point with the chosen tool: an arrow pointing at it from the
 * picture's middle side, a box around it, or a circle drawn around it.
 */
function markerShape(tool: DrawingTool, point: Point): Shape {
  if (tool === 'arrow') {
    const from = {
      x: clampUnit(point.x + (point.x > 0.5 ? -0.12 : 0.12)),
      y: clampUnit(point.y + (point.y > 0.5 ? -0.12 : 0.12)),
    };
    return { kind: 'arrow', from, to: point };
  }
  if (tool === 'rect') {
    return {
      kind: 'rect',
      from: { x: clampUnit(point.x - 0.08), y: clampUnit(point.y - 0.08) },
      to: { x: clampUnit(point.x + 0.08), y: clampUnit(point.y + 0.08) },
    };
  }
  const points = Array.from({ length: 17 }, (_, index) => {
    const angle = (index / 16) * 2 * Math.PI;
    return { x: clampUnit(point.x + 0.06 * Math.cos(angle)), y: clampUnit(point.y + 0.06 * Math.sin(angle)) };
  });
  return { kind: 'freehand', points };
}

function Crosshair({ point, size }: { point: Point; size: PictureSize }) {
  const x = point.x * size.width;
  const y = point.y * size.height;
  const reach = Math.max(size.width, size.height) * 0.03;
  const gap = reach * 0.3;
  const lines = (
    <>
      <line x1={x - reach} y1={y} x2={x - gap} y2={y} />
      <line x1={x + gap} y1={y} x2={x + reach} y2={y} />
      <line x1={x} y1={y - reach} x2={x} y2={y - gap} />
      <line x1={x} y1={y + gap} x2={x} y2={y + reach} />
      <circle cx={x} cy={y} r={reach * 0.7} fill="none" />
    </>
  );
  const stroke = Math.max(size.width, size.height) * 0.003;
  return (
    <g data-testid="drawing-crosshair">
      <g stroke="rgb(15 23 42 / 0.8)" strokeWidth={stroke * 3}>
        {lines}
      </g>
      <g stroke="white" strokeWidth={stroke}>
        {lines}
      </g>
    </g>
  );
}

function ShapeView({ shape, color, size }: { shape: Shape; color: string; size: PictureSize }) {
  const { width, height } = size;
  const stroke = Math.max(width, height) * 0.0045;
  const px = (point: Point) => [point.x * width, point.y * height] as const;
  let body: ReactNode;
  if (shape.kind === 'rect') {
    const [x1, y1] = px(shape.from);
    const [x2, y2] = px(shape.to);
    body = <rect x={Math.min(x1, x2)} y={Math.min(y1, y2)} width={Math.abs(x2 - x1)} height={Math.abs(y2 - y1)} />;
  } else if (shape.kind === 'arrow') {
    const [x1, y1] = px(shape.from);
    const [x2, y2] = px(shape.to);
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const head = Math.max(width, height) * 0.022;
    const wing = (side: number) =>
      `${x2 - head * Math.cos(angle + side * 0.45)},${y2 - head * Math.sin(angle + side * 0.45)}`;
    body = (
      <>
        <line x1={x1} y1={y1} x2={x2} y2={y2} />
        <polyline points={`${wing(1)} ${x2},${y2} ${wing(-1)}`} />
      </>
    );
  } else {
    body = <polyline points={shape.points.map((point) => px(point).join(',')).join(' ')} />;
  }
  // A dark outline under the colour keeps the mark readable on any picture.
  return (
    <>
      <g
        stroke="rgb(15 23 42 / 0.55)"
        strokeWidth={stroke * 2}
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {body}
      </g>
      <g stroke={color} strokeWidth={stroke} fill="none" strokeLinecap="round" strokeLinejoin="round">
        {body}
      </g>
    </>
  );
}

export interface DrawingEditor {
  tool: DrawingTool;
  color: DrawingColor;
  shapes: Shape[];
  onShapesChange: (shapes: Shape[]) => void;
  /** The canvas's name: which frame it is on. */
  label: string;
}

/**
 * The SVG layer over the picture: it has the picture's own proportions and units, so the shapes,
 * stored in 0–1 coordinates, land on the same pixels at any size, full screen included. With an
 * editor it also takes the pointer (mouse, pen or finger) to draw arrows, rectangles and lines,
 * and the keyboard: a crosshair moved with the arrows, Enter places a mark, Escape leaves.
 */
export function DrawingOverlay({
  drawings,
  size,
  editor,
}: {
  drawings: { key: string; drawing: Drawing }[];
  size: PictureSize;
  editor: DrawingEditor | null;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const placesInWords = usePlacesInWords();
  const svgRef = useRef<SVGSVGElement>(null);
  const [current, setCurrent] = useState<Shape | null>(null);
  /** The keyboard's crosshair, shown while the canvas has the keyboard's focus. */
  const [aim, setAim] = useState<Point | null>(null);
  const hintId = useId();

  const pointOf = (event: PointerEvent<SVGSVGElement>): Point => {
    const box = svgRef.current!.getBoundingClientRect();
    return {
      x: clampUnit((event.clientX - box.left) / box.width),
      y: clampUnit((event.clientY - box.top) / box.height),
    };
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (!editor || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = pointOf(event);
    setCurrent(
      editor.tool === 'freehand'
        ? { kind: 'freehand', points: [point] }
        : { kind: editor.tool, from: point, to: point },
    );
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!current) return;
    const point = pointOf(event);
    if (current.kind === 'freehand') {
      const last = current.points[current.points.length - 1];
      if (Math.hypot(point.x - last.x, point.y - last.y) < MIN_POINT_DISTANCE) return;
      if (current.points.length >= MAX_FREEHAND_POINTS) return;
      setCurrent({ ...current, points: [...current.points, point] });
    } else {
      setCurrent({ ...current, to: point });
    }
  };

  const onPointerUp = () => {
    if (!current || !editor) return;
    const long =
      current.kind === 'freehand'
        ? current.points.length >= 2
        : Math.hypot(current.to.x - current.from.x, current.to.y - current.from.y) > 0.01;
    if (long) editor.onShapesChange([...editor.shapes, current]);
    setCurrent(null);
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (!editor) return;
    const step = event.shiftKey ? AIM_STEP_LARGE : AIM_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const from = aim ?? CENTRE;
      setAim({ x: clampUnit(from.x + move[0]), y: clampUnit(from.y + move[1]) });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const point = aim ?? CENTRE;
      setAim(point);
      editor.onShapesChange([...editor.shapes, markerShape(editor.tool, point)]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setAim(null);
      document.getElementById(KEYBOARD_DRAWING_BUTTON_ID)?.focus();
    }
  };

  const shapesNamed = (shapes: Shape[]) =>
    shapes.length > 0 ? t('drawing.shapesAt', { count: shapes.length, places: placesInWords(shapes) }) : '';
  const shownShapes = drawings.flatMap(({ drawing }) => drawing.shapes);

  if (!editor) {
    // Comments' drawings on this frame: an image named by where they point.
    return (
      <svg
        viewBox={`0 0 ${size.width} ${size.height}`}
        className="pointer-events-none absolute inset-0 size-full"
        role={drawings.length > 0 ? 'img' : undefined}
        aria-label={drawings.length > 0 ? t('drawing.shown', { places: placesInWords(shownShapes) }) : undefined}
        aria-hidden={drawings.length > 0 ? undefined : true}
        data-testid="drawing-overlay"
      >
        {drawings.map(({ key, drawing }) => (
          <g key={key} data-testid="drawing">
            {drawing.shapes.map((shape, index) => (
              <ShapeView key={index} shape={shape} color={drawing.color} size={size} />
            ))}
          </g>
        ))}
      </svg>
    );
  }

  return (
    <>
      <svg
        ref={svgRef}
        id={DRAWING_CANVAS_ID}
        viewBox={`0 0 ${size.width} ${size.height}`}
        className="absolute inset-0 size-full cursor-crosshair touch-none outline-none focus-visible:ring-4 focus-visible:ring-violet-400 focus-visible:ring-inset"
        tabIndex={0}
        role="application"
        aria-label={[editor.label, shapesNamed(editor.shapes)].filter(Boolean).join(' — ')}
        aria-describedby={hintId}
        data-testid="drawing-canvas"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setCurrent(null)}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          // The crosshair is the keyboard's: a press of the pointer focuses the canvas without it.
          if (event.currentTarget.matches(':focus-visible')) setAim((point) => point ?? CENTRE);
        }}
        onBlur={() => setAim(null)}
      >
        <g data-testid="drawing-draft">
          {[...editor.shapes, ...(current ? [current] : [])].map((shape, index) => (
            <ShapeView key={index} shape={shape} color={editor.color} size={size} />
          ))}
        </g>
        {aim && <Crosshair point={aim} size={size} />}
      </svg>
      <p
        id={hintId}
        className={
          aim
            ? 'pointer-events-none absolute inset-x-2 bottom-2 rounded-md bg-slate-950/80 px-2 py-1 text-center text-xs text-white'
            : 'sr-only'
        }
      >
        {t('drawing.keyboardHint')}
      </p>
      {/* Said once per cell entered, not on every step. */}
      <p className="sr-only" aria-live="polite" data-testid="drawing-aim">
        {aim ? t('drawing.aimAt', { place: t(`drawing.places.${placeOf(aim)}`) }) : ''}
      </p>
    </>
  );
}
