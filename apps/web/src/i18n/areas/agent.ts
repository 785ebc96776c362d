import { addAreaTexts } from '../index.ts';
import { agentEn, agentTy } from '../locales/agent.ts';

/** The `agent.*` texts (agent centre and contract popup), added when a page of the area loads (not on the first page). */
addAreaTexts('agent', { en: agentEn, ty: agentTy });
