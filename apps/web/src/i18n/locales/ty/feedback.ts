import type { feedbackEn } from '../feedback.ts';

/** Texts of the member centre's feedback page (TY). */
export const feedbackTy: typeof feedbackEn = {
  feedback: {
    intro: 'Hãy cho chúng tôi biết vấn đề hoặc ý tưởng của bạn. Đội ngũ sẽ trả lời trong hộp thư của bạn.',
    newTitle: 'Gửi góp ý',
    loginFirst: 'Đăng nhập để gửi góp ý: câu trả lời sẽ đến trong hộp thư của bạn.',
    type: 'Loại câu hỏi',
    typeChoose: 'Chọn loại',
    typeRequired: 'Hãy chọn loại câu hỏi',
    types: {
      deposit: 'Nạp tiền',
      withdrawal: 'Rút tiền',
      games: 'Trò chơi',
      account: 'Tài khoản',
      promotion: 'Khuyến mãi',
      suggestion: 'Đề xuất',
      other: 'Khác',
    },
    content: 'Nội dung',
    words: 'Nội dung góp ý từ {{min}} đến {{max}} từ.',
    wordCount: '{{count}} / {{max}} từ',
    images: 'Hình ảnh (không bắt buộc): tối đa 3 ảnh PNG hoặc JPG, mỗi ảnh 5 MB',
    image: 'Ảnh {{n}}',
    imageType: 'Ảnh phải là PNG hoặc JPG',
    imageSize: 'Ảnh phải nhỏ hơn hoặc bằng 5 MB',
    send: 'Gửi góp ý',
    sent: 'Cảm ơn bạn. Góp ý {{reference}} đã được gửi.',
    mine: 'Góp ý của tôi',
    empty: 'Bạn chưa gửi góp ý nào.',
    reply: 'Trả lời của chúng tôi',
    imageCount_one: '{{count}} ảnh',
    imageCount_other: '{{count}} ảnh',
    status: { new: 'Đang chờ', answered: 'Đã trả lời', closed: 'Đã đóng' },
  },
  errors: {
    feedback_too_many_images: 'Tối đa 3 ảnh.',
  },
};

export default feedbackTy;
