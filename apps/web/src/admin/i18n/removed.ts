/**
 * The label shown where the retention anonymisation replaced a closed account's personal text by the marker
 * `[removed]` (components/Removed.tsx); spread into en.ts, ty.ts and tl.ts.
 */
export const removedAdminEn = {
  removed: {
    label: 'Removed',
    hint: 'Erased when the closed account’s retention period ended',
  },
};

export type RemovedAdminTexts = { removed: Record<keyof (typeof removedAdminEn)['removed'], string> };

export const removedAdminTy: RemovedAdminTexts = {
  removed: {
    label: 'Đã xoá',
    hint: 'Đã xoá khi hết thời hạn lưu trữ của tài khoản đã đóng',
  },
};

export const removedAdminTl: RemovedAdminTexts = {
  removed: {
    label: 'Binura',
    hint: 'Binura nang matapos ang retention period ng saradong account',
  },
};
