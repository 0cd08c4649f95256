import type { PolicyDocumentId } from './policyPaths';

/**
 * The sections of each policy, in reading order. Their texts live in the locale files
 * (locales/<lng>/policies.json, `PolicyTexts.<document>.Sections.<section>`), one per language.
 */
export const POLICY_SECTIONS = {
  privacy: [
    'controller',
    'data',
    'purposes',
    'guests',
    'deletion',
    'processors',
    'cookies',
    'retention',
    'rights',
    'contact',
  ],
  cookie: ['summary', 'session', 'device', 'storage', 'notUsed', 'thirdParty', 'control', 'contact'],
  'terms-of-use': [
    'agreement',
    'service',
    'account',
    'guests',
    'content',
    'premium',
    'fairUse',
    'ending',
    'liability',
    'changes',
    'contact',
  ],
} as const satisfies Record<PolicyDocumentId, readonly string[]>;

/** When the texts last changed; shown at the top of every policy. */
export const POLICIES_UPDATED_AT = '2026-11-29';

/** The i18n key of each document's title (shared with the policy list and the footer area). */
export const POLICY_TITLE_KEYS = {
  cookie: 'Policies.Cookie',
  privacy: 'Policies.Privacy',
  'terms-of-use': 'Policies.Terms',
} as const satisfies Record<PolicyDocumentId, string>;

/** A block of a section's text: a paragraph or a bulleted list. */
export type PolicyBlock = { type: 'paragraph'; text: string } | { type: 'list'; items: string[] };

/**
 * Splits a section's text into blocks: lines starting with "- " form a list, any other
 * non-empty line is a paragraph of its own.
 */
export function parsePolicyText(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('- ')) {
      const last = blocks.at(-1);
      const item = line.slice(2).trim();
      if (last?.type === 'list') last.items.push(item);
      else blocks.push({ type: 'list', items: [item] });
    } else {
      blocks.push({ type: 'paragraph', text: line });
    }
  }
  return blocks;
}

/** A piece of inline text: plain, or the support address as a mailto link (`<mail>…</mail>`). */
export type InlinePart = { type: 'text'; text: string } | { type: 'mail'; text: string };

export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /<mail>(.*?)<\/mail>/g;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > index) parts.push({ type: 'text', text: text.slice(index, match.index) });
    parts.push({ type: 'mail', text: match[1] ?? '' });
    index = match.index + match[0].length;
  }
  if (index < text.length) parts.push({ type: 'text', text: text.slice(index) });
  return parts;
}
