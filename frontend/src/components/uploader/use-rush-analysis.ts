import { ANALYSIS_MESSAGES, discrepancyForAnalysis, type RushAnalysisResult } from '@domain/analysis';
import { UPLOAD_MESSAGES } from '@domain/uploads';
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { toast } from 'sonner';
import { uploadApi, type StoredUploadSession } from './upload-api';
import type { UploadItem } from './upload-items';

/**
 * The session's analysis (durations measured in the worker): the files show « analysing » meanwhile,
 * then their duration, or « untimed » for an image; a gap with the declared duration is said once.
 */
export function useRushAnalysis(
  session: () => Promise<StoredUploadSession>,
  setItems: Dispatch<SetStateAction<UploadItem[]>>,
  callbacks: {
    readonly current: {
      declaredDurationMinutes?: number;
      onAnalysed?: (result: RushAnalysisResult | null) => void;
    };
  },
) {
  const [analysing, setAnalysing] = useState(false);
  const [analysisFailed, setAnalysisFailed] = useState(false);

  const runAnalysis = useCallback(async () => {
    setAnalysing(true);
    setAnalysisFailed(false);
    setItems((current) =>
      current.map((item) => (item.status === 'completed' ? { ...item, status: 'analyzing' } : item)),
    );
    try {
      const result = await uploadApi.analyse(await session());
      const byServerId = new Map(result.fileAnalyses.map((file) => [file.fileId, file]));
      setItems((current) =>
        current.map((item) => {
          const analysed = byServerId.get(item.id);
          if (!analysed) return item.status === 'analyzing' ? { ...item, status: 'completed' } : item;
          if (!analysed.isMedia)
            return { ...item, status: 'error', error: analysed.error ?? UPLOAD_MESSAGES.unsupportedType };
          // An analysis stored before `timed` existed: a positive duration is a timed file.
          const timed = analysed.timed ?? analysed.durationSeconds > 0;
          return timed
            ? { ...item, status: 'completed', duration: analysed.durationSeconds / 60, untimed: false }
            : { ...item, status: 'completed', duration: null, untimed: true };
        }),
      );
      toast.success(ANALYSIS_MESSAGES.succeeded, { id: 'rush-analysis' });
      // Files without a duration (images) take no part: with no timed file there is no verdict.
      const discrepancy = discrepancyForAnalysis(callbacks.current.declaredDurationMinutes, result);
      if (discrepancy) {
        if (discrepancy.level === 'significant') console.warn('[uploader] duration discrepancy', discrepancy);
        if (discrepancy.level === 'major')
          console.error('[uploader] major duration discrepancy: potential fraud', discrepancy);
        if (discrepancy.toast) {
          const show = discrepancy.toast.destructive ? toast.error : toast.info;
          show(discrepancy.toast.title, { description: discrepancy.toast.description, id: 'rush-discrepancy' });
        }
      }
      callbacks.current.onAnalysed?.(result);
    } catch {
      setAnalysisFailed(true);
      setItems((current) =>
        current.map((item) => (item.status === 'analyzing' ? { ...item, status: 'completed' } : item)),
      );
      toast.error(ANALYSIS_MESSAGES.failedTitle, { description: ANALYSIS_MESSAGES.failed, id: 'rush-analysis' });
      callbacks.current.onAnalysed?.(null);
    } finally {
      setAnalysing(false);
    }
  }, [callbacks, session, setItems]);

  return { analysing, analysisFailed, runAnalysis };
}
