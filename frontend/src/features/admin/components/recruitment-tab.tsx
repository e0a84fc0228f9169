import { ADMIN_MESSAGES } from '@domain/admin';
import { EDITOR_APPLICATION_STATUSES } from '@domain/enums';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { APPLICATIONS_PAGE_SIZE, useApplications } from '../api/admin-recruitment';
import { ADMIN_NAMESPACE } from '../locales';
import { FilterSelect } from './list-filters';
import { PagedQueryState } from './paged-query-state';
import { ApplicationCard } from './recruitment-tab/application-card';

/** Admin › Recrutement (000 §2, §4): applications newest first, status and notes, invitation once approved. */
export function RecruitmentTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const applications = useApplications(page, status);

  useEffect(() => {
    if (applications.isError) toast.error(ADMIN_MESSAGES.loadApplicationsFailed, { id: 'admin-applications-load' });
  }, [applications.isError]);

  return (
    <section aria-labelledby="admin-recruitment-title" className="space-y-5">
      <h2 id="admin-recruitment-title" className="sr-only">
        {t('tabs.recruitment')}
      </h2>
      <FilterSelect
        label={t('recruitment.filter')}
        className="max-w-xs"
        value={status}
        onChange={(value) => {
          setPage(1);
          setStatus(value);
        }}
        options={EDITOR_APPLICATION_STATUSES.map((value) => ({ value, label: t(`recruitment.statuses.${value}`) }))}
      />
      <PagedQueryState
        query={applications}
        pageSize={APPLICATIONS_PAGE_SIZE}
        empty={t('recruitment.empty')}
        onPage={setPage}
      >
        {(items) => (
          <ul className="flex flex-col gap-4">
            {items.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </ul>
        )}
      </PagedQueryState>
    </section>
  );
}
