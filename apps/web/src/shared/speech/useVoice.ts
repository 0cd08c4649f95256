import { useCallback, useSyncExternalStore } from 'react';

/** The browser's speech synthesis, when it has one (not in every browser or webview). */
function synthesis(): SpeechSynthesis | undefined {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;
}

/**
 * Other tags voices carry for a language: Norwegian voices say "nb" (Bokmål), older Android and
 * Java ones the withdrawn codes "iw" (Hebrew), "in" (Indonesian) and "ji" (Yiddish).
 */
const VOICE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  no: ['nb', 'nn'],
  nb: ['no'],
  he: ['iw'],
  id: ['in'],
  yi: ['ji'],
};

/**
 * The voice for `language` (a BCP-47 tag such as "de" or "pt-BR", or any ISO 639-1 code of a
 * dictionary, decision 0059): one whose tag starts with it (or with another code for it),
 * preferring the exact tag, then a voice on the device (it works offline), then the default.
 * None when the device has no voice for the language: the speak button is then not offered,
 * rather than reading Japanese with an English voice.
 */
export function pickVoice(
  voices: readonly SpeechSynthesisVoice[],
  language: string,
): SpeechSynthesisVoice | null {
  const wanted = language.toLowerCase();
  const tags = [wanted, ...(VOICE_ALIASES[wanted] ?? [])];
  const tagOf = (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().replaceAll('_', '-');
  const matching = voices.filter((voice) =>
    tags.some((tag) => tagOf(voice) === tag || tagOf(voice).startsWith(`${tag}-`)),
  );
  const score = (voice: SpeechSynthesisVoice) =>
    (tagOf(voice) === wanted ? 4 : 0) + (voice.localService ? 2 : 0) + (voice.default ? 1 : 0);
  return [...matching].sort((a, b) => score(b) - score(a))[0] ?? null;
}

/**
 * The voice list, shared by every speak button: one `voiceschanged` listener however many
 * buttons a long word list shows. Browsers fill the list asynchronously (Chrome only after
 * `voiceschanged`), so it is read again on each change.
 */
const voiceStore = (() => {
  let voices: readonly SpeechSynthesisVoice[] | null = null;
  const picked = new Map<string, SpeechSynthesisVoice | null>();
  const listeners = new Set<() => void>();
  const refresh = () => {
    voices = synthesis()?.getVoices() ?? [];
    picked.clear();
    for (const listener of listeners) listener();
  };
  return {
    subscribe: (listener: () => void) => {
      const speech = synthesis();
      if (listeners.size === 0) speech?.addEventListener('voiceschanged', refresh);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          speech?.removeEventListener('voiceschanged', refresh);
          voices = null;
          picked.clear();
        }
      };
    },
    voiceFor: (language: string): SpeechSynthesisVoice | null => {
      voices ??= synthesis()?.getVoices() ?? [];
      if (!picked.has(language)) picked.set(language, pickVoice(voices, language));
      return picked.get(language) ?? null;
    },
  };
})();

/** The voice for `language` and a function reading a text with it; no voice → null, speak does nothing. */
export function useVoice(language: string | undefined): {
  voice: SpeechSynthesisVoice | null;
  speak: (text: string) => void;
} {
  const voice = useSyncExternalStore(
    voiceStore.subscribe,
    () => (language ? voiceStore.voiceFor(language) : null),
    () => null,
  );
  const speak = useCallback(
    (text: string) => {
      const speech = synthesis();
      if (!speech || !voice) return;
      // A new word interrupts the one still being read.
      speech.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = 0.9;
      speech.speak(utterance);
    },
    [voice],
  );
  return { voice, speak };
}
