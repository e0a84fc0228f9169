import type { ProjectDetail } from '@domain/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileVideo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FinalVersionUploader } from '@/components/uploader/final-version-uploader';
import { RushUploader } from '@/components/uploader/rush-uploader';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBytes, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useProjectFiles } from '../api/project';
import { PROJECTS_NAMESPACE } from '../locales';
import { ContactSheet } from './contact-sheet';

/**
 * Files tab (000 §2): the client's source area, the editor's final area, the list with download
 * links, and each rush's contact sheet.
 */
export function FilesTab({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const queryClient = useQueryClient();
  const files = useProjectFiles(project.id);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['projects', project.id] });
  };

  return (
    <div className="space-y-6">
      {project.uploads.includes('source') && (
        <Card>
          <CardContent>
            <RushUploader
              area="project_source"
              projectId={project.id}
              title={t('files.sourceTitle')}
              onFileUploaded={refresh}
            />
          </CardContent>
        </Card>
      )}
      {project.uploads.includes('final') && (
        <Card>
          <CardContent className="space-y-2">
            <FinalVersionUploader
              projectId={project.id}
              title={t('files.finalTitle')}
              nextVersion={project.finalFileCount + 1}
              onFileUploaded={refresh}
            />
            <p className="text-sm text-slate-600">{t('files.finalHint')}</p>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('files.list')}</CardTitle>
        </CardHeader>
        <CardContent aria-busy={files.isPending}>
          {files.isPending ? (
            <div className="space-y-2" role="status" aria-label={t('files.loading')}>
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : !files.data?.length ? (
            <p className="text-sm text-slate-600">{t('files.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="project-files">
              {files.data.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="project-file">
                  <FileVideo className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900" title={file.filename}>
                      {file.filename}
                    </p>
                    <p className="text-xs text-slate-600">
                      {formatBytes(file.fileSize)} · {formatDateTime(file.createdAt)}
                    </p>
                  </div>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-medium',
                      file.fileType === 'final' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
                    )}
                  >
                    {file.fileType === 'final' ? t('files.final') : t('files.source')}
                  </span>
                  {file.downloadUrl ? (
                    <a
                      href={file.downloadUrl}
                      download={file.filename}
                      aria-label={t('files.download', { name: file.filename })}
                      className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-violet-600"
                    >
                      <Download className="size-4" aria-hidden="true" />
                      <span className="hidden sm:inline">{t('files.downloadShort')}</span>
                    </a>
                  ) : (
                    <span className="text-xs text-slate-600" data-testid="file-locked">
                      {t('files.locked')}
                    </span>
                  )}
                  {file.contactSheet && (
                    <div className="basis-full sm:pl-8">
                      <ContactSheet projectId={project.id} file={file} sheet={file.contactSheet} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
