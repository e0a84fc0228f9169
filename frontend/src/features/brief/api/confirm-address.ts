import type { BriefAddressConfirmed } from '@domain/address-confirmation';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/briefs/address-confirmation`: the receipt's link confirms the brief's typed address. */
export const useConfirmBriefAddress = () =>
  useMutation({
    mutationFn: (token: string) => api.post<BriefAddressConfirmed>('/briefs/address-confirmation', { token }),
  });
