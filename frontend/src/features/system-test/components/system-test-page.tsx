import type { RushAnalysisResult } from '@domain/analysis';
import { useId, useState } from 'react';
import { DocumentTitle } from '@/components/layout/document-title';
import { Card, CardContent } from '@/components/ui/card';
import { RushUploader } from '@/components/uploader/rush-uploader';

/**
 * /test (admins): checks the running system end to end. The storage and analysis check sends real
 * files through the same path as the brief funnels (presigned multipart upload, ffprobe in the
 * worker) and shows what the analysis measured.
 */
export function SystemTestPage() {
  const declaredId = useId();
  const [declared, setDeclared] = useState('');
  const [result, setResult] = useState<RushAnalysisResult | null | undefined>(undefined);
  const declaredMinutes = Number(declared.replace(',', '.'));

  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <DocumentTitle title="Tests Système" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Tests Système — Rushflow</h1>
      <p className="mt-2 text-slate-600">Vérifications réelles de la plateforme en fonctionnement.</p>

      <Card className="mt-8">
        <CardContent className="space-y-5">
          <div>
            <h2 className="text-xl font-semibold text-slate-900">Téléversement et analyse des rushs</h2>
            <p className="mt-1 text-sm text-slate-600">
              Envoie des fichiers directement vers le stockage, puis mesure leur durée avec ffprobe dans le worker.
            </p>
          </div>
          <div className="flex flex-col gap-1.5 sm:max-w-xs">
            <label htmlFor={declaredId} className="text-sm font-medium text-slate-800">
              Durée déclarée (minutes, facultatif)
            </label>
            <input
              id={declaredId}
              inputMode="decimal"
              value={declared}
              onChange={(event) => setDeclared(event.target.value)}
              className="h-10 rounded-lg border border-slate-300 px-3 text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            />
          </div>
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
                ? `Durée totale analysée : ${result.totalRushDuration} s (${result.totalRushDurationMinutes} min)`
                : 'Analyse indisponible'}
              <span hidden data-testid="rush-analysis-json">
                {JSON.stringify(result)}
              </span>
            </output>
          )}
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardContent>
          <h2 className="text-xl font-semibold text-slate-900">Assignation automatique et workflow complet</h2>
          <p className="mt-1 text-sm text-slate-600">Cette vérification sera bientôt disponible.</p>
        </CardContent>
      </Card>
    </section>
  );
}
