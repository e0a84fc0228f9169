import type { ContactMessageInput } from '@domain/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { proofOfWorkHeaders } from '@/components/form/proof-of-work';
import { api } from '@/lib/api-client';

/**
 * `POST /api/contact`: stored, then the team and the visitor are e-mailed by the server; past the
 * form's threshold it carries a solved anti-robot challenge.
 */
export const useSendContactMessage = () =>
  useMutation({
    mutationFn: ({ message, proofOfWork }: { message: ContactMessageInput; proofOfWork?: string }) =>
      api.post<{ messageId: string }>('/contact', message, { headers: proofOfWorkHeaders(proofOfWork) }),
  });
