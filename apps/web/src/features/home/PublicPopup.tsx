import type { Notice } from '@sea/contracts';
import { lazy, Suspense, useState } from 'react';
import { useNotices } from '../../api/content.ts';
import { useSession } from '../../state/session.ts';

const PublicPopupDialog = lazy(() => import('./ContentPopups.tsx').then((m) => ({ default: m.PublicPopupDialog })));

/** Set by the login when the server says it is the member's first login (spec §4: 'F' popups). */
export const FIRST_LOGIN_KEY = 'firstTimeLogin';
/** Spec §4: once per session, with a different key for logged-in members and visitors. */
export const publicPopupKey = (isLogin: boolean) => `publicPopup:${isLogin ? 'member' : 'guest'}`;

const read = (key: string) => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

/** The public popups (PU) this visitor should see: everyone's, the visitors' or members', and 'F' for a first login. */
export function popupsFor(list: Notice[], isLogin: boolean, firstLogin: boolean): Notice[] {
  return list.filter(
    (n) =>
      n.audience === 'all' ||
      (n.audience === 'guest' && !isLogin) ||
      (n.audience === 'member' && isLogin) ||
      (n.audience === 'F' && isLogin && firstLogin),
  );
}

/**
 * The public popup: the operator's PU notices for this visitor, shown once per browser session (closing it sets
 * the session's key for the current login state, so logging in shows the members' popup once too).
 */
export function PublicPopup() {
  const isLogin = useSession((s) => s.isLogin);
  const key = publicPopupKey(isLogin);
  const [closed, setClosed] = useState<string | null>(null);
  const seen = closed === key || read(key) !== null;
  const query = useNotices(['PU'], !seen);
  if (seen || !query.data) return null;
  const shown = popupsFor(query.data.list, isLogin, read(FIRST_LOGIN_KEY) === '1');
  if (shown.length === 0) return null;
  const close = () => {
    try {
      sessionStorage.setItem(key, '1');
      if (isLogin) sessionStorage.removeItem(FIRST_LOGIN_KEY);
    } catch {
      // storage blocked: closed for this page's life only
    }
    setClosed(key);
  };
  return (
    <Suspense fallback={null}>
      <PublicPopupDialog notices={shown} onClose={close} />
    </Suspense>
  );
}
