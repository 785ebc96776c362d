import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary, isChunkLoadError } from './ChunkErrorBoundary.tsx';

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('ChunkErrorBoundary', () => {
  it('recognises chunk load failures and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('offers a reload for a failed chunk', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ChunkErrorBoundary>
        <Throws error={new TypeError('Failed to fetch dynamically imported module: /assets/Promotions.js')} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'The page took too long to load' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
