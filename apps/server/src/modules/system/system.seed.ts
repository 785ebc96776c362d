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
  tl: [
    {
      category: 'about',
      categoryTitle: 'Tungkol sa amin',
      tag: 'aboutUs',
      title: 'Tungkol sa amin',
      content: '<p>Ang Demo Casino ay demonstration site ng platform. Walang totoong pera na ginagamit.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'Tungkol sa amin',
      tag: 'responsibleGaming',
      title: 'Responsableng paglalaro',
      content:
        '<p>Maglaro para maglibang. Maglagay ng limit, magpahinga, at huwag habulin ang talo. Dapat 18 taong gulang pataas ang mga player.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'Tungkol sa amin',
      tag: 'licences',
      title: 'Mga lisensya',
      content: '<p>Dito inilalathala ng mga operator ang detalye ng kanilang lisensya.</p>',
    },
    {
      category: 'about',
      categoryTitle: 'Tungkol sa amin',
      tag: 'terms',
      title: 'Mga tuntunin at kundisyon',
      content:
        '<p>Ang nasa hustong gulang lamang (18 pataas) ang puwedeng magbukas ng account at maglaro. Isang account bawat tao. Ang mga deposit at withdrawal ay nasa pangalan ng may-ari ng account. Maglaro nang responsable; puwedeng isara ng operator ang mga account na lumalabag sa mga tuntuning ito.</p>',
    },
    {
      category: 'guide',
      categoryTitle: 'Gabay para sa baguhan',
      tag: 'register',
      title: 'Paano mag-register',
      content:
        '<ol><li>I-click ang Mag-register.</li><li>Ilagay ang iyong username at password.</li><li>Kumpirmahin na ikaw ay 18 pataas at i-submit.</li></ol>',
    },
    {
      category: 'guide',
      categoryTitle: 'Gabay para sa baguhan',
      tag: 'deposit',
      title: 'Paano mag-deposit',
      content:
        '<p>Buksan ang member centre, piliin ang Deposit, pumili ng paraan ng pagbabayad at sundin ang mga hakbang.</p>',
    },
    {
      category: 'guide',
      categoryTitle: 'Gabay para sa baguhan',
      tag: 'withdraw',
      title: 'Paano mag-withdraw',
      content: '<p>Magdagdag ng bank account, saka mag-request ng withdrawal gamit ang iyong transaction password.</p>',
    },
    {
      category: 'faq',
      categoryTitle: 'Mga madalas itanong',
      tag: 'forgotPassword',
      title: 'Nakalimutan ko ang aking password',
      content:
        '<p>Gamitin ang “Nakalimutan ang password” sa login form para i-reset ito sa pamamagitan ng email o telepono.</p>',
    },
  ],
};

/** The agent policy's category title per language (English for any other). */
export const AGENT_POLICY_TITLE: Record<string, string> = { ty: 'Chính sách đại lý', tl: 'Patakaran ng agent' };

