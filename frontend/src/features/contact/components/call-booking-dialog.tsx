import {
  CALL_BOOKING_DAYS,
  callBookingSchema,
  callSlotLabel,
  CONTACT_MESSAGES,
  contactErrorSummary,
  HONEYPOT_FIELD,
  phoneNumberLabel,
  type CallBookingCreated,
  type CallBookingPayload,
  type CallDay,
} from '@domain/contact';
import { zodResolver } from '@/lib/zod-resolver';
import { CalendarCheck, CalendarClock, Loader2, Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useBookCall, useCallSlots } from '../api/call-booking';
import { CONTACT_NAMESPACE } from '../labels';
import { serverFieldErrors } from '../lib/server-errors';
import { dayLabel, shortDayLabel } from '../lib/slot-labels';
import { FormField, HoneypotField, inputClass } from './form-field';

type BookingFormValues = CallBookingPayload;
type Booking = z.output<typeof callBookingSchema>;
/** What the confirmation repeats: the booked slot, where the invitation went and the number we call. */
type BookedCall = CallBookingCreated & Pick<Booking, 'email' | 'phone'>;

function useLanguage(): 'fr' | 'en' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'fr';
}

/**
 * The 15-minute call (000 §2 /contact; its behaviour is a product decision): the visitor picks a
 * free slot of the next business days, gives a name and an e-mail, and the server books it and
 * e-mails the invitation to both sides.
 */
export function CallBookingDialog() {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState<BookedCall | null>(null);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setBooked(null);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button size="lg" className="w-full sm:w-auto">
          <Phone aria-hidden="true" />
          {t('call.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('call.close')} className="max-w-2xl max-sm:max-h-[95vh] max-sm:p-4">
        <DialogTitle>{t('call.dialogTitle')}</DialogTitle>
        <DialogDescription>{t('call.dialogText', { count: CALL_BOOKING_DAYS })}</DialogDescription>
        {booked ? <Booked booking={booked} onClose={() => changeOpen(false)} /> : <BookingForm onBooked={setBooked} />}
      </DialogContent>
    </Dialog>
  );
}

function Booked({ booking, onClose }: { booking: BookedCall; onClose: () => void }) {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const language = useLanguage();
  return (
    <div role="status" className="flex flex-col items-start gap-3" data-testid="call-booked">
      <CalendarCheck className="size-10 text-emerald-600" aria-hidden="true" />
      <p className="text-lg font-semibold text-slate-900">{t('call.bookedTitle')}</p>
      <p className="text-slate-700">
        {t('call.bookedText', {
          slot: callSlotLabel(booking.startsAt, language),
          email: booking.email,
          phone: phoneNumberLabel(booking.phone),
        })}
      </p>
      <Button variant="outline" onClick={onClose}>
        {t('call.close')}
      </Button>
    </div>
  );
}

function BookingForm({ onBooked }: { onBooked: (booking: BookedCall) => void }) {
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

  const onValid = (booking: Booking) =>
    book.mutate(booking, {
      onSuccess: (created) => {
        toast.success(CONTACT_MESSAGES.booked, { description: callSlotLabel(created.startsAt, language) });
        onBooked({ ...created, email: booking.email, phone: booking.phone });
      },
      onError: (error) => {
        for (const [field, text] of Object.entries(serverFieldErrors(error))) {
          setError(field as keyof BookingFormValues, { message: text });
        }
        // Someone else took the slot meanwhile: the list is read again, the choice is dropped.
        if (error instanceof ApiError && error.message === CONTACT_MESSAGES.slotTaken) {
          setValue('startsAt', '');
        }
        toast.error(CONTACT_MESSAGES.bookingError, { description: error.message });
      },
    });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
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

interface SlotPickerProps {
  days: CallDay[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  chosen: string;
  onChoose: (startsAt: string) => void;
  error?: string;
}

/**
 * The free slots by day: the days are tabs (arrow keys move between them), each day's times a
 * group of radio buttons (arrow keys move and choose within it).
 */
function SlotPicker({ days, loading, failed, onRetry, chosen, onChoose, error }: SlotPickerProps) {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const language = useLanguage();
  const errorId = useId();
  const [day, setDay] = useState<string | null>(null);

  if (loading) {
    return (
      <div role="status" aria-label={t('call.loading')} className="space-y-3">
        <Skeleton className="h-12 rounded-xl" />
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {Array.from({ length: 10 }, (_, index) => (
            <Skeleton key={index} className="h-11" />
          ))}
        </div>
      </div>
    );
  }
  if (failed || !days) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="flex-1 text-sm text-red-900">{t('call.loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('call.retry')}
        </Button>
      </div>
    );
  }
  if (days.length === 0) {
    return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">{t('call.empty')}</p>;
  }

  // The day shown: the one picked, else the chosen slot's, else the first (a day fully booked meanwhile falls back).
  const current =
    days.find((candidate) => candidate.date === day) ??
    days.find((candidate) => candidate.slots.some((slot) => slot.startsAt === chosen)) ??
    days[0];

  return (
    <Tabs value={current.date} onValueChange={setDay}>
      <TabsList aria-label={t('call.days')} className="h-auto">
        {days.map((candidate) => {
          const short = shortDayLabel(candidate.date, language);
          return (
            <TabsTrigger
              key={candidate.date}
              value={candidate.date}
              className="flex min-w-0 flex-col px-1 py-1.5 leading-tight"
            >
              <span className="capitalize">{short.weekday}</span>
              <span className="whitespace-nowrap">{short.date}</span>
              <span className="text-xs font-normal text-slate-500 max-sm:sr-only">
                {t('call.slotCount', { count: candidate.slots.length })}
              </span>
            </TabsTrigger>
          );
        })}
      </TabsList>
      {days.map((candidate) => (
        // The panel itself takes no Tab stop: Tab goes straight from the days to the times.
        <TabsContent key={candidate.date} value={candidate.date} className="mt-4" tabIndex={-1}>
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              {t('call.slots', { day: dayLabel(candidate.date, language) })}
            </legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {candidate.slots.map((slot) => (
                <label key={slot.startsAt} className="relative">
                  <input
                    type="radio"
                    name="call-slot"
                    value={slot.startsAt}
                    checked={chosen === slot.startsAt}
                    onChange={() => onChoose(slot.startsAt)}
                    className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                  />
                  <span
                    className={cn(
                      'flex h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white text-sm font-medium text-slate-800 tabular-nums transition-colors hover:border-violet-400 hover:bg-violet-50',
                      'peer-checked:border-violet-700 peer-checked:bg-violet-700 peer-checked:text-white',
                      'peer-focus-visible:ring-2 peer-focus-visible:ring-violet-600 peer-focus-visible:ring-offset-2',
                    )}
                  >
                    {slot.time}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </TabsContent>
      ))}
      {error ? (
        <p id={errorId} className="mt-2 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Tabs>
  );
}
