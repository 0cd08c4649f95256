import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  describe('with a recorded pronunciation', () => {
    const recording = '/api/media/9a1c7e52-3b4d-4f6a-8e2b-1c0d9f8e7a65';
    afterEach(() => vi.restoreAllMocks());

    it('plays the recording rather than the voice, even with no voice for the language', async () => {
      const played: string[] = [];
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
        played.push(this.src);
        return Promise.resolve();
      });
      const { user } = await renderWithProviders(<SpeakButton text="ネコ" lang="ja" audioUrl={recording} />);
      const button = screen.getByRole('button', { name: 'Listen to “ネコ”' });
      await user.click(button);

      expect(played).toEqual([`http://localhost:3000${recording}`]);
      expect(speech.spoken).toEqual([]);
      expect(button).toHaveAttribute('data-spoken-by', 'recording');
    });

    it('falls back to speech synthesis when the recording cannot be played', async () => {
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
        new DOMException('no supported source', 'NotSupportedError'),
      );
      speech.voices = [voice('Kyoko', 'ja-JP')];
      const { user } = await renderWithProviders(<SpeakButton text="ネコ" lang="ja" audioUrl={recording} />);
      const button = screen.getByRole('button', { name: 'Listen to “ネコ”' });
      await user.click(button);

      await vi.waitFor(() => expect(button).toHaveAttribute('data-spoken-by', 'synthesis'));
      expect(speech.spoken).toEqual([{ text: 'ネコ', lang: 'ja-JP', voice: 'Kyoko' }]);
    });
  });

  it('renders nothing where the browser has no speech synthesis', async () => {
    Reflect.deleteProperty(window, 'speechSynthesis');
    await renderWithProviders(<SpeakButton text="cat" lang="en" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
