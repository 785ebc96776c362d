import type { AuditEntry } from '@sea/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminGet, type Query } from './client.ts';

/** The audit log: who did what to which target (public references), when and from where. */

export interface AuditQuery extends Query {
  action?: string;
  admin?: string;
  target?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  pageNo: number;
  pageSize: number;
}
export interface AuditPage {
  total: number;
  items: AuditEntry[];
}

export const fetchAudit = (q: AuditQuery) => adminGet<AuditPage>('/admin/api/audit', q);

export const useAudit = (q: AuditQuery) =>
  useQuery({ queryKey: ['admin', 'audit', q], queryFn: () => fetchAudit(q), placeholderData: (prev) => prev });
