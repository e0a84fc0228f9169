import type { CallBookingConfirmed, CallBookingCreated, CallSlotsAnswer } from '@domain/contact';
import type { callBookingSchema } from '@domain/schemas/contact';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { proofOfWorkHeaders } from '@/components/form/proof-of-work';
import { api } from '@/lib/api-client';

type CallBookingRequest = z.output<typeof callBookingSchema>;

/** `GET /api/contact/call-slots`: read afresh each time the dialog opens, since others book too. */
const callSlotsQuery = () =>
  queryOptions({
    queryKey: ['contact', 'call-slots'],
    queryFn: () => api.get<CallSlotsAnswer>('/contact/call-slots'),
    staleTime: 0,
  });

export const useCallSlots = () => useQuery(callSlotsQuery());

/**
 * `POST /api/contact/call-bookings` (with a solved anti-robot challenge past the form's threshold):
 * whatever the outcome, the free slots are read again.
 */
export function useBookCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, proofOfWork }: { booking: CallBookingRequest; proofOfWork?: string }) =>
      api.post<CallBookingCreated>('/contact/call-bookings', booking, { headers: proofOfWorkHeaders(proofOfWork) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callSlotsQuery().queryKey }),
  });
}

/** `POST /api/contact/call-bookings/confirm`: the e-mailed link's token takes the slot, if still free. */
export function useConfirmCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<CallBookingConfirmed>('/contact/call-bookings/confirm', { token }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callSlotsQuery().queryKey }),
  });
}
