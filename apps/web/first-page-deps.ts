import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
}

/**
 * Build step: the player app's lazy imports (its pages and popups, imported by src/main.tsx and src/app/App.tsx's
 * chunk) list for Vite's preloader only the files the first page has not loaded already. Vite names every static
 * dependency of each lazy page, React and the router included, in one table in the app chunk (`__vite__mapDeps`,
 * 4.8 KB): the preloader skips the loaded ones anyway, but the first page downloaded their names.
 */
export function firstPageDeps(entry = '/src/main.tsx', appModule = '/src/app/App.tsx') {
  /** Files of the first page: the entry, the app chunk and what they import statically (filled at generateBundle). */
  const loaded = new Set<string>();
  /** The two chunks whose lazy imports are trimmed: when they run, every file in `loaded` has run. */
  const hosts = new Set<string>();
  const plugin: Plugin = {
    name: 'sea-first-page-deps',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loaded.clear();
        hosts.clear();
        const chunks = Object.values(bundle).filter((c): c is ChunkLike & typeof c => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c as ChunkLike]));
        const visit = (c: ChunkLike) => {
          if (loaded.has(c.fileName)) return;
          loaded.add(c.fileName);
          for (const i of c.imports) {
            const dep = byName.get(i);
            if (dep) visit(dep);
          }
        };
        for (const id of [entry, appModule]) {
          const chunk = chunks.find((c) => c.moduleIds.some((m) => m.endsWith(id))) as ChunkLike | undefined;
          if (!chunk) throw new Error(`firstPageDeps: no chunk for ${id}`);
          hosts.add(chunk.fileName);
          visit(chunk);
        }
      },
    },
  };
  /** build.modulePreload.resolveDependencies: a lazy import's files less those the first page has loaded. */
  const resolveDependencies = (_file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) =>
    context.hostType === 'js' && hosts.has(context.hostId) ? deps.filter((d) => !loaded.has(d)) : deps;
  return { plugin, resolveDependencies };
}
