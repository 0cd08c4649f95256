import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SpeakButton } from './SpeakButton';

/**
 * A stand-in for the browser's speech synthesis (jsdom has none): a voice list that can arrive
 * late, as in Chrome, and a record of what was spoken.
 */
class FakeSpeechSynthesis extends EventTarget {
  voices: Partial<SpeechSynthesisVoice>[] = [];
  spoken: { text: string; lang: string; voice: string | undefined }[] = [];
  cancelled = 0;
  getVoices() {
    return this.voices as SpeechSynthesisVoice[];
  }
  speak(utterance: SpeechSynthesisUtterance) {
    this.spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name });
  }
  cancel() {
    this.cancelled += 1;
  }
  setVoices(voices: Partial<SpeechSynthesisVoice>[]) {
    this.voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }
}

class FakeUtterance {
  voice: SpeechSynthesisVoice | null = null;
  lang = '';
  rate = 1;
  constructor(readonly text: string) {}
}

const voice = (name: string, lang: string, localService = true) => ({
  name,
  lang,
  localService,
  default: false,
});
let speech: FakeSpeechSynthesis;

beforeEach(() => {
  speech = new FakeSpeechSynthesis();
  Object.defineProperty(window, 'speechSynthesis', { value: speech, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'speechSynthesis');
  Reflect.deleteProperty(window, 'SpeechSynthesisUtterance');
});

describe('SpeakButton', () => {
  it('appears once voices load and reads the text with a voice of the language', async () => {
    const { user } = await renderWithProviders(<SpeakButton text="Mädchen" lang="de" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    act(() =>
      speech.setVoices([voice('Alice', 'en-GB'), voice('Remote', 'de-DE', false), voice('Anna', 'de_DE')]),
    );
    const button = screen.getByRole('button', { name: 'Listen to “Mädchen”' });
    await user.click(button);

    // A voice on the device is preferred to a remote one.
    expect(speech.spoken).toEqual([{ text: 'Mädchen', lang: 'de_DE', voice: 'Anna' }]);
    expect(speech.cancelled).toBe(1);
  });

  it('matches by language prefix only, so no voice means no button', async () => {
    speech.voices = [voice('Alice', 'en-GB'), voice('Ukrainian-ish', 'ukr')];
    await renderWithProviders(<SpeakButton text="кіт" lang="uk" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    act(() => speech.setVoices([voice('Lesya', 'uk-UA')]));
    expect(screen.getByRole('button', { name: 'Listen to “кіт”' })).toBeInTheDocument();
  });

  it('renders nothing where the browser has no speech synthesis', async () => {
    Reflect.deleteProperty(window, 'speechSynthesis');
    await renderWithProviders(<SpeakButton text="cat" lang="en" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
