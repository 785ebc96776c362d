import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns EBADENGINE for every locked package whose `engines.node` excludes the running Node. The lockfile
 * must install cleanly on the Node the project names (package.json engines, README): newer majors that need
 * Node 22 are pinned down through `overrides`.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<string, { version?: string; engines?: unknown; os?: string[]; cpu?: string[]; link?: boolean }>;
};
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } };

/** npm skips optional packages built for another platform (`os`/`cpu` lists, `!x` excludes); those never warn. */
const fits = (list: string[] | undefined, value: string) =>
  !list || (list.some((x) => !x.startsWith('!')) ? list.includes(value) : !list.includes(`!${value}`));
const forThisPlatform = (os?: string[], cpu?: string[]) => fits(os, process.platform) && fits(cpu, process.arch);

export function engineProblems(node: string): string[] {
  const problems: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.link) continue;
    const range = (entry.engines as { node?: string } | undefined)?.node;
    if (!range || !forThisPlatform(entry.os, entry.cpu)) continue;
    if (!semver.satisfies(node, range, { includePrerelease: true }))
      problems.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${range}`);
  }
  return problems;
}

describe('package-lock.json engines', () => {
  it('runs on this Node without EBADENGINE', () => {
    expect(engineProblems(process.version)).toEqual([]);
  });

  it('runs on the oldest Node the project declares', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    expect(engineProblems(oldest)).toEqual([]);
  });
});
