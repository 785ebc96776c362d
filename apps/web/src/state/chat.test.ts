import type { ChatMessage } from '@sea/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { copySlip, takeCopiedSlip, useChat } from './chat.ts';

const msg = (id: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  room: 'lobby',
  name: 'ab***c',
  mine: false,
  text: `m${id}`,
  slip: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

describe('chat store', () => {
  beforeEach(() => useChat.getState().setRoom('lobby'));

  it("keeps the open room's messages once each; the sender's own copy wins whichever comes first", () => {
    const s = useChat.getState();
    s.received(msg('1'));
    s.received(msg('1'));
    s.received(msg('2', { room: 'elott-ssc-1m' })); // another room: ignored
    s.received(msg('3'));
    s.received(msg('3', { mine: true }));
    expect(useChat.getState().live.map((m) => [m.id, m.mine])).toEqual([
      ['1', false],
      ['3', true],
    ]);
    s.removed(['1']);
    expect([...useChat.getState().deleted]).toEqual(['1']);
    s.setRoom('elott-ssc-1m');
    expect(useChat.getState().live).toEqual([]);
  });

  it('hands a copied slip to its own game only, once', () => {
    copySlip({
      gameCode: 'elott-ssc-1m',
      bets: [{ code: 'ssc.bsoe.1', selection: { sides: ['big'] }, unitStake: '100' }],
    });
    expect(takeCopiedSlip('elott-k3-1m')).toBeNull();
    expect(takeCopiedSlip('elott-ssc-1m')?.bets).toHaveLength(1);
    expect(takeCopiedSlip('elott-ssc-1m')).toBeNull();
  });
});
