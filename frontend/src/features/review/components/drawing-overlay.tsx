import type { Drawing } from '@domain/review';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';

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
  label: string;
}

/**
 * The SVG layer over the picture: it has the picture's own proportions and units, so the shapes,
 * stored in 0–1 coordinates, land on the same pixels at any size, full screen included. With an
 * editor it also takes the pointer (mouse, pen or finger) to draw arrows, rectangles and lines.
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
  const svgRef = useRef<SVGSVGElement>(null);
  const [current, setCurrent] = useState<Shape | null>(null);

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

  return (
    <svg
      ref={svgRef}
      viewBox={`0 0 ${size.width} ${size.height}`}
      className={
        editor
          ? 'absolute inset-0 size-full cursor-crosshair touch-none'
          : 'pointer-events-none absolute inset-0 size-full'
      }
      role={editor ? 'img' : undefined}
      aria-label={editor?.label}
      aria-hidden={editor ? undefined : true}
      data-testid={editor ? 'drawing-canvas' : 'drawing-overlay'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setCurrent(null)}
    >
      {drawings.map(({ key, drawing }) => (
        <g key={key} data-testid="drawing">
          {drawing.shapes.map((shape, index) => (
            <ShapeView key={index} shape={shape} color={drawing.color} size={size} />
          ))}
        </g>
      ))}
      {editor && (
        <g data-testid="drawing-draft">
          {[...editor.shapes, ...(current ? [current] : [])].map((shape, index) => (
            <ShapeView key={index} shape={shape} color={editor.color} size={size} />
          ))}
        </g>
      )}
    </svg>
  );
}
