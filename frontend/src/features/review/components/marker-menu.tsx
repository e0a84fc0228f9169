import { MARKER_FORMATS, type MarkerFormat } from '@domain/review';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ApiError } from '@/lib/api-client';
import { downloadMarkers } from '../api/review';
import { REVIEW_NAMESPACE } from '../locales';

/** The version's comments as markers for the editing software: Premiere, Resolve, Final Cut, Avid, CSV. */
export function MarkerMenu({ projectId, versionNumber }: { projectId: string; versionNumber: number }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const exportAs = async (format: MarkerFormat) => {
    try {
      await downloadMarkers(projectId, versionNumber, format);
    } catch (error) {
      toast.error(t('markers.failed'), {
        description: error instanceof ApiError && error.status > 0 ? error.message : undefined,
      });
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="marker-menu">
          <FileDown aria-hidden="true" />
          {t('markers.export')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('markers.title', { version: versionNumber })}</DropdownMenuLabel>
        {MARKER_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => void exportAs(format)} data-testid={`markers-${format}`}>
            {t(`markers.formats.${format}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
