import { lazy } from 'react';

/** The areas the spec lazy-loads, each its own chunk. */
export const PromotionsPage = lazy(() => import('../features/promotions/PromotionsPage.tsx'));
export const LotteryPage = lazy(() => import('../features/lottery/LotteryPage.tsx'));
export const JoinPage = lazy(() => import('../features/join/JoinPage.tsx'));
export const PointMallPage = lazy(() => import('../features/point-mall/PointMallPage.tsx'));
export const SeamlessPage = lazy(() => import('../features/games/SeamlessPage.tsx'));
export const DownloadPage = lazy(() => import('../features/download/DownloadPage.tsx'));
export const GameListCenter = lazy(() => import('../features/games/GameListCenter.tsx'));
export const GameCenter = lazy(() => import('../features/games/GameCenter.tsx'));
export const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
export const FairnessPage = lazy(() => import('../features/fairness/FairnessPage.tsx'));
