import { ADMIN_TABS, type AdminTab } from '@domain/admin';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { adminConfigQuery } from '../api/admin-settings';
import { ADMIN_NAMESPACE } from '../locales';
import { AuditTab } from './audit-tab';
import { BillingTab } from './billing-tab';
import { BriefsTab } from './briefs-tab';
import { ProjectsTab } from './projects-tab';
import { RecruitmentTab } from './recruitment-tab';
import { SettingsTab } from './settings-tab';
import { UsersTab } from './users-tab';

const PANELS: Record<AdminTab, ComponentType> = {
  projects: ProjectsTab,
  users: UsersTab,
  recruitment: RecruitmentTab,
  briefs: BriefsTab,
  billing: BillingTab,
  settings: SettingsTab,
  audit: AuditTab,
};

const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.includes(value as AdminTab);

/**
 * /admin (000 §2): Projets, Utilisateurs, Recrutement, Briefs, Facturation, Paramètres, and the audit
 * log; `?tab=` names the open one.
 */
export function AdminPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'projects';
  const config = useQuery(adminConfigQuery());

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <DocumentTitle title={t('title')} />
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        {config.data?.temporalUiUrl ? (
          <a
            href={config.data.temporalUiUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 self-start rounded text-sm font-medium text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600 sm:self-auto"
          >
            Temporal UI
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : null}
      </header>
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'projects' ? {} : { tab: value }, { replace: true })}
      >
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList className="min-w-[46rem]">
            {ADMIN_TABS.map((name) => (
              <TabsTrigger key={name} value={name} className="whitespace-nowrap">
                {t(`tabs.${name}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {ADMIN_TABS.map((name) => {
          const Panel = PANELS[name];
          return (
            <TabsContent key={name} value={name}>
              {tab === name ? <Panel /> : null}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
