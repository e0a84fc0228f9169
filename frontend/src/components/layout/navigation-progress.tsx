import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the window while the next page's code and data load (route loaders
 * prefetch before the page shows), so a click always gets an answer.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('nav.pageLoading')}
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-violet-100"
    >
      <div className="h-full w-1/3 animate-[navigation-progress_1.2s_ease-in-out_infinite] bg-violet-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
