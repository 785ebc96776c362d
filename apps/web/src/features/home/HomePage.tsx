import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAV_ITEMS } from '../../lib/nav-items.ts';
import { BannerGroup } from '../../components/banners/BannerGroup.tsx';
import { GameCards } from '../../components/games/GameCard.tsx';
import { CategoryRows, HotGamesRow } from './GameRows.tsx';
import { JackpotCounter } from './JackpotCounter.tsx';
import { NearView } from './NearView.tsx';
import { NoticeBar } from './NoticeBar.tsx';
import { PublicPopup } from './PublicPopup.tsx';
import { VendorTiles } from './VendorTiles.tsx';
import './home-games.css';

/** Below the fold: its own chunk (the home's first-load script stays within its budget). */
const HomePromotions = lazy(() => import('./HomePromotions.tsx'));
/** The winners block too (with its session cache, features/home/WinnersBoard.tsx): shown once there are wins. */
const WinnersBoard = lazy(() => import('./WinnersBoard.tsx'));

export function HomePage() {
  const { t } = useTranslation();
  const categories = NAV_ITEMS.filter((i) => i.key !== 'home' && i.key !== 'promotions');
  return (
    <div className="home">
      <BannerGroup group="w_home" />
      <NoticeBar />
      <PublicPopup />
      <JackpotCounter />
      <section aria-labelledby="home-categories" className="home__section">
        <h2 id="home-categories">{t('home.categories')}</h2>
        <ul className="tiles">
          {categories.map((c) => (
            <li key={c.key}>
              <Link to={c.to} className={`tile tile--${c.key}`}>
                {t(`nav.${c.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <GameCards>
        <HotGamesRow />
        <CategoryRows />
      </GameCards>
      <NearView className="home__near-winners">
        <Suspense fallback={null}>
          <WinnersBoard />
        </Suspense>
      </NearView>
      <VendorTiles />
      <section aria-labelledby="home-promotions" className="home__section home__promotions">
        <h2 id="home-promotions">{t('nav.promotions')}</h2>
        <NearView>
          <Suspense fallback={null}>
            <HomePromotions />
          </Suspense>
        </NearView>
      </section>
      <section aria-labelledby="home-download" className="home__section home__download">
        <div>
          <h2 id="home-download">{t('home.downloadTitle')}</h2>
          <p>{t('home.downloadText')}</p>
        </div>
        <Link to="/down" className="btn btn--primary">
          {t('home.downloadCta')}
        </Link>
      </section>
    </div>
  );
}
