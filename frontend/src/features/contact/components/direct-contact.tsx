import { CALL_DURATION_MINUTES, CALL_SLOT_TIMES } from '@domain/contact';
import { Clock, Mail, MessageSquareReply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useContactEmail } from '@/lib/pricing-settings';
import { CONTACT_NAMESPACE } from '../locales';

/** `17:30` + 15 minutes → `17:45`: the end of the last call of the day. */
function addMinutes(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number);
  const total = hours * 60 + mins + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const OPENING = CALL_SLOT_TIMES[0];
const CLOSING = addMinutes(CALL_SLOT_TIMES[CALL_SLOT_TIMES.length - 1], CALL_DURATION_MINUTES);

/** The team's address (an admin setting), the hours calls are offered and the promised reply time. */
export function DirectContact() {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const contactEmail = useContactEmail();
  return (
    // Each icon sits in its term: a definition list holds only its terms and values (in a div each).
    <dl className="flex flex-col gap-4 text-sm">
      <div className="relative min-w-0 pl-8">
        <dt className="font-medium text-slate-900">
          <Mail className="absolute top-0.5 left-0 size-5 text-violet-700" aria-hidden="true" />
          {t('direct.email')}
        </dt>
        <dd className="break-all">
          {contactEmail ? (
            <a
              href={`mailto:${contactEmail}`}
              data-testid="contact-direct-email"
              className="rounded font-medium text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              {contactEmail}
            </a>
          ) : (
            <Skeleton className="mt-1 h-4 w-40" />
          )}
        </dd>
      </div>
      <div className="relative pl-8">
        <dt className="font-medium text-slate-900">
          <Clock className="absolute top-0.5 left-0 size-5 text-violet-700" aria-hidden="true" />
          {t('direct.hours')}
        </dt>
        <dd className="text-slate-700">{t('direct.hoursValue', { from: OPENING, to: CLOSING })}</dd>
      </div>
      <div className="relative pl-8">
        <dt className="font-medium text-slate-900">
          <MessageSquareReply className="absolute top-0.5 left-0 size-5 text-violet-700" aria-hidden="true" />
          {t('direct.reply')}
        </dt>
        <dd className="text-slate-700">{t('direct.replyValue')}</dd>
      </div>
    </dl>
  );
}
