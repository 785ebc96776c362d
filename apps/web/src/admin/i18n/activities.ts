/**
 * Texts of activity applications (issue 23): a promotion's application settings (`activityTerms`) and the staff's
 * review queue (`activityApps`); spread into en.ts, ty.ts and tl.ts.
 */
export const activitiesAdminEn = {
  activityTerms: {
    button: 'Application',
    title: 'Activity application: {{title}}',
    none: 'This promotion takes no applications yet. Turn it on to let members apply on /join with a comment and up to 3 images.',
    intro:
      'Members apply on /join with a comment and up to 3 images; you review them in Rewards › Activity applications.',
    enabled: 'Takes applications',
    newMembersOnly: 'New members only (registered after the promotion started)',
    oncePerMember: 'Once per member (no new application once rewarded)',
  },
  activityApps: {
    title: 'Activity applications',
    intro:
      'Applications to promotions of type "application". Open one to see its comment and images, then approve it with a reward (paid to the member’s balance) or reject it with a reason the member sees.',
    empty: 'No applications.',
    member: 'Member',
    promotion: 'Promotion',
    status: 'State',
    statuses: { applying: 'Applying', issued: 'Issued', rejected: 'Rejected' },
    comment: 'Comment',
    images: 'Images',
    image: 'Image {{n}}',
    noImages: 'No images were attached.',
    flag: 'Duplicate check',
    flagged: 'Suspected duplicate',
    flagText: 'Same IP or device as a member already rewarded for this promotion: check before paying.',
    reward: 'Reward',
    createdAt: 'Sent',
    reviewedBy: 'Reviewed by',
    reason: 'Reason',
    review: 'Review',
    open: 'Open',
    reviewTitle: 'Application of {{member}}',
    amount: 'Reward ({{currency}}), paid as cash',
    reasonLabel: 'Reason (required to reject; shown to the member)',
    amountInvalid: 'Enter a reward greater than zero.',
    reasonRequired: 'Say why the application is rejected.',
    approve: 'Approve and pay',
    reject: 'Reject',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ActivitiesAdminTexts = Widen<typeof activitiesAdminEn>;

export const activitiesAdminTy: ActivitiesAdminTexts = {
  activityTerms: {
    button: 'Đơn tham gia',
    title: 'Đơn tham gia hoạt động: {{title}}',
    none: 'Khuyến mãi này chưa nhận đơn. Bật lên để thành viên đăng ký trên /join với nhận xét và tối đa 3 ảnh.',
    intro:
      'Thành viên đăng ký trên /join với nhận xét và tối đa 3 ảnh; bạn xét duyệt trong Phần thưởng › Đơn tham gia hoạt động.',
    enabled: 'Nhận đơn',
    newMembersOnly: 'Chỉ thành viên mới (đăng ký sau khi khuyến mãi bắt đầu)',
    oncePerMember: 'Mỗi thành viên một lần (không nhận đơn mới khi đã được thưởng)',
  },
  activityApps: {
    title: 'Đơn tham gia hoạt động',
    intro:
      'Đơn đăng ký các khuyến mãi loại "đơn tham gia". Mở một đơn để xem nhận xét và ảnh, rồi duyệt với phần thưởng (trả vào số dư thành viên) hoặc từ chối kèm lý do thành viên thấy được.',
    empty: 'Không có đơn nào.',
    member: 'Thành viên',
    promotion: 'Khuyến mãi',
    status: 'Trạng thái',
    statuses: { applying: 'Đang đăng ký', issued: 'Đã phát', rejected: 'Bị từ chối' },
    comment: 'Nhận xét',
    images: 'Ảnh',
    image: 'Ảnh {{n}}',
    noImages: 'Không có ảnh đính kèm.',
    flag: 'Kiểm tra trùng',
    flagged: 'Nghi trùng lặp',
    flagText: 'Cùng IP hoặc thiết bị với một thành viên đã được thưởng cho khuyến mãi này: kiểm tra trước khi trả.',
    reward: 'Phần thưởng',
    createdAt: 'Gửi lúc',
    reviewedBy: 'Người duyệt',
    reason: 'Lý do',
    review: 'Xét duyệt',
    open: 'Mở',
    reviewTitle: 'Đơn của {{member}}',
    amount: 'Phần thưởng ({{currency}}), trả bằng tiền mặt',
    reasonLabel: 'Lý do (bắt buộc khi từ chối; thành viên thấy được)',
    amountInvalid: 'Nhập phần thưởng lớn hơn 0.',
    reasonRequired: 'Nêu lý do từ chối đơn.',
    approve: 'Duyệt và trả',
    reject: 'Từ chối',
  },
};

export const activitiesAdminTl: ActivitiesAdminTexts = {
  activityTerms: {
    button: 'Application',
    title: 'Application sa aktibidad: {{title}}',
    none: 'Wala pang tinatanggap na application ang promo na ito. I-on ito para makapag-apply ang mga miyembro sa /join gamit ang komento at hanggang 3 larawan.',
    intro:
      'Nag-a-apply ang mga miyembro sa /join gamit ang komento at hanggang 3 larawan; susuriin mo ang mga ito sa Rewards › Mga application sa aktibidad.',
    enabled: 'Tumatanggap ng application',
    newMembersOnly: 'Bagong miyembro lang (nagparehistro matapos magsimula ang promo)',
    oncePerMember: 'Isang beses bawat miyembro (walang bagong application kapag nabigyan na ng reward)',
  },
  activityApps: {
    title: 'Mga application sa aktibidad',
    intro:
      'Mga application sa mga promo na uri ng "application". Buksan ang isa para makita ang komento at mga larawan, saka aprubahan na may reward (ibibigay sa balanse ng miyembro) o tanggihan na may dahilang makikita ng miyembro.',
    empty: 'Walang application.',
    member: 'Miyembro',
    promotion: 'Promo',
    status: 'Katayuan',
    statuses: { applying: 'Nag-a-apply', issued: 'Naibigay', rejected: 'Tinanggihan' },
    comment: 'Komento',
    images: 'Mga larawan',
    image: 'Larawan {{n}}',
    noImages: 'Walang nakalakip na larawan.',
    flag: 'Pagsusuri ng duplicate',
    flagged: 'Pinaghihinalaang duplicate',
    flagText: 'Parehong IP o device ng miyembrong nabigyan na ng reward sa promo na ito: suriin bago magbayad.',
    reward: 'Reward',
    createdAt: 'Ipinadala',
    reviewedBy: 'Sinuri ni',
    reason: 'Dahilan',
    review: 'Suriin',
    open: 'Buksan',
    reviewTitle: 'Application ni {{member}}',
    amount: 'Reward ({{currency}}), ibibigay bilang cash',
    reasonLabel: 'Dahilan (kailangan para tanggihan; makikita ng miyembro)',
    amountInvalid: 'Maglagay ng reward na higit sa zero.',
    reasonRequired: 'Sabihin kung bakit tinanggihan ang application.',
    approve: 'Aprubahan at bayaran',
    reject: 'Tanggihan',
  },
};
