import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePoll, useTableEvents } from './use-poll.ts';

type Follow = (tables: readonly string[], onChange: () => void, onLive: (live: boolean) => void) => () => void;

/** A table page in small: reads the table, follows it by pushes, polls slowly only while pushes arrive. */
function Table(props: { follow: Follow; load: () => Promise<{ serverTime: string; n: number }> }) {
  const live = useTableEvents(props.follow, ['BAC-1'], () => poll.refresh());
  const poll = usePoll(props.load, live ? 60_000 : 30_000, 'BAC-1');
  return (
    <p>
      {live ? 'live' : 'polling'} · read {poll.data?.n ?? 0}
    </p>
  );
}

describe('a table followed by pushed events', () => {
  it('reads again on each push, says whether pushes arrive, and stops following when it closes', async () => {
    let n = 0;
    const load = vi.fn(async () => ({ serverTime: new Date().toISOString(), n: ++n }));
    const stop = vi.fn();
    let push: (() => void) | undefined;
    let setLive: ((live: boolean) => void) | undefined;
    const follow = vi.fn<Follow>((tables, onChange, onLive) => {
      expect(tables).toEqual(['BAC-1']);
      push = onChange;
      setLive = onLive;
      return stop;
    });
    const view = render(<Table follow={follow} load={load} />);
    await screen.findByText('polling · read 1');
    act(() => setLive!(true));
    // The slower pace restarts the poll (one read), then each push reads the table at once.
    await screen.findByText('live · read 2');
    act(() => push!());
    await screen.findByText('live · read 3');
    act(() => push!());
    await screen.findByText('live · read 4');
    act(() => setLive!(false));
    await screen.findByText('polling · read 5');
    expect(follow).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
