import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');

/** The declarations of the first rule after `selector`, comments dropped. */
function declarations(selector: string): string[] {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThan(-1);
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  return body
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(';')
    .map((declaration) => declaration.trim())
    .filter(Boolean);
}

describe('tokens.css', () => {
  it('has the same dark theme for the device preference and for the chosen dark theme', () => {
    const byDevice = declarations(":root:not([data-theme='light'])");
    const chosen = declarations(":root[data-theme='dark']");

    expect(chosen).toContain('color-scheme: dark');
    expect(chosen.filter((declaration) => declaration.startsWith('--color-')).length).toBeGreaterThan(10);
    expect(chosen).toEqual(byDevice);
  });
});
