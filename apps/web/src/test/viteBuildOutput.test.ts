// @vitest-environment node
import type { Logger, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';

/** What the production build prints: vite.config.ts's logger and its warning filter. */
const config = (viteConfig as (env: { command: 'build'; mode: string }) => UserConfig)({
  command: 'build',
  mode: 'production',
});

function printed(write: (logger: Logger) => void): string[] {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => lines.push(args.join(' '));
  try {
    write(config.customLogger!);
  } finally {
    console.log = original;
  }
  return lines;
}

describe('the web build output', () => {
  it('drops the list of every output file and keeps everything else', () => {
    const lines = printed((logger) => {
      logger.info('dist/assets/index-AbC123.js   12.34 kB │ gzip:  4.56 kB');
      logger.info(
        '\u001b[2mdist/\u001b[22m\u001b[36massets/vendor-x.js  \u001b[39m\u001b[1m\u001b[2m40.01 kB\u001b[22m',
      );
      logger.info('242 chunks (JS and CSS), 476.5 KB gzip total, largest: assets/vendor-x.js (40.0 KB gzip)');
      logger.info('✓ built in 2.51s');
    });
    expect(lines.join('\n')).not.toContain('index-AbC123.js');
    expect(lines.join('\n')).not.toContain('vendor-x.js  ');
    expect(lines.join('\n')).toContain('242 chunks (JS and CSS), 476.5 KB gzip total');
    expect(lines.join('\n')).toContain('✓ built in 2.51s');
  });

  it('silences only the expected useOptimistic warning of the Preact build', () => {
    const onLog = config.build?.rolldownOptions?.onLog as (
      level: string,
      log: { code?: string; message: string },
      handler: (level: string, log: unknown) => void,
    ) => void;
    const passed: unknown[] = [];
    const handler = (_level: string, log: unknown) => passed.push(log);
    const useOptimistic = {
      code: 'IMPORT_IS_UNDEFINED',
      message:
        "Import `useOptimistic` will always be undefined because there is no matching export in '../../node_modules/preact/compat/dist/compat.mjs'",
    };
    const other = {
      ...useOptimistic,
      message: useOptimistic.message.replace('useOptimistic', 'useActionState'),
    };
    const unrelated = { code: 'CIRCULAR_DEPENDENCY', message: 'Circular dependency: a -> b -> a' };
    onLog('warn', useOptimistic, handler);
    onLog('warn', other, handler);
    onLog('warn', unrelated, handler);
    expect(passed).toEqual([other, unrelated]);
  });
});
