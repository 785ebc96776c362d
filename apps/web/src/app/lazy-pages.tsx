import { type ComponentType, lazy } from 'react';

/** The areas the spec lazy-loads, each its own chunk. */
export const PromotionsPage = lazy(() => import('../features/promotions/PromotionsPage.tsx'));
/** /join: the promotions a member can join, the sign-up reward request and activity applications. */
export const JoinPage = lazy(() => import('../features/join/JoinPage.tsx'));
export const LotteryPage = lazy(() => import('../features/lottery/LotteryPage.tsx'));
/** Our fast lottery (ELOTT): the lobby, a game page, the draw verifier. */
export const LotteryLobby = lazy(() => import('../features/lottery/LotteryLobby.tsx'));
export const LotteryGamePage = lazy(() => import('../features/lottery/LotteryGamePage.tsx'));
export const FeedGamePage = lazy(() => import('../features/lottery/FeedGamePage.tsx'));
export const LotteryVerifyPage = lazy(() => import('../features/lottery/LotteryVerifyPage.tsx'));
export const SeamlessPage = lazy(() => import('../features/games/SeamlessPage.tsx'));
export const DownloadPage = lazy(() => import('../features/download/DownloadPage.tsx'));
export const GameListCenter = lazy(() => import('../features/games/GameListCenter.tsx'));
export const GameCenter = lazy(() => import('../features/games/GameCenter.tsx'));
export const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
export const VerifyEmailPage = lazy(() => import('../features/member/VerifyEmailPage.tsx'));
export const FairnessPage = lazy(() => import('../features/fairness/FairnessPage.tsx'));
export const ChatPage = lazy(() => import('../features/chat/ChatPage.tsx'));
/** The points mall (/pointMall, behind login). */
export const PointMallPage = lazy(() =>
  import('../features/rewards/PointMallPage.tsx').then((m) => ({ default: m.PointMallPage })),
);
/** A raffle: the member's tickets, the draw and its check (/raffle/:id, behind login). */
export const RafflePage = lazy(() => import('../features/rewards/RafflePage.tsx'));
/** The member and agent centres (behind login): not on the first page. */
export const CentrePage = lazy(() =>
  import('../features/centre/CentrePage.tsx').then((m) => ({ default: m.CentrePage })),
);

/** A named export as a lazy component (the popups are named exports of their feature files). */
function named<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/** The popups: opened from anywhere, loaded on first opening. */
export const LoginDialog = named(() => import('../features/auth/LoginDialog.tsx'), 'LoginDialog');
export const RegisterDialog = named(() => import('../features/auth/RegisterDialog.tsx'), 'RegisterDialog');
export const ForgotPasswordDialog = named(
  () => import('../features/auth/ForgotPasswordDialog.tsx'),
  'ForgotPasswordDialog',
);
export const ChangePasswordDialog = named(
  () => import('../features/auth/ChangePasswordDialog.tsx'),
  'ChangePasswordDialog',
);
export const HelpDialog = named(() => import('../features/help/HelpDialog.tsx'), 'HelpDialog');
export const FeedbackDialog = named(() => import('../features/feedback/FeedbackDialog.tsx'), 'FeedbackDialog');

/** The responsible-gaming reality check (a timer and its dialog), loaded once a real member is logged in. */
export const RealityCheck = named(() => import('../features/responsible-gaming/RealityCheck.tsx'), 'RealityCheck');
