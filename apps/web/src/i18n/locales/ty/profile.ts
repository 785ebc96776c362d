import type { ProfileMessages } from '../profile.ts';

/** Texts of the security centre's profile and account closure (Vietnamese). */
export const profileTy: ProfileMessages = {
  profile: {
    title: 'Hồ sơ của tôi',
    intro: 'Hãy cập nhật thông tin của bạn. Các trường có dấu * là bắt buộc trên trang này.',
    fields: {
      nickname: 'Biệt danh',
      realName: 'Họ tên thật',
      birthday: 'Ngày sinh',
      email: 'E-mail',
      zalo: 'Zalo',
      telegram: 'Telegram',
      address: 'Địa chỉ',
      nationality: 'Quốc tịch',
      occupation: 'Nghề nghiệp',
      incomeSource: 'Nguồn thu nhập',
    },
    hints: {
      realName:
        'Như trên giấy tờ tùy thân và tài khoản ngân hàng. Bạn chỉ đặt được một lần; sau đó chỉ bộ phận CSKH mới đổi được.',
      realNameLocked: 'Đã đặt. Liên hệ bộ phận CSKH để thay đổi.',
      birthday: 'Dùng để kiểm tra tuổi (từ {{minAge}} tuổi trở lên).',
      zalo: 'Số điện thoại Zalo của bạn, chỉ gồm chữ số.',
      telegram: 'Tên người dùng Telegram, ví dụ @ten.',
      length: '{{min}}–{{max}} ký tự',
    },
    incomeSources: {
      salary: 'Lương',
      business: 'Kinh doanh riêng',
      investments: 'Đầu tư',
      pension: 'Lương hưu',
      savings: 'Tiền tiết kiệm',
      family: 'Gia đình hỗ trợ',
      other: 'Khác',
    },
    choose: 'Chọn…',
    mobile: 'Số điện thoại',
    noMobile: 'Chưa đặt',
    save: 'Lưu hồ sơ',
    saved: 'Hồ sơ của bạn đã được lưu.',
    problems: {
      required: 'Không được để trống.',
      tooShort: 'Quá ngắn.',
      tooLong: 'Quá dài.',
      pattern: 'Vui lòng nhập đúng thông tin.',
      invalidDate: 'Vui lòng nhập ngày hợp lệ.',
      future: 'Ngày không được ở tương lai.',
      underAge: 'Bạn phải từ {{minAge}} tuổi trở lên.',
      hidden: 'Trường này không được dùng trên trang này.',
      setOnce: 'Họ tên thật đã được đặt: chỉ bộ phận CSKH mới đổi được.',
    },
    emailVerified: 'Đã xác minh',
    emailNotVerified: 'Chưa xác minh.',
    sendLink: 'Gửi liên kết xác minh',
    linkSent: 'Chúng tôi đã gửi liên kết đến {{email}}. Hãy mở trong vòng 24 giờ.',
    verifyTitle: 'Xác nhận e-mail',
    verifying: 'Đang kiểm tra liên kết…',
    verifyDone: '{{email}} đã được xác nhận. Cảm ơn bạn.',
    home: 'Về trang chủ',
    linkInvalid: 'Liên kết này không còn hiệu lực. Hãy yêu cầu liên kết mới trong trung tâm bảo mật.',
    closeTitle: 'Đóng tài khoản',
    closeIntro:
      'Đóng tài khoản sẽ kết thúc mọi phiên đăng nhập và bạn không thể đăng nhập lại. Hồ sơ của bạn được lưu giữ theo quy định của pháp luật. Hãy rút hết tiền trước: tài khoản còn tiền trong bất kỳ ví nào thì không thể đóng.',
    password: 'Mật khẩu đăng nhập',
    passwordRequired: 'Nhập mật khẩu đăng nhập.',
    closeConfirm: 'Tôi hiểu rằng tôi không thể tự mở lại tài khoản sau khi đóng.',
    closeConfirmRequired: 'Đánh dấu vào ô để xác nhận.',
    close: 'Đóng tài khoản',
    closed: 'Tài khoản của bạn đã đóng.',
  },
  fieldErrors: {
    invalidDate: 'Vui lòng nhập ngày hợp lệ.',
    future: 'Ngày không được ở tương lai.',
    underAge: 'Bạn chưa đủ tuổi tối thiểu của trang này.',
    hidden: 'Trường này không được dùng trên trang này.',
    setOnce: 'Họ tên thật đã được đặt: chỉ bộ phận CSKH mới đổi được.',
    password: { incorrect: 'Mật khẩu không đúng.' },
  },
  errors: {
    profile_under_age: 'Bạn chưa đủ tuổi tối thiểu của trang này.',
    account_balance_not_zero:
      'Ví của bạn vẫn còn tiền: hãy rút hết (và hoàn thành hoặc hủy khuyến mãi) trước khi đóng tài khoản.',
    account_money_pending:
      'Bạn còn một giao dịch nạp hoặc rút tiền đang xử lý: hãy đóng tài khoản sau khi giao dịch hoàn tất (hoặc liên hệ bộ phận chăm sóc khách hàng).',
    account_closed: 'Tài khoản này đã đóng. Vui lòng liên hệ bộ phận chăm sóc khách hàng.',
  },
};

export default profileTy;
