import { PROJECT_STATUSES } from '@domain/enums';
import { projectStatusLabel } from '@domain/project-lifecycle';
import { Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useProjectFilterChoices, type ProjectFilters } from '../../api/admin-projects';
import { ADMIN_NAMESPACE } from '../../locales';
import { TextField } from '../form-field';
import { FilterCheckbox, FilterSelect } from '../list-filters';
import { videoTypeLabel } from './video-type-label';

/**
 * The projects' filters: the choices apply at once, the typed texts on « Rechercher ». On a phone the
 * form folds behind a button.
 */
export function ProjectFilterForm({
  filters,
  onChange: set,
  onReset,
}: {
  filters: ProjectFilters;
  onChange: (change: Partial<ProjectFilters>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const formId = useId();
  const [text, setText] = useState({ clientEmail: '', q: '' });
  const choices = useProjectFilterChoices();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ clientEmail: text.clientEmail.trim() || undefined, q: text.q.trim() || undefined });
  };
  const reset = () => {
    setText({ clientEmail: '', q: '' });
    onReset();
  };

  return (
    <>
      <Button
        variant="outline"
        className="md:hidden"
        aria-expanded={filtersOpen}
        aria-controls={formId}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {t('projects.filters')}
      </Button>
      <form
        id={formId}
        onSubmit={submit}
        aria-label={t('projects.filters')}
        className={cn(
          'gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 md:grid lg:grid-cols-4',
          filtersOpen ? 'grid' : 'hidden',
        )}
      >
        <FilterSelect
          label={t('projects.status')}
          value={filters.status ?? ''}
          onChange={(status) => set({ status: status || undefined })}
          options={PROJECT_STATUSES.map((status) => ({ value: status, label: projectStatusLabel(status) }))}
        />
        <FilterSelect
          label={t('projects.editor')}
          value={filters.editorId ?? ''}
          onChange={(editorId) => set({ editorId: editorId || undefined })}
          options={(choices.data?.editors ?? []).map((editor) => ({ value: editor.id, label: editor.name }))}
        />
        <FilterSelect
          label={t('projects.videoType')}
          value={filters.videoType ?? ''}
          onChange={(videoType) => set({ videoType: videoType || undefined })}
          options={(choices.data?.videoTypes ?? []).map((type) => ({ value: type, label: videoTypeLabel(type) }))}
        />
        <TextField
          label={t('projects.clientEmail')}
          type="search"
          value={text.clientEmail}
          onChange={(event) => setText((current) => ({ ...current, clientEmail: event.target.value }))}
        />
        <TextField
          label={t('projects.searchLabel')}
          type="search"
          className="sm:col-span-2"
          value={text.q}
          onChange={(event) => setText((current) => ({ ...current, q: event.target.value }))}
        />
        <div className="flex flex-wrap items-end gap-x-5 gap-y-2 sm:col-span-2">
          {(['overdue', 'waiting'] as const).map((flag) => (
            <FilterCheckbox
              key={flag}
              label={t(`projects.${flag}`)}
              checked={Boolean(filters[flag])}
              onChange={(checked) => set({ [flag]: checked })}
            />
          ))}
          <div className="ml-auto flex gap-2">
            <Button type="button" variant="ghost" onClick={reset}>
              {t('common.reset')}
            </Button>
            <Button type="submit">
              <Search aria-hidden="true" />
              {t('common.search')}
            </Button>
          </div>
        </div>
      </form>
    </>
  );
}
