// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';

const WEB = path.join(__dirname, '../..');

/**
 * Dictionaries take any ISO 639-1 language while the interface speaks seven: a sentence that
 * names seven languages must be about the app or its interface, never about what a learner can
 * collect (the landing motto once sold "words in seven languages").
 */
const RULES: Record<Language, { seven: RegExp; aboutTheApp: RegExp }> = {
  en: { seven: /\bseven languages\b/i, aboutTheApp: /\b(app|interface)\b/i },
  uk: { seven: /(сім|сімома|семи) мов/i, aboutTheApp: /(застосун|інтерфейс)/i },
  de: { seven: /sieben Sprachen/i, aboutTheApp: /\b(App|Oberfläche)\b/i },
  fr: { seven: /sept langues/i, aboutTheApp: /\b(application|interface)\b/i },
  es: { seven: /siete idiomas/i, aboutTheApp: /\b(aplicación|interfaz)\b/i },
  it: { seven: /sette lingue/i, aboutTheApp: /\b(app|interfaccia)\b/i },
  pl: { seven: /(siedmiu|siedem) (wersji )?języ/i, aboutTheApp: /(aplikacj|interfejs)/i },
};

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

/** Every locale file of the web app for `language`, as "file: key" → text. */
function localeStrings(language: Language): [string, string][] {
  const folders = [
    path.join(WEB, 'src/shared/i18n/locales', language),
    ...readdirSync(path.join(WEB, 'src/features')).map((feature) =>
      path.join(WEB, 'src/features', feature, 'locales', language),
    ),
  ];
  return folders.flatMap((folder) => {
    let files: string[];
    try {
      files = readdirSync(folder).filter((file) => file.endsWith('.json'));
    } catch {
      return [];
    }
    return files.flatMap((file) =>
      leaves(JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Tree, `${file}: `),
    );
  });
}

/** The sentences of `text` that claim seven languages without saying it is the app's. */
function overclaims(language: Language, text: string): string[] {
  const { seven, aboutTheApp } = RULES[language];
  return text
    .split(/(?<=[.!?])\s+|\n/)
    .filter((sentence) => seven.test(sentence) && !aboutTheApp.test(sentence));
}

describe('public copy', () => {
  it.each(LANGUAGES)('%s never limits dictionaries to seven languages', (language) => {
    const strings = localeStrings(language);
    expect(strings.length).toBeGreaterThan(100);
    const wrong = strings.flatMap(([key, text]) =>
      overclaims(language, text).map((sentence) => `${key} → ${sentence}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the web manifest and the page description say dictionaries take any language', () => {
    const config = readFileSync(path.join(WEB, 'vite.config.ts'), 'utf8');
    const manifest = /const WEB_APP_MANIFEST[\s\S]*?description:\s*'([^']+)'/.exec(config)?.[1];
    const html = readFileSync(path.join(WEB, 'index.html'), 'utf8');
    const meta = /<meta\s+name="description"\s+content="([^"]+)"/.exec(html)?.[1];
    for (const text of [manifest, meta]) {
      expect(text).toMatch(/any language/);
      expect(overclaims('en', text ?? '')).toEqual([]);
    }
  });
});
