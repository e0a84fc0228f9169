import { drawingPlaces, placeOf, shapeFocus } from '../../domain/drawing-place';
import type { Drawing } from '../../domain/review';

describe('where a drawing is on the picture', () => {
  it('names the nine cells of a 3 × 3 grid', () => {
    expect(placeOf({ x: 0.1, y: 0.1 })).toBe('topLeft');
    expect(placeOf({ x: 0.5, y: 0.05 })).toBe('top');
    expect(placeOf({ x: 0.9, y: 0.2 })).toBe('topRight');
    expect(placeOf({ x: 0, y: 0.5 })).toBe('left');
    expect(placeOf({ x: 0.5, y: 0.5 })).toBe('center');
    expect(placeOf({ x: 1, y: 0.5 })).toBe('right');
    expect(placeOf({ x: 0.2, y: 0.8 })).toBe('bottomLeft');
    expect(placeOf({ x: 0.5, y: 1 })).toBe('bottom');
    expect(placeOf({ x: 0.95, y: 0.95 })).toBe('bottomRight');
  });

  it('takes the tip of an arrow, not where it starts', () => {
    const arrow = { kind: 'arrow', from: { x: 0.9, y: 0.9 }, to: { x: 0.1, y: 0.15 } } as const;
    expect(shapeFocus(arrow)).toEqual({ x: 0.1, y: 0.15 });
    expect(drawingPlaces([arrow])).toEqual(['topLeft']);
  });

  it('takes the middle of a rectangle drawn in any direction, and of a freehand line', () => {
    const rect = { kind: 'rect', from: { x: 0.9, y: 0.3 }, to: { x: 0.7, y: 0.1 } } as const;
    expect(drawingPlaces([rect])).toEqual(['topRight']);
    const circle: Drawing['shapes'][number] = {
      kind: 'freehand',
      points: [
        { x: 0.4, y: 0.8 },
        { x: 0.5, y: 0.7 },
        { x: 0.6, y: 0.8 },
        { x: 0.5, y: 0.9 },
      ],
    };
    expect(drawingPlaces([circle])).toEqual(['bottom']);
  });

  it('says each place once, in the order the shapes were drawn', () => {
    const centre = { kind: 'rect', from: { x: 0.4, y: 0.4 }, to: { x: 0.6, y: 0.6 } } as const;
    const corner = { kind: 'arrow', from: { x: 0.5, y: 0.5 }, to: { x: 0.9, y: 0.9 } } as const;
    expect(drawingPlaces([centre, corner, centre])).toEqual(['center', 'bottomRight']);
    expect(drawingPlaces([])).toEqual([]);
  });
});
