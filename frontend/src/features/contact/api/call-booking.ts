import type { CallBookingCreated, CallSlotsAnswer } from '@domain/contact';
import type { callBookingSchema } from '@domain/schemas/contact';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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

/** `POST /api/contact/call-bookings`: whatever the outcome, the free slots are read again. */
export function useBookCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: CallBookingRequest) => api.post<CallBookingCreated>('/contact/call-bookings', booking),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callSlotsQuery().queryKey }),
  });
}
