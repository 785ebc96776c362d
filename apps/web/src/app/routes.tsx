import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { RETIRED_MEMBER_PAGES } from '../features/centre/centre-pages.ts';
import { CENTRE_ROUTES } from '../lib/game-routes.ts';
import { Layout } from './Layout.tsx';
import { AGENT_PAGES } from './agent-pages.tsx';
import { MEMBER_PAGES } from './member-pages.tsx';
import {
  CentrePage,
  ChatPage,
  DownloadPage,
  FairnessPage,
  FeedGamePage,
  GameCenter,
  GameListCenter,
  LotteryGamePage,
  LotteryLobby,
  LotteryPage,
  LotteryVerifyPage,
  PointMallPage,
  RafflePage,
  PromotionsPage,
  JoinPage,
  ResetPasswordPage,
  SeamlessPage,
  VerifyEmailPage,
} from './lazy-pages.tsx';
import { OpenDialogRoute } from './OpenDialogRoute.tsx';
import { Protected } from './Protected.tsx';
import { RouteErrorBoundary } from './RouteError.tsx';

const home = ['/', '/index', '/index.html', '/home'].map<RouteObject>((path) => ({ path, element: <HomePage /> }));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...home,
      { path: '/login', element: <OpenDialogRoute dialog="login" redirectTo="/" /> },
      { path: '/agentLogin', element: <OpenDialogRoute dialog="login" detail="agent" redirectTo="/" /> },
      { path: '/register', element: <OpenDialogRoute dialog="register" /> },
      { path: '/help', element: <OpenDialogRoute dialog="help" /> },
      { path: '/down', element: <DownloadPage /> },
      ...CENTRE_ROUTES.map<RouteObject>((type) => ({ path: `/${type}`, element: <GameCenter gameType={type} /> })),
      { path: '/hot', element: <GameListCenter /> },
      { path: '/seamless', element: <SeamlessPage /> },
      { path: '/promotions', element: <PromotionsPage /> },
      { path: '/join', element: <JoinPage /> },
      ...RETIRED_MEMBER_PAGES.map<RouteObject>((p) => ({
        path: `/member/${p}`,
        element: <Navigate to="/promotions" replace />,
      })),
      { path: '/resetPassword', element: <ResetPasswordPage /> },
      { path: '/verifyEmail', element: <VerifyEmailPage /> },
      { path: '/fairness', element: <FairnessPage /> },
      // The chat room (spec §1): open to visitors, who are asked to log in.
      { path: '/chat', element: <ChatPage /> },
      // The draw verifier reads public issue data only, so it is open like /fairness.
      { path: '/lottery/verify', element: <LotteryVerifyPage /> },
      // The spec's sportsbook target: our sports centre (its vendors' games, the demo vendor's until a real one is set up).
      { path: '/fbSports', element: <Navigate to="/sports" replace /> },
      { path: '/helpmc', element: <Navigate to="/help" replace /> },
      {
        element: <Protected />,
        children: [
          // Our fast lottery (ELOTT), behind login as the spec's lottery pages are: the lobby and a game page.
          { path: '/lottery', element: <LotteryLobby /> },
          { path: '/lottery/:gameCode', element: <LotteryGamePage /> },
          { path: '/seaLottery', element: <LotteryPage kind="seaLottery" /> },
          { path: '/vnLottery', element: <LotteryPage kind="vnLottery" /> },
          { path: '/seaLottery/:gameCode', element: <FeedGamePage menu="seaLottery" /> },
          { path: '/vnLottery/:gameCode', element: <FeedGamePage menu="vnLottery" /> },
          { path: '/pointMall', element: <PointMallPage /> },
          { path: '/raffle/:id', element: <RafflePage /> },
          { path: '/agentHome', element: <CentrePage area="agent" pages={AGENT_PAGES} /> },
          { path: '/member/:page?', element: <CentrePage area="member" pages={MEMBER_PAGES} /> },
          { path: '/agent/:page?', element: <CentrePage area="agent" pages={AGENT_PAGES} /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The site's pages, matched against the location of the router around it (BrowserRouter in App.tsx, a memory router in
 * tests). A declarative router, not createBrowserRouter: the pages load no data through the router (TanStack Query
 * does), and the data router's code (loaders, actions, fetchers, revalidation) was a third of the first page's router
 * JavaScript. An error anywhere in the layout or a page shows RouteError, as the data router's errorElement did.
 */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
