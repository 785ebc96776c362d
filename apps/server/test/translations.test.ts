import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translated } from '../src/lib/translations.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 24, every text per language: promotions, member messages and announcements hold the merchant's default
 * text and the operator's other languages; a reader sees its language (the site's Language header), else the default.
 */

let t: TestApp;
let demo: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(() => t.close());

async function operator() {
  const admin = await createTestAdmin(t, { merchantCode: demo.code });
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}`, merchant: demo.code }, payload });
}

const read = (url: string, language?: string, p?: Player) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { merchant: demo.code, ...(language && { language }), ...(p && { authorization: `Bearer ${p.token}` }) },
  });

describe('the fallback rule', () => {
  it('the language’s translation when written whole, else the default text; never a mix of languages', () => {
    const row = {
      title: 'Default',
      content: '<p>default</p>',
      translations: { ty: { title: 'Mặc định', content: '<p>vi</p>' }, tl: { title: 'Pamagat', content: '' } },
    };
    expect(translated(row, 'ty')).toEqual({ title: 'Mặc định', content: '<p>vi</p>' });
    expect(translated(row, 'tl')).toEqual({ title: 'Default', content: '<p>default</p>' }); // half written: default
    expect(translated(row, 'en')).toEqual({ title: 'Default', content: '<p>default</p>' });
    expect(translated(row, undefined)).toEqual({ title: 'Default', content: '<p>default</p>' });
    expect(translated({ ...row, translations: JSON.stringify(row.translations) }, 'ty').title).toBe('Mặc định');
    expect(translated({ ...row, translations: null }, 'ty').title).toBe('Default');
  });
});

describe('texts per language', () => {
  it('a promotion: list and detail in the reader’s language, others fall back; staff read every language back', async () => {
    const admin = await operator();
    const created = await admin('POST', '/admin/api/promotions', {
      title: 'Weekend reload',
      content: '<p>Reload 50%</p>',
      translations: { tl: { title: 'Weekend reload (TL)', content: '<p>Reload 50% sa Sabado</p>' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json().value;
    expect(p.translations).toEqual({ tl: { title: 'Weekend reload (TL)', content: '<p>Reload 50% sa Sabado</p>' } });

    const title = async (language?: string) =>
      (await read('/wps/promotions', language)).json().value.list.find((x: { id: string }) => x.id === p.id).title;
    expect(await title('tl')).toBe('Weekend reload (TL)');
    expect(await title('TL')).toBe('Weekend reload (TL)'); // the header's case does not matter
    expect(await title('ty')).toBe('Weekend reload'); // no TY text: the default
    expect(await title('en')).toBe('Weekend reload');
    expect(await title()).toBe('Weekend reload');
    const detail = (await read(`/wps/promotions/${p.id}`, 'tl')).json().value;
    expect(detail).toMatchObject({ title: 'Weekend reload (TL)', content: '<p>Reload 50% sa Sabado</p>' });

    // a PUT replaces the texts: the TL one removed, a TY one added
    const updated = await admin('PUT', `/admin/api/promotions/${p.id}`, {
      title: 'Weekend reload',
      content: '<p>Reload 50%</p>',
      translations: { ty: { title: 'Nạp lại cuối tuần', content: '<p>Nạp 50%</p>' } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await title('tl')).toBe('Weekend reload');
    expect(await title('ty')).toBe('Nạp lại cuối tuần');
    // a PUT that does not name them keeps them; an empty object clears them
    await admin('PUT', `/admin/api/promotions/${p.id}`, { title: 'Weekend reload!', content: '<p>Reload 50%</p>' });
    expect(await title('ty')).toBe('Nạp lại cuối tuần');
    await admin('PUT', `/admin/api/promotions/${p.id}`, { title: 'Weekend reload', content: 'x', translations: {} });
    expect(await title('ty')).toBe('Weekend reload');
  });

  it('a member message and an agent announcement follow the same rule', async () => {
    const admin = await operator();
    const member = await newPlayer(t, demo);
    const sent = await admin('POST', '/admin/api/messages', {
      to: 'member',
      account: member.account,
      title: 'Your bonus',
      content: '<p>Credited</p>',
      translations: { ty: { title: 'Tiền thưởng', content: '<p>Đã cộng</p>' } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().value.id as string;
    const inbox = (language: string) => read('/wps/member/messages', language, member);
    expect((await inbox('ty')).json().value.list[0].title).toBe('Tiền thưởng');
    expect((await inbox('tl')).json().value.list[0].title).toBe('Your bonus');
    expect((await read(`/wps/member/messages/${id}`, 'ty', member)).json().value).toMatchObject({
      title: 'Tiền thưởng',
      content: '<p>Đã cộng</p>',
    });
    expect((await read(`/wps/member/messages/${id}`, 'en', member)).json().value.content).toBe('<p>Credited</p>');
    const listed = (await admin('GET', '/admin/api/messages'))
      .json()
      .value.list.find((m: { id: string }) => m.id === id);
    expect(listed.translations).toEqual({ ty: { title: 'Tiền thưởng', content: '<p>Đã cộng</p>' } });

    const ann = await admin('POST', '/admin/api/announcements', {
      audience: 'agents',
      title: 'New tiers',
      content: '<p>Tiers</p>',
      translations: { tl: { title: 'Bagong tier', content: '<p>Mga tier</p>' } },
    });
    expect(ann.statusCode, ann.body).toBe(200);
    const agent = await newPlayer(t, demo, { type: 1 });
    const annId = ann.json().value.id as string;
    expect((await read(`/wps/agent/announcements/${annId}`, 'tl', agent)).json().value.title).toBe('Bagong tier');
    expect((await read(`/wps/agent/announcements/${annId}`, 'ty', agent)).json().value.title).toBe('New tiers');
    const agentList = (await read('/wps/agent/announcements', 'tl', agent)).json().value.list;
    expect(agentList.find((a: { id: string }) => a.id === annId).title).toBe('Bagong tier');
  });

  it('refuses half-written or unknown languages with a clear code and writes nothing', async () => {
    const admin = await operator();
    const before = (await admin('GET', '/admin/api/promotions')).json().value.list.length;
    for (const translations of [
      { tl: { title: '', content: '<p>x</p>' } },
      { tl: { title: 'x' } },
      { xx: { title: 'x', content: 'y' } },
      { tl: 'text' },
    ]) {
      const r = await admin('POST', '/admin/api/promotions', { title: 'T', content: 'C', translations });
      expect(r.statusCode, JSON.stringify(translations)).toBe(400);
      expect(r.json().code).toBe('validation_failed');
    }
    const msg = await admin('POST', '/admin/api/messages', {
      to: 'all',
      title: 'T',
      content: 'C',
      translations: { ty: { title: 'x', content: '   ' } },
    });
    expect(msg.json().code).toBe('validation_failed');
    expect((await admin('GET', '/admin/api/promotions')).json().value.list.length).toBe(before);
  });
});
