import type { RegisterField, RegisterFieldRule } from '@sea/contracts';

const off: RegisterFieldRule = {
  enabled: false,
  required: false,
  minLength: 0,
  maxLength: 50,
  patternId: 1,
  acceptedPattern: '*',
};

/**
 * What a merchant gets until it configures its form. Passwords follow ASVS 6.2: 8–64 characters, any
 * characters, no composition rules.
 */
export const DEFAULT_REGISTER_RULES: Record<RegisterField, RegisterFieldRule> = {
  username: { enabled: true, required: true, minLength: 4, maxLength: 16, patternId: 2, acceptedPattern: '*' },
  password: { enabled: true, required: true, minLength: 8, maxLength: 64, patternId: 1, acceptedPattern: '*' },
  confirmPassword: { enabled: true, required: true, minLength: 8, maxLength: 64, patternId: 1, acceptedPattern: '*' },
  mobileNum: { enabled: true, required: false, minLength: 6, maxLength: 15, patternId: 7, acceptedPattern: '*' },
  email: { enabled: true, required: false, minLength: 5, maxLength: 100, patternId: 4, acceptedPattern: '*' },
  payeeName: { enabled: true, required: false, minLength: 2, maxLength: 50, patternId: 13, acceptedPattern: '*' },
  affiliateCode: { enabled: true, required: false, minLength: 4, maxLength: 20, patternId: 5, acceptedPattern: '*' },
  referralCode: { enabled: true, required: false, minLength: 4, maxLength: 20, patternId: 5, acceptedPattern: '*' },
  verificationCode: { enabled: true, required: true, minLength: 4, maxLength: 255, patternId: 7, acceptedPattern: '*' },
  captcha: { ...off },
  recommenderId: { ...off, maxLength: 20, patternId: 5 },
  paymentPassword: { ...off, minLength: 6, maxLength: 6, patternId: 7 },
  qqNum: { ...off, minLength: 5, maxLength: 12, patternId: 7 },
  line: { ...off, patternId: 10 },
  whatsapp: { ...off, minLength: 6, maxLength: 15, patternId: 7 },
  facebook: { ...off, patternId: 10 },
  wechat: { ...off, patternId: 10 },
  idNumber: { ...off, minLength: 6, maxLength: 20, patternId: 5 },
};
