/** Demo help-centre and site content. Real merchants manage this in the back office. */
export const DEMO_HELP: Record<
  string,
  { category: string; categoryTitle: string; tag: string; title: string; content: string }[]
> = {
  en: [
    {
      category: 'about',
      categoryTitle: 'About us',
      tag: 'aboutUs',
      title: 'About us',
      content: '<p>Demo Casino is a demonstration site of the platform. No real money is involved.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'About us',
      tag: 'responsibleGaming',
      title: 'Responsible gaming',
      content: '<p>Play for fun. Set limits, take breaks, and never chase losses. Players must be 18 or older.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'About us',
      tag: 'licences',
      title: 'Licences',
      content: '<p>Operators publish their licence details here.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'About us',
      tag: 'terms',
      title: 'Terms and conditions',
      content:
        '<p>Only adults (18 or older) may open an account and play. One account per person. Deposits and withdrawals are made in the name of the account holder. Play responsibly; the operator may close accounts that break these terms.</p>',
    },
    {
      category: 'guide',
      categoryTitle: 'Beginner guide',
      tag: 'register',
      title: 'How to register',
      content:
        '<ol><li>Click Register.</li><li>Fill in your username and password.</li><li>Confirm you are 18 or older and submit.</li></ol>',
    },
    {
      category: 'guide',
      categoryTitle: 'Beginner guide',
      tag: 'deposit',
      title: 'How to deposit',
      content: '<p>Open the member centre, choose Deposit, pick a payment method and follow the steps.</p>',
    },
    {
      category: 'guide',
      categoryTitle: 'Beginner guide',
      tag: 'withdraw',
      title: 'How to withdraw',
      content: '<p>Add a bank account, then request a withdrawal with your transaction password.</p>',
    },
    {
      category: 'faq',
      categoryTitle: 'FAQ',
      tag: 'forgotPassword',
      title: 'I forgot my password',
      content: '<p>Use “Forgot password” on the login form to reset it by email or by phone.</p>',
    },
  ],
  ty: [
    {
      category: 'about',
      categoryTitle: 'Về chúng tôi',
      tag: 'aboutUs',
      title: 'Về chúng tôi',
      content: '<p>Demo Casino là trang trình diễn của nền tảng. Không dùng tiền thật.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'Về chúng tôi',
      tag: 'responsibleGaming',
      title: 'Chơi có trách nhiệm',
      content: '<p>Chơi để giải trí. Đặt giới hạn, nghỉ ngơi và đừng cố gỡ thua. Người chơi phải từ 18 tuổi.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'Về chúng tôi',
      tag: 'licences',
      title: 'Giấy phép',
      content: '<p>Nhà điều hành công bố thông tin giấy phép tại đây.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'Về chúng tôi',
      tag: 'terms',
      title: 'Điều khoản và điều kiện',
      content:
        '<p>Chỉ người trưởng thành (từ 18 tuổi) được mở tài khoản và chơi. Mỗi người một tài khoản. Nạp và rút tiền đứng tên chủ tài khoản. Hãy chơi có trách nhiệm; nhà điều hành có thể đóng tài khoản vi phạm các điều khoản này.</p>',
    },
    {
      category: 'guide',
      categoryTitle: 'Hướng dẫn người mới',
      tag: 'register',
      title: 'Cách đăng ký',
      content:
        '<ol><li>Nhấn Đăng ký.</li><li>Điền tên đăng nhập và mật khẩu.</li><li>Xác nhận bạn đủ 18 tuổi và gửi.</li></ol>',
    },
    {
      category: 'guide',
      categoryTitle: 'Hướng dẫn người mới',
      tag: 'deposit',
      title: 'Cách nạp tiền',
      content: '<p>Mở trung tâm thành viên, chọn Nạp tiền, chọn phương thức thanh toán và làm theo hướng dẫn.</p>',
    },
    {
      category: 'guide',
      categoryTitle: 'Hướng dẫn người mới',
      tag: 'withdraw',
      title: 'Cách rút tiền',
      content: '<p>Thêm tài khoản ngân hàng, sau đó yêu cầu rút tiền bằng mật khẩu giao dịch.</p>',
    },
    {
      category: 'faq',
      categoryTitle: 'Câu hỏi thường gặp',
      tag: 'forgotPassword',
      title: 'Tôi quên mật khẩu',
      content: '<p>Dùng “Quên mật khẩu” trên form đăng nhập để đặt lại qua email hoặc điện thoại.</p>',
    },
  ],
};

export const DEMO_RESOURCES = [
  { key: 'LIVECHAT', url: '#livechat', label: 'Live chat' },
  { key: 'TELEPHONE', url: 'tel:+6320000000', label: '+63 2 000 0000' },
  { key: 'FACEBOOK', url: 'https://facebook.com/', label: 'Facebook' },
  { key: 'TELEGRAM', url: 'https://t.me/', label: 'Telegram' },
  { key: 'YOUTUBE', url: 'https://youtube.com/', label: 'YouTube' },
  { key: 'ANDROID', url: '/down#android', label: 'Android' },
  { key: 'IOS', url: '/down#ios', label: 'iOS' },
];
