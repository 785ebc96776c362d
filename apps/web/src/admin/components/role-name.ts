import { adminI18n } from '../i18n/index.ts';

/**
 * A role's name as shown: a built-in role's in the back office's language (roleNames.<code>, TY only: in EN the
 * server's name is the text), a custom role's as its creator wrote it.
 */
export const roleName = (code: string, serverName: string): string =>
  adminI18n.t(`roleNames.${code}`, { defaultValue: serverName });
