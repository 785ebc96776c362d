import { addAreaTexts, byLanguage } from '../index.ts';
import { agentEn } from '../locales/agent.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof agentEn>>('../locales/*/agent.ts', { eager: true, import: 'default' }),
);

/** The `agent.*` texts (agent centre and contract popup), added when a page of the area loads (not on the first page). */
addAreaTexts('agent', { en: agentEn, ...translations });