/** The demo's agent policy (help category agentPolicy, shown in the agent centre while AGENTPOLICY3 is on). */
export const DEMO_AGENT_POLICY: Record<string, { tag: string; title: string; content: string }[]> = {
  en: [
    {
      tag: 'agentPolicyCommission',
      title: 'Rebate and commission',
      content:
        "<p>Every agent has a rebate point (up to 12.0 %). On each valid bet of your downlines you earn the difference between your rebate point and theirs.</p><ul><li>Valid bets of settled rounds count; cancelled and refunded bets do not.</li><li>Rebates are worked out daily, in the site's time zone, and paid to your main wallet the next morning.</li><li>Lottery bets earn the lottery rebate of 1 %.</li></ul>",
    },
    {
      tag: 'agentPolicyContracts',
      title: 'Contracts: daily wage and dividend',
      content:
        "<p>The house offers top-level agents contracts; an agent may offer its direct downlines contracts up to its own terms.</p><ul><li><strong>Daily wage</strong>: a share of the team's valid bets each day, by tier (for example 0.3 % from 10,000.00 valid bets and 5 active members).</li><li><strong>Dividend</strong>: a share of the team's net loss over the period (twice a month); a period the team wins is carried over.</li><li>Accepted terms apply from the next period; either side may end a contract at the end of a period.</li></ul>",
    },
    {
      tag: 'agentPolicyRules',
      title: 'Rules',
      content:
        "<ul><li>One account per person; an agent may not play in its own team through other accounts.</li><li>Bonus abuse, arbitrage or collusion voids the commission of the period concerned.</li><li>Payments are made only to the agent's own verified bank account.</li></ul>",
    },
  ],
  ty: [
    {
      tag: 'agentPolicyCommission',
      title: 'Hoàn trả và hoa hồng',
      content:
        '<p>Mỗi đại lý có một điểm hoàn trả (tối đa 12,0 %). Với mỗi cược hợp lệ của tuyến dưới, bạn nhận phần chênh lệch giữa điểm hoàn trả của bạn và của họ.</p><ul><li>Chỉ tính cược hợp lệ của các ván đã kết toán; cược bị hủy và hoàn tiền không được tính.</li><li>Hoàn trả được tính mỗi ngày theo múi giờ của trang và trả vào ví chính sáng hôm sau.</li><li>Cược xổ số được hoàn trả 1 %.</li></ul>',
    },
    {
      tag: 'agentPolicyContracts',
      title: 'Hợp đồng: lương ngày và cổ tức',
      content:
        '<p>Nhà cái đưa ra hợp đồng cho đại lý cấp cao nhất; đại lý có thể đưa hợp đồng cho tuyến dưới trực tiếp với điều khoản không vượt quá của mình.</p><ul><li><strong>Lương ngày</strong>: một phần cược hợp lệ của đội mỗi ngày theo bậc (ví dụ 0,3 % từ 10.000,00 cược hợp lệ và 5 thành viên hoạt động).</li><li><strong>Cổ tức</strong>: một phần số thua ròng của đội trong kỳ (hai lần mỗi tháng); kỳ đội thắng được chuyển sang kỳ sau.</li><li>Điều khoản đã chấp nhận áp dụng từ kỳ sau; mỗi bên có thể chấm dứt hợp đồng vào cuối kỳ.</li></ul>',
    },
    {
      tag: 'agentPolicyRules',
      title: 'Quy định',
      content:
        '<ul><li>Mỗi người một tài khoản; đại lý không được chơi trong đội của mình bằng tài khoản khác.</li><li>Lạm dụng thưởng, cược chênh lệch hoặc thông đồng sẽ hủy hoa hồng của kỳ liên quan.</li><li>Chỉ thanh toán vào tài khoản ngân hàng đã xác minh của chính đại lý.</li></ul>',
    },
  ],
  tl: [
    {
      tag: 'agentPolicyCommission',
      title: 'Rebate at komisyon',
      content:
        '<p>May rebate point ang bawat agent (hanggang 12.0 %). Sa bawat valid na taya ng iyong mga downline, kikitain mo ang diperensya ng iyong rebate point at ng sa kanila.</p><ul><li>Binibilang ang valid na taya ng mga settled na round; hindi binibilang ang mga kinansela at na-refund na taya.</li><li>Kinukuwenta ang rebate araw-araw, sa time zone ng site, at ibinabayad sa iyong main wallet kinaumagahan.</li><li>May lottery rebate na 1 % ang mga taya sa lotto.</li></ul>',
    },
    {
      tag: 'agentPolicyContracts',
      title: 'Mga kontrata: arawang sahod at dibidendo',
      content:
        '<p>Nag-aalok ang house ng kontrata sa mga top-level na agent; puwedeng mag-alok ang agent ng kontrata sa mga direktang downline nito hanggang sa sarili nitong mga tuntunin.</p><ul><li><strong>Arawang sahod</strong>: bahagi ng valid na taya ng team bawat araw, ayon sa tier (halimbawa 0.3 % mula 10,000.00 na valid na taya at 5 aktibong member).</li><li><strong>Dibidendo</strong>: bahagi ng netong talo ng team sa panahon (dalawang beses kada buwan); dinadala sa susunod ang panahong nanalo ang team.</li><li>Ipinapatupad ang tinanggap na tuntunin mula sa susunod na panahon; puwedeng tapusin ng alinmang panig ang kontrata sa katapusan ng panahon.</li></ul>',
    },
    {
      tag: 'agentPolicyRules',
      title: 'Mga patakaran',
      content:
        '<ul><li>Isang account bawat tao; hindi puwedeng maglaro ang agent sa sarili nitong team gamit ang ibang account.</li><li>Ang pang-aabuso sa bonus, arbitrage o sabwatan ay magpapawalang-bisa sa komisyon ng kaukulang panahon.</li><li>Sa sariling verified na bank account lamang ng agent ibinabayad ang mga bayad.</li></ul>',
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
