import type { ContactMessageInput } from '@domain/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/contact`: stored, then the team and the visitor are e-mailed by the server. */
export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (message: ContactMessageInput) => api.post<{ messageId: string }>('/contact', message),
  });
