import type { Language } from '@wordhoard/shared';
import { useEffect, useState } from 'react';
import type english from './locales/en/policies.json';

/**
 * The policy texts, one file per language (locales/<lng>/policies.json). They are loaded only
 * when a policy is opened, not with the interface strings every screen needs at start.
 */
export type PolicyTexts = (typeof english)['PolicyTexts'];

const files = import.meta.glob<{ default: typeof english }>('./locales/*/policies.json');

export async function loadPolicyTexts(language: Language): Promise<PolicyTexts> {
  const load = files[`./locales/${language}/policies.json`];
  if (!load) throw new Error(`No policy texts for "${language}"`);
  return (await load()).default.PolicyTexts;
}

const loaded = new Map<Language, Promise<PolicyTexts>>();

/** Each language's texts are fetched once per page load. */
function policyTextsPromise(language: Language): Promise<PolicyTexts> {
  let promise = loaded.get(language);
  if (!promise) {
    promise = loadPolicyTexts(language);
    loaded.set(language, promise);
  }
  return promise;
}

/** The texts of `language`, or null while they load (or if they failed to). */
export function usePolicyTexts(language: Language): PolicyTexts | null {
  const [state, setState] = useState<{ language: Language; texts: PolicyTexts } | null>(null);
  useEffect(() => {
    let current = true;
    policyTextsPromise(language).then(
      (texts) => {
        if (current) setState({ language, texts });
      },
      () => {
        // A failed chunk load leaves the loading state; the next visit tries again.
        loaded.delete(language);
      },
    );
    return () => {
      current = false;
    };
  }, [language]);
  return state?.language === language ? state.texts : null;
}

/** Fills the `{{email}}` placeholder of a text. */
export function withEmail(text: string, email: string): string {
  return text.replaceAll('{{email}}', email);
}
