import type { Language } from '@wordhoard/shared';
import { AppError } from '../../domain/errors';

const TIMEOUT_MS = 5_000;
const CACHE_SIZE = 500;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

interface LibreTranslateAnswer {
  translatedText?: unknown;
  alternatives?: unknown;
}

/**
 * Suggestions for the word editor from a LibreTranslate-compatible API, behind a timeout and a
 * small LRU cache (the same word is often looked up while typing and re-typing).
 */
export class TranslateService {
  private readonly cache = new Map<string, { translations: string[]; expiresAt: number }>();

  constructor(
    private readonly options: { url: string | undefined; apiKey: string | undefined },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  get available(): boolean {
    return this.options.url !== undefined;
  }

  async translate(word: string, from: Language, to: Language): Promise<string[]> {
    const { url, apiKey } = this.options;
    if (!url) throw new AppError('TRANSLATION_UNAVAILABLE');
    const text = word.trim();
    if (from === to || text === '') return [text];

    const key = `${from}:${to}:${text.toLocaleLowerCase()}`;
    const now = this.clock().getTime();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) {
      // Re-insert: a Map keeps insertion order, so the oldest entry is always first.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.translations;
    }

    let answer: LibreTranslateAnswer;
    try {
      const response = await fetch(new URL('translate', url.endsWith('/') ? url : `${url}/`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: text,
          source: from,
          target: to,
          format: 'text',
          alternatives: 3,
          ...(apiKey ? { api_key: apiKey } : {}),
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`translation API answered ${response.status}`);
      answer = (await response.json()) as LibreTranslateAnswer;
    } catch {
      throw new AppError('TRANSLATION_UNAVAILABLE');
    }

    const alternatives: unknown[] = Array.isArray(answer.alternatives) ? answer.alternatives : [];
    const candidates = [answer.translatedText, ...alternatives];
    const translations = [
      ...new Set(
        candidates.filter((item): item is string => typeof item === 'string').map((item) => item.trim()),
      ),
    ].filter((item) => item !== '');

    this.cache.set(key, { translations, expiresAt: now + CACHE_TTL_MS });
    if (this.cache.size > CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return translations;
  }
}
