import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { PROJECTS_NAMESPACE } from '../../locales';

/** The page's outline while the project loads. */
export function LoadingPage() {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6" role="status" aria-label={t('loading')}>
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <div className="grid grid-cols-1 gap-3 min-[24rem]:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-[68px] rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-11" />
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}
