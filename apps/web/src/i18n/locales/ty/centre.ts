import type { centreEn } from '../centre.ts';

/** The member centre's lazy texts in TY (Vietnamese). */
export const centreTy: typeof centreEn = {
  agentOnly: {
    text: 'Trung tâm đại lý dành cho đại lý: đại lý mời người chơi, theo dõi đội nhóm và nhận hoa hồng.',
    how: 'Tài khoản của bạn là tài khoản thành viên. Để trở thành đại lý, hãy liên hệ chăm sóc khách hàng; khi tài khoản là tài khoản đại lý, các trang này sẽ mở cho bạn.',
    join: 'Trở thành đại lý',
    back: 'Về trung tâm thành viên',
  },
};

export default centreTy;
