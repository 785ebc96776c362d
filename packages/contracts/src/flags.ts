/**
 * White-label feature flags, stored per merchant. Names are the spec's (suffix 3 = gateway version 3).
 * `default` is what a new merchant gets.
 */
export const FEATURE_FLAGS = {
  USERNAMEREG3: { default: true, description: 'Username login and direct registration by username' },
  MOBILEVERCODELOGIN3: { default: true, description: 'Login by mobile number and SMS code' },
  MOBILENUMREG3: { default: true, description: 'Registration by mobile number' },
  REGMOBVERF3: { default: false, description: 'Registration asks for an SMS verification code' },
  MOBILENUMPASSREG3: { default: true, description: 'Mobile registration asks for a password' },
  FREEPLAY3: { default: true, description: 'Free-play (trial) accounts' },
  PWDEXPFORCECHANGE3: { default: false, description: 'Force a password change when the password has expired' },
  DIRECTREG3: { default: true, description: 'Direct registration link in the header' },
  FORGOTPWDPHONE3: { default: true, description: 'Password recovery by phone' },
  AGENTPOLICY3: { default: true, description: 'Agent policy pages' },
  VIP3: { default: false, description: 'VIP programme' },
  REFERRALPROMO3: { default: false, description: 'Referral promotion' },
} as const satisfies Record<string, { default: boolean; description: string }>;

export type FeatureFlag = keyof typeof FEATURE_FLAGS;
export const FEATURE_FLAG_KEYS = Object.keys(FEATURE_FLAGS) as FeatureFlag[];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export function defaultFeatureFlags(): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAG_KEYS.map((k) => [k, FEATURE_FLAGS[k].default])) as FeatureFlags;
}
