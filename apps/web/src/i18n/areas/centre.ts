import { addAreaTexts } from '../index.ts';
import { centreEn, centreTy } from '../locales/centre.ts';

/** The member centre's own texts (`centre.agentOnly.*`), added to the `centre.*` section when its page loads. */
addAreaTexts('centre', { en: centreEn, ty: centreTy });
