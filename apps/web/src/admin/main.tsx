import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { adminI18n, htmlLang } from './i18n/index.ts';
import './styles/admin.css';

document.documentElement.lang = htmlLang(adminI18n.language);
createRoot(document.getElementById('admin-root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
