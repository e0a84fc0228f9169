import { CONTACT_MESSAGES, contactErrorSummary, HONEYPOT_FIELD } from '@domain/contact';
import { contactMessageSchema, type ContactMessageInput, type ContactMessagePayload } from '@domain/schemas/contact';
import { zodResolver } from '@/lib/zod-resolver';
import { CheckCircle2, Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useProofOfWork } from '@/components/form/proof-of-work';
import { Button } from '@/components/ui/button';
import { useSendContactMessage } from '../api/send-message';
import { CONTACT_NAMESPACE } from '../locales';
import { serverFieldErrors } from '../lib/server-errors';
import { FormField, HoneypotField, inputClass } from './form-field';

type ContactFormValues = ContactMessagePayload;

const EMPTY: ContactFormValues = { firstName: '', lastName: '', email: '', subject: '', message: '', website: '' };

/** 000 §5: a missing required field gives the one summary toast; any other rule its own message. */
function invalidFormToast(errors: FieldErrors<ContactFormValues>) {
  const messages = Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, String(error?.message)]));
  toast.error(contactErrorSummary(messages, Object.values(messages)[0] ?? CONTACT_MESSAGES.required));
}

/** The contact form of 000 §2/§5: first name, last name, e-mail and message required; subject optional. */
export function ContactForm() {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactFormValues, unknown, ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const submit = (message: ContactMessageInput, proofOfWorkPayload?: string) =>
    send.mutate(
      { message, proofOfWork: proofOfWorkPayload },
      {
        onSuccess: () => {
          toast.success(CONTACT_MESSAGES.sent, { description: CONTACT_MESSAGES.sentHint });
          setSent({ name: message.firstName, email: message.email });
          reset(EMPTY);
        },
        onError: (error) => {
          if (proofOfWork.asked(error, message)) return;
          for (const [field, text] of Object.entries(serverFieldErrors(error))) {
            setError(field as keyof ContactFormValues, { message: text });
          }
          toast.error(CONTACT_MESSAGES.sendError, { description: error.message });
        },
      },
    );
  const proofOfWork = useProofOfWork(submit);

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 py-4" data-testid="contact-sent">
        <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
        <h3 className="text-lg font-semibold text-slate-900">{t('form.sentTitle')}</h3>
        <p className="text-slate-700">{t('form.sentText', { name: sent.name, email: sent.email })}</p>
        <Button variant="outline" onClick={() => setSent(null)}>
          {t('form.another')}
        </Button>
      </div>
    );
  }

  const sending = send.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((message) => submit(message), invalidFormToast)(event)}
      className="relative grid gap-4 sm:grid-cols-2"
      aria-busy={sending}
      aria-label={t('form.title')}
    >
      <FormField label={t('form.firstName')} required error={errors.firstName?.message}>
        {(ids) => <input {...ids} className={inputClass} autoComplete="given-name" {...register('firstName')} />}
      </FormField>
      <FormField label={t('form.lastName')} required error={errors.lastName?.message}>
        {(ids) => <input {...ids} className={inputClass} autoComplete="family-name" {...register('lastName')} />}
      </FormField>
      <FormField label={t('form.email')} required error={errors.email?.message} wide>
        {(ids) => <input {...ids} type="email" className={inputClass} autoComplete="email" {...register('email')} />}
      </FormField>
      <FormField label={t('form.subject')} hint={t('form.subjectHint')} error={errors.subject?.message} wide>
        {(ids) => <input {...ids} className={inputClass} {...register('subject')} />}
      </FormField>
      <FormField label={t('form.message')} required error={errors.message?.message} wide>
        {(ids) => <textarea {...ids} rows={6} className={`${inputClass} min-h-32`} {...register('message')} />}
      </FormField>
      <HoneypotField label={t('form.honeypot')} {...register(HONEYPOT_FIELD)} />
      {proofOfWork.check}
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">{t('form.requiredNote')}</p>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {sending ? t('form.sending') : t('form.send')}
        </Button>
      </div>
    </form>
  );
}
