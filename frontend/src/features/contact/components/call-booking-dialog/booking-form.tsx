import { callSlotLabel, CONTACT_MESSAGES, contactErrorSummary, HONEYPOT_FIELD } from '@domain/contact';
import { callBookingSchema, type CallBookingPayload } from '@domain/schemas/contact';
import { zodResolver } from '@/lib/zod-resolver';
import { CalendarCheck, CalendarClock, Loader2 } from 'lucide-react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useProofOfWork } from '@/components/form/proof-of-work';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useBookCall, useCallSlots } from '../../api/call-booking';
import { CONTACT_NAMESPACE } from '../../locales';
import { serverFieldErrors } from '../../lib/server-errors';
import { FormField, HoneypotField, inputClass } from '../form-field';
import { useLanguage, type BookedCall, type Booking } from './booked-call';
import { SlotPicker } from './slot-picker';

type BookingFormValues = CallBookingPayload;

/** The free slots and the visitor's details, checked with the api's schema; the server books the slot. */
export function BookingForm({ onBooked }: { onBooked: (booking: BookedCall) => void }) {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const language = useLanguage();
  const { user } = useAuth();
  const slots = useCallSlots();
  const book = useBookCall();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<BookingFormValues, unknown, Booking>({
    resolver: zodResolver(callBookingSchema),
    defaultValues: {
      startsAt: '',
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      email: user?.email ?? '',
      phone: '',
      topic: '',
      website: '',
    },
    // Checked on submit, then as the visitor corrects: the dialog may open with the focus in a field.
    reValidateMode: 'onChange',
  });
  const watched = useWatch({ control, name: 'startsAt' });
  const chosen = typeof watched === 'string' ? watched : '';

  const onInvalid = (invalid: FieldErrors<BookingFormValues>) => {
    const messages = Object.fromEntries(
      Object.entries(invalid).map(([field, error]) => [field, String(error?.message)]),
    );
    toast.error(contactErrorSummary(messages, Object.values(messages)[0] ?? CONTACT_MESSAGES.required));
  };

  const submit = (booking: Booking, proofOfWorkPayload?: string) =>
    book.mutate(
      { booking, proofOfWork: proofOfWorkPayload },
      {
        onSuccess: (created) => {
          toast.success(created.confirmationRequired ? t('call.confirmTitle') : CONTACT_MESSAGES.booked, {
            description: callSlotLabel(created.startsAt, language),
          });
          onBooked({ ...created, email: booking.email, phone: booking.phone });
        },
        onError: (error) => {
          if (proofOfWork.asked(error, booking)) return;
          for (const [field, text] of Object.entries(serverFieldErrors(error))) {
            setError(field as keyof BookingFormValues, { message: text });
          }
          // Someone else took the slot meanwhile: the list is read again, the choice is dropped.
          if (error instanceof ApiError && error.message === CONTACT_MESSAGES.slotTaken) {
            setValue('startsAt', '');
          }
          toast.error(CONTACT_MESSAGES.bookingError, { description: error.message });
        },
      },
    );
  const proofOfWork = useProofOfWork(submit);

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((booking) => submit(booking), onInvalid)(event)}
      className="relative flex flex-col gap-5"
      aria-busy={book.isPending}
    >
      <SlotPicker
        days={slots.data?.days}
        loading={slots.isPending}
        failed={slots.isError}
        onRetry={() => void slots.refetch()}
        chosen={chosen}
        onChoose={(startsAt) => setValue('startsAt', startsAt, { shouldValidate: true })}
        error={errors.startsAt?.message}
      />
      <p
        className="flex items-center gap-2 rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-900"
        aria-live="polite"
      >
        <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
        {chosen ? t('call.chosen', { slot: callSlotLabel(chosen, language) }) : t('call.noneChosen')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('call.name')} required error={errors.name?.message}>
          {(ids) => <input {...ids} className={inputClass} autoComplete="name" {...register('name')} />}
        </FormField>
        <FormField label={t('call.email')} required error={errors.email?.message}>
          {(ids) => <input {...ids} type="email" className={inputClass} autoComplete="email" {...register('email')} />}
        </FormField>
        <FormField label={t('call.phone')} hint={t('call.phoneHint')} required error={errors.phone?.message} wide>
          {(ids) => <input {...ids} type="tel" className={inputClass} autoComplete="tel" {...register('phone')} />}
        </FormField>
        <FormField label={t('call.topic')} hint={t('call.topicHint')} error={errors.topic?.message} wide>
          {(ids) => <textarea {...ids} rows={2} className={inputClass} {...register('topic')} />}
        </FormField>
      </div>
      <HoneypotField label={t('form.honeypot')} {...register(HONEYPOT_FIELD)} />
      {proofOfWork.check}
      <Button type="submit" size="lg" disabled={book.isPending || !slots.data?.days.length} className="sm:self-end">
        {book.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <CalendarCheck aria-hidden="true" />
        )}
        {book.isPending ? t('call.booking') : t('call.book')}
      </Button>
    </form>
  );
}
