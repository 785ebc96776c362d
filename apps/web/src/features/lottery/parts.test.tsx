import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Countdown, onArrowKeys, rovingTab } from './parts.tsx';
import '../../i18n/areas/lottery.ts';

function Group() {
  const [on, setOn] = useState('b');
  return (
    <div role="radiogroup" aria-label="Bet type" onKeyDown={onArrowKeys}>
      {['a', 'b', 'c'].map((k) => (
        <button
          key={k}
          type="button"
          role="radio"
          aria-checked={on === k}
          tabIndex={rovingTab(on === k)}
          onClick={() => setOn(k)}
        >
          {k}
        </button>
      ))}
    </div>
  );
}

describe('lottery parts', () => {
  it('a bet-type group is one tab stop; arrows (wrapping), Home and End move and select', async () => {
    const user = userEvent.setup();
    render(<Group />);
    const checked = () => screen.getAllByRole('radio').find((r) => r.getAttribute('aria-checked') === 'true')!;
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'b' }));
    await user.keyboard('{ArrowRight}');
    expect([checked().textContent, document.activeElement?.textContent]).toEqual(['c', 'c']);
    await user.keyboard('{ArrowRight}');
    expect(checked().textContent).toBe('a');
    await user.keyboard('{ArrowUp}');
    expect(checked().textContent).toBe('c');
    await user.keyboard('{Home}');
    expect(checked().textContent).toBe('a');
    await user.keyboard('{End}');
    expect(checked().textContent).toBe('c');
    expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('a countdown past a day says the days', () => {
    render(<Countdown phase={{ phase: 'open', seconds: 3 * 86_400 + 10 * 3600 + 5 * 60 + 7 }} />);
    expect(screen.getByRole('timer').textContent).toContain('3 days 10:05:07');
  });
});
