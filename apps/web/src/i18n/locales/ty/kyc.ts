import type { kycEn } from '../kyc.ts';

/** Texts of the member centre's identity verification page (Vietnamese). */
export const kycTy: typeof kycEn = {
  kyc: {
    intro:
      'Xác minh danh tính: tải lên mặt trước và mặt sau của CMND/CCCD, hộ chiếu hoặc bằng lái xe và một ảnh selfie cầm giấy tờ. PNG, JPG hoặc PDF, tối đa 5 MB mỗi tệp. Đội ngũ của chúng tôi sẽ xem xét từng giấy tờ.',
    overall: 'Xác minh:',
    overallStatus: {
      none: 'Chưa bắt đầu',
      incomplete: 'Còn thiếu giấy tờ',
      pending: 'Đang xem xét',
      rejected: 'Cần bổ sung',
      approved: 'Đã xác minh',
    },
    rule: 'Rút tiền trên {{amount}} cần danh tính đã xác minh.',
    kinds: { id_front: 'Giấy tờ – mặt trước', id_back: 'Giấy tờ – mặt sau', selfie: 'Ảnh selfie cầm giấy tờ' },
    hints: {
      id_front: 'Mặt có ảnh của bạn; thấy rõ cả bốn góc.',
      id_back: 'Mặt còn lại của cùng giấy tờ.',
      selfie: 'Khuôn mặt và giấy tờ cùng trong ảnh, đọc được rõ.',
    },
    statuses: { pending: 'Đang xem xét', approved: 'Đã duyệt', rejected: 'Bị từ chối' },
    missing: 'Chưa tải lên',
    uploadedAt: 'Đã tải lên',
    reason: 'Lý do:',
    pendingNote: 'Chúng tôi sẽ sớm xem xét.',
    file: 'Tệp',
    fileAgain: 'Tải lên tệp mới',
    fileHint: 'PNG, JPG hoặc PDF, tối đa 5 MB',
    chooseFile: 'Hãy chọn một tệp',
    upload: 'Tải lên',
    uploading: 'Đang tải lên…',
    uploaded: 'Đã tải lên. Giấy tờ đang được xem xét.',
    privacy: 'Giấy tờ của bạn chỉ nhân viên xác minh xem được và không bao giờ được công khai.',
  },
  errors: {
    kyc_file_missing: 'Hãy chọn một tệp để tải lên.',
    kyc_file_type: 'Hãy tải lên tệp PNG, JPG hoặc PDF.',
    kyc_file_too_large: 'Tệp phải từ 5 MB trở xuống.',
    kyc_under_review: 'Giấy tờ này đang được xem xét; bạn có thể tải lại nếu bị từ chối.',
    kyc_already_approved: 'Giấy tờ này đã được duyệt.',
  },
};

export default kycTy;
