import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';

/**
 * SQLite compiled to WebAssembly (sql.js): Anki collections are SQLite files, read and written
 * in memory with no native build (docs/decisions/0061-anki-import-export.md). Loaded on first
 * use, once per process.
 */
let loading: Promise<initSqlJs.SqlJsStatic> | undefined;

export function sqlite(): Promise<initSqlJs.SqlJsStatic> {
  if (!loading) {
    const require = createRequire(import.meta.url);
    const wasm = require.resolve('sql.js/dist/sql-wasm.wasm');
    loading = initSqlJs({ locateFile: () => wasm }).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  }
  return loading;
}
