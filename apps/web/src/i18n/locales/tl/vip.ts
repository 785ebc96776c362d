import type { Widen } from '../../widen.ts';
import type { vipEn } from '../vip.ts';

/** The VIP page in TL (Tagalog). */
export const vipTl: Widen<typeof vipEn> = {
  title: 'VIP',
  intro:
    'Ang iyong mga valid bet ay kumikita ng tier points na agad nagpapataas ng iyong VIP level. Bawat level ay may level-up reward, lingguhan at buwanang bonus, at mas mataas na rebate.',
  loadError: 'Hindi ma-load ang VIP page.',
  noLevels: 'Wala pang level ang VIP programme.',
  yourLevel: 'Ang iyong level',
  period: { month: 'Ngayong buwan', quarter: 'Ngayong quarter' },
  basis: { tier_points: 'Tier points', deposit: 'Mga deposito' },
  progressTo: 'Progreso patungong {{name}}',
  toNext: {
    tier_points: '{{amount}} pang tier points para maabot ang {{name}}',
    deposit: 'Mag-deposit pa ng {{amount}} para maabot ang {{name}}',
  },
  top: 'Naabot mo na ang pinakamataas na level.',
  keep: {
    tier_points:
      'Para mapanatili ang {{name}}, umabot ng {{amount}} tier points bago matapos ang panahon, kung hindi ay bababa ng isang level.',
    deposit:
      'Para mapanatili ang {{name}}, mag-deposit ng {{amount}} bago matapos ang panahon, kung hindi ay bababa ng isang level.',
  },
  rewardsWhere: 'Naghihintay sa reward centre ang mga level-up reward at bonus.',
  goRewards: 'Pumunta sa reward centre',
  benefits: 'Mga level at benepisyo',
  benefitsCaption: {
    tier_points: 'Mga threshold sa tier points bawat panahon',
    deposit: 'Mga threshold sa deposito bawat panahon',
  },
  level: 'Level',
  threshold: 'Para maabot',
  keepCol: 'Para mapanatili',
  levelUp: 'Level-up reward',
  weekly: 'Lingguhang bonus',
  monthly: 'Buwanang bonus',
  rebate: 'Dagdag na rebate',
  history: 'Kasaysayan ng level',
  noHistory: 'Wala pang pagbabago ng level.',
  change: { up: 'Tumaas: {{from}} → {{to}}', down: 'Bumaba: {{from}} → {{to}}' },
};

export default vipTl;
