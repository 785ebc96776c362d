import type { KycDocumentKind, KycStatus } from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from './client.ts';
import { useMemberQuery } from './member-query.ts';

export const KYC_KEY = ['kyc'] as const;

/** The member's identity documents (status, a rejection's reason) and the merchant's withdrawal rule. */
export const useKycStatus = () => useMemberQuery([...KYC_KEY], [], () => apiGet<KycStatus>('/wps/member/kyc'));

/** POST /wps/member/kyc/:kind: multipart with the file in part `file`; answers the new status. */
export const useUploadKycDocument = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: KycDocumentKind; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<KycStatus>('POST', `/wps/member/kyc/${kind}`, { form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KYC_KEY }),
  });
};
