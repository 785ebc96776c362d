import type {
  AdminBanner,
  AdminNotice,
  BannerGroup,
  BannerWriteRequest,
  MediaUpload,
  NoticeType,
  NoticeWriteRequest,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDelete, adminGet, adminPost, adminPut, adminRequest, seg } from './client.ts';

/** The site's content: banners per group, notices and popups (/admin/api/content/*), and the image upload. */

const contentKey = ['admin', 'content'] as const;
type Kind = 'banners' | 'notices';

export const useAdminBanners = (groupName?: BannerGroup) =>
  useQuery({
    queryKey: [...contentKey, 'banners', groupName ?? ''],
    queryFn: () => adminGet<{ list: AdminBanner[] }>('/admin/api/content/banners', { groupName }),
  });

export const useAdminNotices = (type?: NoticeType) =>
  useQuery({
    queryKey: [...contentKey, 'notices', type ?? ''],
    queryFn: () => adminGet<{ list: AdminNotice[] }>('/admin/api/content/notices', { type }),
  });

function useContentMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: contentKey }) });
}

export const useSaveBanner = () =>
  useContentMutation(({ id, body }: { id?: string; body: BannerWriteRequest }) =>
    id
      ? adminPut<AdminBanner>(`/admin/api/content/banners/${seg(id)}`, body)
      : adminPost<AdminBanner>('/admin/api/content/banners', body),
  );

export const useSaveNotice = () =>
  useContentMutation(({ id, body }: { id?: string; body: NoticeWriteRequest }) =>
    id
      ? adminPut<AdminNotice>(`/admin/api/content/notices/${seg(id)}`, body)
      : adminPost<AdminNotice>('/admin/api/content/notices', body),
  );

export const usePublishContent = () =>
  useContentMutation(({ kind, id, published }: { kind: Kind; id: string; published: boolean }) =>
    adminPost<unknown>(`/admin/api/content/${kind}/${seg(id)}/publish`, { published }),
  );

export const useDeleteContent = () =>
  useContentMutation(({ kind, id }: { kind: Kind; id: string }) =>
    adminDelete<unknown>(`/admin/api/content/${kind}/${seg(id)}`),
  );

/** Uploads an image to the media store (PNG/JPG ≤ 5 MB); its content-hashed URL. */
export const useUploadImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return adminRequest<MediaUpload>('POST', '/admin/api/content/media', { body: form });
    },
  });
