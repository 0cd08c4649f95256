import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDotEnv } from '../startup';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `# NAME=value` entries of .env.example, with the comment line above each. */
function exampleEntries() {
  const lines = readFileSync(path.join(root, '.env.example'), 'utf8').split('\n');
  return lines.flatMap((line, index) => {
    const match = /^# ([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return match ? [{ name: match[1]!, value: match[2]!, comment: lines[index - 1] ?? '' }] : [];
  });
}

describe('.env.example', () => {
  it('lists every variable the configuration reads, and no other', () => {
    expect(
      exampleEntries()
        .map((entry) => entry.name)
        .sort(),
    ).toEqual([...ENV_VARIABLES].sort());
  });

  it('explains each variable and shows its real default', () => {
    const defaults = loadConfig({});
    for (const { name, value, comment } of exampleEntries()) {
      expect(comment, name).toMatch(/^# \S/);
      expect(comment, name).not.toMatch(/^# [A-Z][A-Z0-9_]*=/);
      if (value !== '') expect(loadConfig({ [name]: value }), name).toEqual(defaults);
    }
  });
});

describe('.env', () => {
  let dir: string | undefined;
  const saved = { ...process.env };
  afterEach(async () => {
    for (const name of Object.keys(process.env))
      if (!(name in saved)) Reflect.deleteProperty(process.env, name);
    Object.assign(process.env, saved);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is read from the directory when present; the real environment wins', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-dotenv-'));
    expect(loadDotEnv(dir)).toBeUndefined();
    await writeFile(path.join(dir, '.env'), 'WORDHOARD_TEST_FROM_FILE=file\nWORDHOARD_TEST_REAL=file\n');
    process.env.WORDHOARD_TEST_REAL = 'real';
    expect(loadDotEnv(dir)).toBe(path.join(dir, '.env'));
    expect(process.env.WORDHOARD_TEST_FROM_FILE).toBe('file');
    expect(process.env.WORDHOARD_TEST_REAL).toBe('real');
  });
});

describe('a malformed DATABASE_URL', () => {
  it('is named in the error without its password', () => {
    const bad = () => loadConfig({ DATABASE_URL: 'postgres://user:s3cret@host:99999/wordhoard' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/DATABASE_URL .*"postgres:\/\/user:\*\*\*@host:99999\/wordhoard"/);
    expect(bad).not.toThrow(/s3cret/);
  });
});
