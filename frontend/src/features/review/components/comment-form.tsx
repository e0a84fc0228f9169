import { COMMENT_MAX_LENGTH, DRAWING_COLORS, type FrameRate } from '@domain/review';
import { CommentInputSchema } from '@domain/schemas/review';
import { ArrowLeftToLine, ArrowRightToLine, PenLine, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useAddComment } from '../api/review';
import { REVIEW_NAMESPACE } from '../locales';
import { framesToTimecode } from '@domain/timecode';
import { DrawingTools, type DrawingDraft } from './comment-form/drawing-tools';

/** Text put in the field from elsewhere in the studio (a QC finding); a new `id` puts it again. */
export interface CommentPrefill {
  id: number;
  text: string;
}

/**
 * A new comment on the frame on screen, or on the in/out range set with I and O, with an optional
 * drawing made on the picture. Focusing the field pauses the video. A prefill replaces the text
 * and takes the focus, so that it can be completed and sent.
 */
export function CommentForm({
  projectId,
  versionNumber,
  rate,
  startFrame,
  frame,
  range,
  onSetIn,
  onSetOut,
  onClearRange,
  drawing,
  onDrawingChange,
  onFocusField,
  prefill,
}: {
  projectId: string;
  versionNumber: number;
  rate: FrameRate;
  startFrame: number;
  frame: number;
  range: { frameIn: number | null; frameOut: number | null };
  /** I and O, as buttons for the pointer and the finger. */
  onSetIn: () => void;
  onSetOut: () => void;
  onClearRange: () => void;
  drawing: DrawingDraft | null;
  onDrawingChange: (draft: DrawingDraft | null) => void;
  onFocusField: () => void;
  prefill?: CommentPrefill | null;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddComment(projectId, versionNumber);
  const fieldId = useId();
  const errorId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!prefill) return;
    setBody(prefill.text);
    fieldRef.current?.focus();
  }, [prefill]);
  const timecode = (value: number) => framesToTimecode(startFrame + value, rate);
  // A discarded drawing takes its tools away: the focus goes back to the button that opened them.
  const drawingStartRef = useRef<HTMLButtonElement>(null);
  const refocusDrawingStart = useRef(false);
  useEffect(() => {
    if (drawing || !refocusDrawingStart.current) return;
    refocusDrawingStart.current = false;
    drawingStartRef.current?.focus();
  }, [drawing]);

  const frameIn = range.frameIn ?? frame;
  // A range of a single frame is that frame.
  const frameOut =
    range.frameIn !== null && range.frameOut !== null && range.frameOut > range.frameIn ? range.frameOut : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const shapes = drawing?.shapes ?? [];
    const parsed = CommentInputSchema.safeParse({
      body,
      frameIn,
      frameOut,
      drawing: shapes.length > 0 && drawing ? { color: drawing.color, shapes } : undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setBody('');
        onDrawingChange(null);
        onClearRange();
        toast.success(t('comments.sent'));
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('comments.failed')),
    });
  };

  const rangeEnds = [
    { end: 'In', icon: ArrowRightToLine, onClick: onSetIn },
    { end: 'Out', icon: ArrowLeftToLine, onClick: onSetOut },
  ] as const;

  return (
    <form onSubmit={submit} className="space-y-3" noValidate data-testid="comment-form">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">{frameOut !== undefined ? t('comments.onRange') : t('comments.onFrame')}</span>
        <span
          className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-slate-900 tabular-nums"
          data-testid="comment-anchor"
        >
          {frameOut !== undefined ? `${timecode(frameIn)} → ${timecode(frameOut)}` : timecode(frameIn)}
        </span>
        <span className="ml-auto flex gap-1">
          {rangeEnds.map(({ end, icon: Icon, onClick }) => (
            <Button
              key={end}
              variant="outline"
              size="sm"
              className="h-7 px-2"
              onClick={onClick}
              title={t(`comments.set${end}Hint`)}
              data-testid={`range-${end.toLowerCase()}`}
            >
              <Icon aria-hidden="true" />
              {t(`comments.set${end}`)}
            </Button>
          ))}
          {range.frameIn !== null && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2"
              onClick={onClearRange}
              aria-label={t('comments.clearRange')}
              title={t('comments.clearRange')}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </span>
      </div>

      <div className="space-y-1.5">
        <label htmlFor={fieldId} className="sr-only">
          {t('comments.field')}
        </label>
        <textarea
          ref={fieldRef}
          id={fieldId}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onFocus={onFocusField}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
          }}
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('comments.placeholder')}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          data-testid="comment-input"
          className="w-full rounded-lg border border-slate-500 px-3 py-2 text-sm outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600"
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>

      {drawing ? (
        <DrawingTools
          drawing={drawing}
          onDrawingChange={onDrawingChange}
          onDiscard={() => {
            refocusDrawingStart.current = true;
            onDrawingChange(null);
          }}
        />
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        {!drawing && (
          <Button
            ref={drawingStartRef}
            variant="outline"
            size="sm"
            onClick={() => onDrawingChange({ tool: 'arrow', color: DRAWING_COLORS[0], shapes: [] })}
            data-testid="drawing-start"
          >
            <PenLine aria-hidden="true" />
            {t('drawing.start')}
          </Button>
        )}
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus. */}
        <Button type="submit" size="sm" className="ml-auto" aria-disabled={add.isPending} data-testid="comment-submit">
          {t('comments.submit')}
        </Button>
      </div>
    </form>
  );
}
