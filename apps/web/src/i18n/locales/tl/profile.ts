import type { ProfileMessages } from '../profile.ts';

/** Texts of the security centre's profile and account closure (TL, Tagalog). */
export const profileTl: ProfileMessages = {
  profile: {
    title: 'Aking profile',
    intro: 'Panatilihing updated ang iyong mga detalye. Kailangan sa site na ito ang mga field na may *.',
    fields: {
      nickname: 'Nickname',
      realName: 'Tunay na pangalan',
      birthday: 'Petsa ng kapanganakan',
      email: 'E-mail',
      zalo: 'Zalo',
      telegram: 'Telegram',
      address: 'Address',
      nationality: 'Nasyonalidad',
      occupation: 'Trabaho',
      incomeSource: 'Pinagmumulan ng kita',
    },
    hints: {
      realName:
        'Gaya ng nasa iyong ID at bank account. Isang beses mo lang ito maitatakda; pagkatapos, customer service lang ang makakapagpalit.',
      realNameLocked: 'Naitakda na. Makipag-ugnayan sa customer service para palitan ito.',
      birthday: 'Kailangan para masuri ang iyong edad (hindi bababa sa {{minAge}} taon).',
      zalo: 'Ang iyong Zalo phone number, mga digit lamang.',
      telegram: 'Ang iyong Telegram username, hal. @pangalan.',
      length: '{{min}}–{{max}} na character',
    },
    incomeSources: {
      salary: 'Sahod',
      business: 'Sariling negosyo',
      investments: 'Mga investment',
      pension: 'Pensyon',
      savings: 'Ipon',
      family: 'Suporta ng pamilya',
      other: 'Iba pa',
    },
    choose: 'Pumili…',
    mobile: 'Phone number',
    noMobile: 'Hindi nakatakda',
    save: 'I-save ang profile',
    saved: 'Na-save na ang iyong profile.',
    problems: {
      required: 'Kailangan ang field na ito.',
      tooShort: 'Masyadong maikli.',
      tooLong: 'Masyadong mahaba.',
      pattern: 'Ilagay ang tamang impormasyon.',
      invalidDate: 'Maglagay ng totoong petsa.',
      future: 'Hindi puwedeng nasa hinaharap ang petsa.',
      underAge: 'Dapat hindi bababa sa {{minAge}} taong gulang ka.',
      hidden: 'Hindi ginagamit sa site na ito ang field na ito.',
      setOnce: 'Naitakda na ang iyong tunay na pangalan: customer service lang ang makakapagpalit nito.',
    },
    emailVerified: 'Verified',
    emailNotVerified: 'Hindi pa verified.',
    sendLink: 'Ipadala ang verification link',
    linkSent: 'Nagpadala kami ng link sa {{email}}. Buksan ito sa loob ng 24 na oras.',
    verifyTitle: 'Kumpirmahin ang iyong e-mail',
    verifying: 'Sinusuri ang link…',
    verifyDone: 'Kumpirmado na ang {{email}}. Salamat.',
    home: 'Bumalik sa home page',
    linkInvalid: 'Hindi na valid ang link na ito. Humingi ng bago sa iyong security centre.',
    closeTitle: 'Isara ang aking account',
    closeIntro:
      'Kapag isinara ang account, matatapos ang bawat session at hindi ka na makakapag-log in muli. Itatago ang iyong mga record ayon sa batas. I-withdraw muna ang lahat ng pera mo: hindi maisasara ang account na may pera sa alinmang wallet.',
    password: 'Login password',
    passwordRequired: 'Ilagay ang iyong login password.',
    closeConfirm: 'Naiintindihan ko na hindi ko na maibabalik ang pagsasara ng aking account.',
    closeConfirmRequired: 'Lagyan ng tsek ang kahon para kumpirmahin.',
    close: 'Isara ang aking account',
    closed: 'Sarado na ang iyong account.',
  },
  fieldErrors: {
    invalidDate: 'Maglagay ng totoong petsa.',
    future: 'Hindi puwedeng nasa hinaharap ang petsa.',
    underAge: 'Mas bata ka sa minimum na edad ng site na ito.',
    hidden: 'Hindi ginagamit sa site na ito ang field na ito.',
    setOnce: 'Naitakda na ang iyong tunay na pangalan: customer service lang ang makakapagpalit nito.',
    password: { incorrect: 'Mali ang password.' },
  },
  errors: {
    profile_under_age: 'Mas bata ka sa minimum na edad ng site na ito.',
    account_balance_not_zero:
      'May pera pa sa iyong mga wallet: i-withdraw ito (at tapusin o i-forfeit ang anumang bonus) bago isara ang account.',
    account_money_pending:
      'May deposito o withdrawal ka pang pinoproseso: isara ang account kapag tapos na ito (o makipag-ugnayan sa customer service).',
    account_closed: 'Sarado na ang account na ito. Makipag-ugnayan sa customer service.',
  },
};

export default profileTl;
