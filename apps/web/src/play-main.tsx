import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBaccaratApi } from './api/baccarat.ts';
import { createHouseApi } from './api/house.ts';
import { createSabongApi } from './api/sabong.ts';
import { captureMerchantFromUrl } from './api/merchant.ts';
import { BaccaratApp } from './features/play/baccarat/BaccaratApp.tsx';
import { PlayApp } from './features/play/PlayApp.tsx';
import { SabongApp } from './features/play/sabong/SabongApp.tsx';
import { createPlayI18n } from './i18n/play.ts';
import './features/play/play.css';

/**
 * The game pages' entry (play.html, served for /play/<gameCode>?token=…&lang=…): a light page of its own — not the
 * player site — that the site's game popup loads in an iframe. The launch token authenticates its calls.
 */
const params = new URLSearchParams(window.location.search);
captureMerchantFromUrl();
const token = params.get('token');
const lang = params.get('lang');
const i18n = createPlayI18n(lang);
// Our multi-player baccarat tables have their own page (lobby and tables) on the same entry.
const baccarat = window.location.pathname === '/play/baccarat';
// So do our sabong arenas (simulated fights).
const sabong = window.location.pathname === '/play/sabong';
const root = document.getElementById('play-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        {baccarat ? (
          <BaccaratApp
            api={token ? createBaccaratApi(token, i18n.language) : null}
            initialTable={params.get('table')}
          />
        ) : sabong ? (
          <SabongApp api={token ? createSabongApi(token, i18n.language) : null} initialArena={params.get('arena')} />
        ) : (
          <PlayApp api={token ? createHouseApi(token, i18n.language) : null} />
        )}
      </I18nextProvider>
    </StrictMode>,
  );
}
