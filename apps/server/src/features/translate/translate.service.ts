import type { ContentLanguage } from '@wordhoard/shared';
import { AppError } from '../../domain/errors';

const CACHE_SIZE = 500;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const LANGUAGES_RETRY_MS = 60 * 1000;

/** `{ ja: ['en', …], … }` from LibreTranslate's language list; null when it is not one. */
function readPairs(value: unknown): Record<string, string[]> | null {
  if (!Array.isArray(value)) return null;
  const codes = value
    .map((entry: unknown) =>
      typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {},
    )
    .filter((entry) => typeof entry.code === 'string');
  if (codes.length === 0) return null;
  const all = codes.map((entry) => entry.code as string);
  const pairs: Record<string, string[]> = {};
  for (const entry of codes) {
    const targets = Array.isArray(entry.targets)
      ? entry.targets.filter((target): target is string => typeof target === 'string')
      : all;
    pairs[entry.code as string] = targets.filter((target) => target !== entry.code);
  }
  return pairs;
}

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

  /**
   * `timeoutMs` bounds each call, answer included (decision 0073): a lookup that must first
   * read the language list waits at most twice that.
   */
  constructor(
    private readonly options: { url: string | undefined; apiKey: string | undefined; timeoutMs: number },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  get available(): boolean {
    return this.options.url !== undefined;
  }

  private languageList: { pairs: Record<string, string[]> | null; expiresAt: number } | undefined;
  /** The list being fetched: requests meanwhile wait for it instead of asking again. */
  private languageRequest: Promise<Record<string, string[]> | null> | undefined;

  /**
   * The pairs the service translates, by source language (LibreTranslate's GET /languages:
   * `[{ code, targets }]`), kept for a day. Null when the service does not say (an older or
   * another compatible API): then every pair is tried, as before decision 0059.
   */
  async pairs(): Promise<Record<string, string[]> | null> {
    const { url } = this.options;
    if (!url) throw new AppError('TRANSLATION_UNAVAILABLE');
    const now = this.clock().getTime();
    if (this.languageList && this.languageList.expiresAt > now) return this.languageList.pairs;
    this.languageRequest ??= this.fetchPairs(url, now).finally(() => {
      this.languageRequest = undefined;
    });
    return this.languageRequest;
  }

  private async fetchPairs(url: string, now: number): Promise<Record<string, string[]> | null> {
    let pairs: Record<string, string[]> | null = null;
    let ttl = CACHE_TTL_MS;
    try {
      const response = await fetch(new URL('languages', url.endsWith('/') ? url : `${url}/`), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (response.ok) pairs = readPairs(await response.json());
    } catch {
      // Unreachable: ask again soon rather than in a day.
      ttl = LANGUAGES_RETRY_MS;
    }
    this.languageList = { pairs, expiresAt: now + ttl };
    return pairs;
  }

  /** Whether the service translates `from` → `to` (true when it does not say). */
  async supports(from: ContentLanguage, to: ContentLanguage): Promise<boolean> {
    if (from === to) return true;
    const pairs = await this.pairs();
    return pairs === null || (pairs[from]?.includes(to) ?? false);
  }

  async translate(word: string, from: ContentLanguage, to: ContentLanguage): Promise<string[]> {
    const { url, apiKey } = this.options;
    if (!url) throw new AppError('TRANSLATION_UNAVAILABLE');
    const text = word.trim();
    if (from === to || text === '') return [text];
    // A pair the service does not know has no suggestions: no request to fail (decision 0059).
    if (!(await this.supports(from, to))) return [];

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
        signal: AbortSignal.timeout(this.options.timeoutMs),
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
