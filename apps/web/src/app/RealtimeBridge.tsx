import { lazy, Suspense } from 'react';
import { useRealtime } from '../state/realtime.ts';
import { useSession } from '../state/session.ts';

// Both only matter to a logged-in member (the socket and its maintenance event): chunks of their own, loaded once
// there is a session or a notice, so a visitor's first page goes without them.
const MemberRealtime = lazy(() => import('./MemberRealtime.tsx').then((m) => ({ default: m.MemberRealtime })));
const MaintenanceNotice = lazy(() =>
  import('../features/system/MaintenanceNotice.tsx').then((m) => ({ default: m.MaintenanceNotice })),
);

/** The pushed events of a logged-in member (app/MemberRealtime.tsx); nothing while logged out. */
export function RealtimeBridge() {
  const token = useSession((s) => s.token);
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      {/* keyed: a new session is a new connection (the old one closes when its component unmounts) */}
      <MemberRealtime key={token} token={token} />
    </Suspense>
  );
}

/** The pushed `maintenance` notice over the page (features/system/MaintenanceNotice.tsx), once there is one. */
export function MaintenanceNoticeHost() {
  const on = useRealtime((s) => Boolean(s.maintenance?.on));
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceNotice />
    </Suspense>
  );
}
