import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  await t?.close();
});

const iconOf = async (code: string) =>
  (
    await t.database.all
      .selectFrom('games')
      .select('icon_url')
      .where('merchant_id', '=', demo.id)
      .where('game_code', '=', code)
      .executeTakeFirstOrThrow()
  ).icon_url;

describe('the demo catalogue seed', () => {
  it("gives our fast lottery its own art, also on a database seeded with the demo vendor's picture; an operator's icon stays", async () => {
    expect(await iconOf('elott-ssc-1m')).toBe('/game-icons/elott-ssc.svg');
    expect(await iconOf('elott-k3-1m')).toBe('/game-icons/elott-k3.svg');
    // A database seeded before: the demo vendor's picture on our games; an operator changed one of them.
    await t.database.all
      .updateTable('games')
      .set({ icon_url: '/game-icons/demo-quickdraw.svg' })
      .where('merchant_id', '=', demo.id)
      .where('game_code', 'in', ['elott-ssc-3m', 'elott-k3-3m'])
      .execute();
    await t.database.all
      .updateTable('games')
      .set({ icon_url: 'https://cdn.example/own.png' })
      .where('merchant_id', '=', demo.id)
      .where('game_code', '=', 'elott-ssc-5m')
      .execute();
    await t.app.modules.games.seedDemo(demo);
    expect(await iconOf('elott-ssc-3m')).toBe('/game-icons/elott-ssc.svg');
    expect(await iconOf('elott-k3-3m')).toBe('/game-icons/elott-k3.svg');
    expect(await iconOf('elott-ssc-5m')).toBe('https://cdn.example/own.png');
    // The demo vendor's own quick draw keeps its picture.
    expect(await iconOf('demo-quickdraw')).toBe('/game-icons/demo-quickdraw.svg');
  });
});
