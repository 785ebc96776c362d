import './lib/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { captureMerchantFromUrl } from './api/merchant.ts';
import { Boot } from './app/Boot.tsx';
import { initI18n } from './i18n/index.ts';
import { nextTask } from './lib/next-task.ts';
import './styles/global.css';

/**
 * The start-up in short tasks (issue 28): the modules evaluate in the script's task (react-dom, the stores), i18next
 * is set up in a task of its own, and the app's first render runs in a transition (React renders in slices and
 * yields between them) started in a third. Until it commits, the home's first paint from the HTML stays.
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  initI18n();
  await nextTask();
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <Boot />
      </StrictMode>,
    ),
  );
}

captureMerchantFromUrl();
const root = document.getElementById('root');
if (root) void start(root);
