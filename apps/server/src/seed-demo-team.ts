import { type ContractOfferRequest, contractOfferRequest, gameListQuery } from '@sea/contracts';
import type { Modules } from './app.ts';
import type { Merchant } from './http/principals.ts';
import { CONTRACT_TYPES, termsOf } from './modules/contracts/index.ts';
import { type DemoHistory, demoDeposit, seedDemoHistory } from './seed-demo-history.ts';

/** The demo agent's login (agent area: /agentHome) and the password of every account of its team. */
export const DEMO_AGENT = { account: 'demoagent', password: 'demo password 1' };

/**
 * The demo agent and a three-level team with money and bets, made through the real faces: members through the
 * members face (closure rows with them), deposits through the sandbox gateway (order, signed callback, ledger
 * credit), bets as rounds of our own slot (house face → seamless wallet → ledger), then one roll-up pass so the
 * agent centre has figures at once. Idempotent: nothing is made when the demo agent exists.
 *
 *   demoagent (12.0) ─┬─ demoplayer1, demoplayer2
 *                     └─ demosub (11.0, agent) ─┬─ demoplayer3
 *                                               └─ demosub2 (10.0, agent) ── demoplayer4, demoplayer5
 *
 * Contracts, through the contracts face as the house and the agents would make them: the house offers demoagent
 * a daily wage (DEMO_DAILY_WAGE) and a daily dividend, demoagent accepts both; demoagent offers demosub a monthly
 * dividend, demosub accepts. Then each contract type's settlement runs once through the same entry its job uses:
 * it pays the periods already over. Without `history` there are none (the team's bets are of today, so the first
 * daily wage is paid by the job once the merchant's day is over; the e2e test moves the clock there); with it
 * (`npm start`, seed-demo-history.ts) the team and its contracts are made `history.days` days ago and those days
 * are lived through first, so the agent centre opens on a month of figures, wages and dividends.
 */
export async function seedDemoTeam(
  modules: Pick<
    Modules,
    'merchants' | 'members' | 'deposits' | 'games' | 'house' | 'agents' | 'contracts' | 'announcements' | 'ledger'
  >,
  merchantCode: string,
  opts: { history?: DemoHistory } = {},
): Promise<void> {
  const merchant = await modules.merchants.findByCode(merchantCode);
  if (!merchant || (await modules.members.findByAccount(merchant.id, DEMO_AGENT.account))) return;
  // The team and its contracts: at the first day of the history when there is one (seed-demo-history.ts).
  const start = async () => {
    const team = await makeTeam(modules, merchant);
    await seedContracts(modules, merchant, team.top, team.sub);
    return team;
  };
  const { players } = opts.history ? await seedDemoHistory(modules, merchant, opts.history, start) : await start();

  // Today: a deposit and a few slot rounds each, so today's figures are not empty either.
  const slot = (
    await modules.games.list(merchant, gameListQuery.parse({ vassalage: 'SEA', gameType: 'RNG', pageSize: 50 }))
  ).content.find((g) => g.gameCode === 'slot-lucky-dragon');
  for (const [i, p] of players.entries()) {
    // Without the sandbox gateway (production settings) the team simply has no deposits.
    await demoDeposit(modules, merchant, p.id, String(500 + 250 * i), `demo-team-deposit-${p.id}`).catch(
      () => undefined,
    );
    if (!slot) continue;
    const launched = await modules.games.launch(
      merchant,
      { memberId: p.id, isTrial: false },
      { nodeId: String(slot.nodeId), freePlay: false, device: 'desktop' },
    );
    const token = new URL(launched.url, 'http://seed').searchParams.get('token') ?? '';
    // As the game page does: the session read commits the member's first seed pair before any round.
    await modules.house.session(merchant, token);
    for (let r = 0; r < 3 + i; r++) {
      await modules.house.play(merchant, token, {
        requestId: `demo-team-${p.id}-${r}`,
        bet: { lines: 20, betLevel: 1 },
      });
    }
  }
  await modules.agents.runRollup();
  // The jobs' own entry (undefined only where no team figures are wired).
  for (const type of CONTRACT_TYPES) await modules.contracts.settle?.(type);
}

/** The demo agent and its three-level team (members through the members face, closure rows with them). */
async function makeTeam(modules: Pick<Modules, 'members'>, merchant: Merchant) {
  const agentType = merchant.agentTypes[0] ?? 1;
  const make = async (account: string, upline: { id: bigint } | null, agent: boolean, rebatePoint = '0') =>
    modules.members.create({
      merchant,
      account,
      password: DEMO_AGENT.password,
      type: agent ? agentType : 0,
      nickname: account,
      uplineId: upline?.id ?? null,
      rebatePoint,
    });
  const top = await make(DEMO_AGENT.account, null, true, '12.0');
  const sub = await make('demosub', top, true, '11.0');
  const sub2 = await make('demosub2', sub, true, '10.0');
  const players = [
    await make('demoplayer1', top, false),
    await make('demoplayer2', top, false),
    await make('demoplayer3', sub, false),
    await make('demoplayer4', sub2, false),
    await make('demoplayer5', sub2, false),
  ];
  return { top, sub, players };
}

/** demoagent's daily wage from the house (1 % from 100 of team valid bet a day, 2 % from 1,000, 3 % from 10,000). */
export const DEMO_DAILY_WAGE = [
  { minValidBet: '100', minActive: 0, rate: '1' },
  { minValidBet: '1000', minActive: 0, rate: '2' },
  { minValidBet: '10000', minActive: 0, rate: '3' },
];
const DIVIDEND = (scale: number) =>
  [1, 2, 3].map((k) => ({
    minValidBet: String(100 * k),
    minActive: k,
    minProfit: String(50 * k),
    rate: String(scale * k),
  }));

async function seedContracts(
  modules: Pick<Modules, 'contracts'>,
  merchant: Merchant,
  top: { id: bigint; type: number },
  sub: { id: bigint; type: number; account: string },
) {
  const c = modules.contracts;
  const asMember = (m: { id: bigint; type: number }) => ({ memberId: m.id, type: m.type });
  const house = async (req: Omit<ContractOfferRequest, 'downlineAccount'>) => {
    const terms = termsOf(merchant, contractOfferRequest.parse({ ...req, downlineAccount: DEMO_AGENT.account }));
    const offer = await c.offerFromHouse(merchant, top.id, terms);
    await c.accept(merchant, asMember(top), BigInt(offer.id));
  };
  await house({ type: 'daily_wage', tiers: DEMO_DAILY_WAGE });
  // Daily: each day the team ends below zero pays (a monthly one would pay once a month, on a month of history).
  await house({ type: 'dividend', period: 'daily', tiers: DIVIDEND(10) });
  const offer = await c.offer(
    merchant,
    asMember(top),
    contractOfferRequest.parse({
      downlineAccount: sub.account,
      type: 'dividend',
      period: 'monthly',
      tiers: DIVIDEND(5),
    }),
  );
  await c.accept(merchant, asMember(sub), BigInt(offer.id));
}
