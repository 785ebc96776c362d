import type { RouteObject } from 'react-router';
import { CashbackPage } from '../features/rewards/CashbackPage.tsx';
import { RafflesPage } from '../features/rewards/RafflesPage.tsx';
import { ActivityApplicationsPage } from '../features/rewards/ActivityApplicationsPage.tsx';
import { BonusClaimsPage } from '../features/rewards/BonusClaimsPage.tsx';
import { MallItemsPage } from '../features/rewards/MallItemsPage.tsx';
import { MallOrdersPage } from '../features/rewards/MallOrdersPage.tsx';
import { MissionsPage } from '../features/rewards/MissionsPage.tsx';
import { PointsRulesPage } from '../features/rewards/PointsRulesPage.tsx';
import { PrizesPage } from '../features/rewards/PrizesPage.tsx';
import { VipLevelsPage } from '../features/rewards/VipLevelsPage.tsx';
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
  { path: 'rewards/cashback', element: <CashbackPage /> },
  { path: 'rewards/raffles', element: <RafflesPage /> },
  { path: 'rewards/vip-levels', element: <VipLevelsPage /> },
  { path: 'rewards/activity-applications', element: <ActivityApplicationsPage /> },
  { path: 'rewards/referral', element: <ReferralSettingsPage /> },
  { path: 'rewards/referrals', element: <ReferralsPage /> },
];
