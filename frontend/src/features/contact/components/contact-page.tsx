import { Clock3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/layout/document-title';
import { Card, CardContent } from '@/components/ui/card';
import { CONTACT_NAMESPACE } from '../locales';
import { CallBookingDialog } from './call-booking-dialog';
import { ContactForm } from './contact-form';
import { DirectContact } from './direct-contact';
import { Faq } from './faq';

/** /contact (000 §2): the message form, direct contact details, the 15-minute call and the FAQ; reply within 24 h. */
export function ContactPage() {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const { t: tCommon } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <DocumentTitle title={tCommon('pages.contact')} />
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-lg text-slate-600">{t('subtitle')}</p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200">
          <Clock3 className="size-4" aria-hidden="true" />
          {t('replyPromise')}
        </p>
      </div>

      <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardContent className="p-5 sm:p-8">
            <h2 className="mb-5 text-xl font-semibold text-slate-900">{t('form.title')}</h2>
            <ContactForm />
          </CardContent>
        </Card>

        <div className="flex flex-col gap-6">
          <Card>
            <CardContent className="p-5 sm:p-6">
              <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('direct.title')}</h2>
              <DirectContact />
            </CardContent>
          </Card>
          <Card className="border-violet-200 bg-violet-50/60">
            <CardContent className="flex flex-col gap-3 p-5 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">{t('call.title')}</h2>
              <p className="text-sm text-slate-700">{t('call.text')}</p>
              <CallBookingDialog />
            </CardContent>
          </Card>
        </div>
      </div>

      <Faq />
    </section>
  );
}
