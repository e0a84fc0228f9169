import type { RushAnalysisResult } from '@domain/analysis';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/form/fields';
import { Card, CardContent } from '@/components/ui/card';
import { RushUploader } from '@/components/uploader/rush-uploader';
import { SYSTEM_TEST_NAMESPACE } from '../locales';

/** Storage and analysis: real files through the funnels' upload path, measured by ffprobe in the worker. */
export function UploadCheck() {
  const { t } = useTranslation(SYSTEM_TEST_NAMESPACE);
  const [declared, setDeclared] = useState('');
  const [result, setResult] = useState<RushAnalysisResult | null | undefined>(undefined);
  const declaredMinutes = Number(declared.replace(',', '.'));

  return (
    <Card className="mt-6">
      <CardContent className="space-y-5">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{t('uploads.title')}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('uploads.text')}</p>
        </div>
        <Field label={t('uploads.declared')} className="sm:max-w-xs">
          {({ id }) => (
            <input
              id={id}
              inputMode="decimal"
              value={declared}
              onChange={(event) => setDeclared(event.target.value)}
              className="h-10 rounded-lg border border-slate-500 px-3 text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            />
          )}
        </Field>
        <RushUploader
          declaredDurationMinutes={declaredMinutes > 0 ? declaredMinutes : undefined}
          onAnalysed={setResult}
        />
        {result !== undefined && (
          <output
            data-testid="rush-analysis-result"
            className="block rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700"
          >
            {result
              ? t('uploads.result', { seconds: result.totalRushDuration, minutes: result.totalRushDurationMinutes })
              : t('uploads.unavailable')}
            <span hidden data-testid="rush-analysis-json">
              {JSON.stringify(result)}
            </span>
          </output>
        )}
      </CardContent>
    </Card>
  );
}
