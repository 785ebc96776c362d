import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureMerchantFromUrl } from './api/merchant.ts';
import { Boot } from './app/Boot.tsx';
import './i18n/index.ts';
import './styles/global.css';

captureMerchantFromUrl();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Boot />
    </StrictMode>,
  );
}
