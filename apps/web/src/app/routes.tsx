import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { CentrePage } from '../features/centre/CentrePage.tsx';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { Layout } from './Layout.tsx';
import { MEMBER_PAGES } from './member-pages.tsx';
import {
  DownloadPage,
  FairnessPage,
  GameCenter,
  GameListCenter,
  JoinPage,
  LotteryPage,
  PointMallPage,
  PromotionsPage,
  ResetPasswordPage,
  SeamlessPage,
} from './lazy-pages.tsx';
import { OpenDialogRoute } from './OpenDialogRoute.tsx';
import { Protected } from './Protected.tsx';
import { RouteError } from './RouteError.tsx';

/** Game centres by route (spec route table); `elott` also serves LOTT. */
export const GAME_CENTRES = ['fish', 'pvp', 'live', 'sports', 'esports', 'cockfight', 'elott', 'rng'] as const;

const home = ['/', '/index', '/index.html', '/home'].map<RouteObject>((path) => ({ path, element: <HomePage /> }));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...home,
      { path: '/login', element: <OpenDialogRoute dialog="login" redirectTo="/" /> },
      { path: '/register', element: <OpenDialogRoute dialog="register" /> },
      { path: '/help', element: <OpenDialogRoute dialog="help" /> },
      { path: '/down', element: <DownloadPage /> },
      ...GAME_CENTRES.map<RouteObject>((type) => ({ path: `/${type}`, element: <GameCenter gameType={type} /> })),
      { path: '/hot', element: <GameListCenter /> },
      { path: '/seamless', element: <SeamlessPage /> },
      { path: '/promotions', element: <PromotionsPage /> },
      { path: '/join', element: <JoinPage /> },
      { path: '/pointMall', element: <PointMallPage /> },
      { path: '/resetPassword', element: <ResetPasswordPage /> },
      { path: '/fairness', element: <FairnessPage /> },
      { path: '/fbSports', element: <ComingSoon titleKey="pages.fbSports" /> },
      { path: '/helpmc', element: <Navigate to="/help" replace /> },
      {
        element: <Protected />,
        children: [
          { path: '/lottery', element: <LotteryPage kind="lottery" /> },
          { path: '/seaLottery', element: <LotteryPage kind="seaLottery" /> },
          { path: '/vnLottery', element: <LotteryPage kind="vnLottery" /> },
          { path: '/agentHome', element: <CentrePage area="agent" /> },
          { path: '/member/:page?', element: <CentrePage area="member" pages={MEMBER_PAGES} /> },
          { path: '/agent/:page?', element: <CentrePage area="agent" /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
