import type { RouteObject } from 'react-router';
import { BonusClaimsPage } from '../features/rewards/BonusClaimsPage.tsx';
import { MallItemsPage } from '../features/rewards/MallItemsPage.tsx';
import { MallOrdersPage } from '../features/rewards/MallOrdersPage.tsx';
import { MissionsPage } from '../features/rewards/MissionsPage.tsx';
import { PointsRulesPage } from '../features/rewards/PointsRulesPage.tsx';
import { PrizesPage } from '../features/rewards/PrizesPage.tsx';
import { ReferralSettingsPage } from '../features/rewards/ReferralSettingsPage.tsx';
import { ReferralsPage } from '../features/rewards/ReferralsPage.tsx';

/** The rewards screens (issues 22 and 23): missions, leaderboard prizes, points, the mall and bonus claims. */
export const rewardsRoutes: RouteObject[] = [
  { path: 'rewards/missions', element: <MissionsPage /> },
  { path: 'rewards/leaderboard-prizes', element: <PrizesPage /> },
  { path: 'rewards/points-rules', element: <PointsRulesPage /> },
  { path: 'rewards/mall', element: <MallItemsPage /> },
  { path: 'rewards/mall-orders', element: <MallOrdersPage /> },
  { path: 'rewards/bonus-claims', element: <BonusClaimsPage /> },
  { path: 'rewards/referral', element: <ReferralSettingsPage /> },
  { path: 'rewards/referrals', element: <ReferralsPage /> },
];
