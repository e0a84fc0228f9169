import { DRAWING_COLORS } from '@domain/review';
import { ArrowUpRight, Crosshair, Eraser, PenLine, Square, Undo2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { REVIEW_NAMESPACE } from '../../locales';
import {
  DRAWING_CANVAS_ID,
  KEYBOARD_DRAWING_BUTTON_ID,
  type DrawingColor,
  type DrawingTool,
  type Shape,
} from '../drawing-overlay';

/** The drawing being made for the next comment (null: not drawing). */
export interface DrawingDraft {
  tool: DrawingTool;
  color: DrawingColor;
  shapes: Shape[];
}

const TOOLS: { tool: DrawingTool; icon: typeof ArrowUpRight }[] = [
  { tool: 'arrow', icon: ArrowUpRight },
  { tool: 'rect', icon: Square },
  { tool: 'freehand', icon: PenLine },
];

const COLOR_NAMES: Record<DrawingColor, 'red' | 'amber' | 'green' | 'blue' | 'white'> = {
  '#ef4444': 'red',
  '#f59e0b': 'amber',
  '#22c55e': 'green',
  '#3b82f6': 'blue',
  '#ffffff': 'white',
};

/**
 * The drawing's tool and colour (radio groups), the keyboard's way onto the picture, undo and
 * discard, and how many shapes it holds. Opened, it takes the focus on the tool in use.
 */
export function DrawingTools({
  drawing,
  onDrawingChange,
  onDiscard,
}: {
  drawing: DrawingDraft;
  onDrawingChange: (draft: DrawingDraft | null) => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const chosenToolRef = useRef<HTMLButtonElement>(null);
  useEffect(() => chosenToolRef.current?.focus(), []);
  return (
    <fieldset className="space-y-2 rounded-xl border border-violet-200 bg-violet-50/60 p-3" data-testid="drawing-tools">
      <legend className="px-1 text-xs font-semibold text-violet-900">{t('drawing.title')}</legend>
      <div className="flex flex-wrap items-center gap-1.5">
        <div role="radiogroup" aria-label={t('drawing.tool')} className="flex gap-1">
          {TOOLS.map(({ tool, icon: Icon }) => (
            <button
              key={tool}
              type="button"
              role="radio"
              aria-checked={drawing.tool === tool}
              ref={drawing.tool === tool ? chosenToolRef : undefined}
              aria-label={t(`drawing.tools.${tool}`)}
              title={t(`drawing.tools.${tool}`)}
              onClick={() => onDrawingChange({ ...drawing, tool })}
              className={cn(
                'flex size-9 items-center justify-center rounded-lg border outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
                drawing.tool === tool
                  ? 'border-violet-600 bg-violet-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          ))}
        </div>
        <div role="radiogroup" aria-label={t('drawing.color')} className="flex gap-1">
          {DRAWING_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={drawing.color === color}
              aria-label={t(`drawing.colors.${COLOR_NAMES[color]}`)}
              title={t(`drawing.colors.${COLOR_NAMES[color]}`)}
              onClick={() => onDrawingChange({ ...drawing, color })}
              className={cn(
                'size-7 rounded-full border border-slate-400 outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-1',
                drawing.color === color && 'ring-2 ring-slate-900 ring-offset-2',
              )}
              style={{ backgroundColor: color }}
            />
          ))}
        </div>
        <div className="ml-auto flex gap-1">
          <Button
            id={KEYBOARD_DRAWING_BUTTON_ID}
            variant="ghost"
            size="icon"
            className="size-9"
            onClick={() => document.getElementById(DRAWING_CANVAS_ID)?.focus()}
            aria-label={t('drawing.keyboard')}
            title={t('drawing.keyboard')}
            data-testid="drawing-keyboard"
          >
            <Crosshair aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            disabled={drawing.shapes.length === 0}
            onClick={() => onDrawingChange({ ...drawing, shapes: drawing.shapes.slice(0, -1) })}
            aria-label={t('drawing.undo')}
            title={t('drawing.undo')}
          >
            <Undo2 aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            onClick={onDiscard}
            aria-label={t('drawing.discard')}
            title={t('drawing.discard')}
          >
            <Eraser aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p className="text-xs text-violet-900" aria-live="polite">
        {t('drawing.hint', { count: drawing.shapes.length })}
      </p>
    </fieldset>
  );
}
