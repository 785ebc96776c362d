import { afterEach, describe, expect, it, vi } from 'vitest';
import { depositEn } from './locales/deposit.ts';

// The site's entry sets i18next up in a task of its own, after the modules have evaluated (main.tsx, issue 28): the
// module itself must not, and what it is given before (an area's texts) must not be lost. A fresh copy of the
// module (the tests' set-up initialises the shared one).
describe('i18n set-up deferred to initI18n', () => {
  afterEach(() => {
    vi.resetModules();
  });

  it('does not initialise i18next when the module evaluates', async () => {
    vi.resetModules();
    const fresh = await import('./index.ts');
    expect(fresh.i18n.isInitialized).toBeFalsy();
    fresh.initI18n();
    expect(fresh.i18n.isInitialized).toBe(true);
    expect(fresh.i18n.t('home.jackpot')).not.toBe('home.jackpot');
  });

  it('keeps an area’s texts registered before the set-up and adds them with it', async () => {
    vi.resetModules();
    const fresh = await import('./index.ts');
    fresh.addAreaTexts('deposit', { en: depositEn });
    expect(fresh.i18n.isInitialized).toBeFalsy();
    fresh.initI18n();
    expect(fresh.i18n.t('deposit.title')).toBe(depositEn.title);
    // Idempotent: a second call changes nothing.
    fresh.initI18n();
    expect(fresh.i18n.t('deposit.title')).toBe(depositEn.title);
  });
});
