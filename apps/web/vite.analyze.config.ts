import { mergeConfig } from 'vite';
import base from './vite.config.ts';
import { writeFileSync } from 'node:fs';
export default mergeConfig(base, {
  plugins: [
    {
      name: 'analyze',
      generateBundle(_o: unknown, bundle: Record<string, any>) {
        const out: any[] = [];
        for (const [f, c] of Object.entries(bundle)) {
          if (c.type !== 'chunk') continue;
          const mods = Object.entries(c.modules as Record<string, { renderedLength: number }>)
            .map(([id, m]) => [id.replace(/.*node_modules\//, 'nm:').replace(/.*\/apps\/web\//, ''), m.renderedLength])
            .sort((a: any, b: any) => b[1] - a[1]);
          out.push({ f, size: c.code.length, imports: c.imports, dyn: c.dynamicImports, mods });
        }
        writeFileSync('/tmp/chunks.json', JSON.stringify(out, null, 1));
      },
    },
  ],
});
