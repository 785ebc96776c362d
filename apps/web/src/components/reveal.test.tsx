import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useRevealCount } from './reveal.ts';

function List({ items, commits }: { items: string[]; commits: number[] }) {
  const shown = useRevealCount(items.length);
  useLayoutEffect(() => {
    commits.push(shown);
  });
  return (
    <ul>
      {items.slice(0, shown).map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

describe('useRevealCount', () => {
  it('renders the first item at once and each next one in a commit of its own, until all show', async () => {
    const commits: number[] = [];
    render(<List items={['a', 'b', 'c', 'd']} commits={commits} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a']);
    await screen.findByText('d');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(commits).toEqual([1, 2, 3, 4]);
  });

  it('shows a shorter list whole and stops there', async () => {
    const commits: number[] = [];
    render(<List items={['a']} commits={commits} />);
    await act(() => new Promise((r) => setTimeout(r, 250)));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(commits).toEqual([1]);
  });
});
