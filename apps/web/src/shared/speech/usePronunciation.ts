import { useCallback, useEffect, useRef } from 'react';
import { useVoice } from './useVoice';

/** What read a word aloud: its own recording, or the browser's speech synthesis. */
export type SpokenBy = 'recording' | 'synthesis';

/**
 * Reads a word aloud: its recorded pronunciation when it has one (an HTMLAudioElement), and
 * the browser's speech synthesis in `language` when it has none or the recording cannot be
 * played (gone, a format the browser lacks). `available` is false when neither can speak.
 */
export function usePronunciation(
  language: string | undefined,
  audioUrl: string | null | undefined,
): {
  available: boolean;
  say: (text: string) => Promise<SpokenBy | null>;
} {
  const { voice, speak } = useVoice(language);
  const playerRef = useRef<HTMLAudioElement | null>(null);

  // A recording still playing stops with the screen that played it.
  useEffect(
    () => () => {
      playerRef.current?.pause();
      playerRef.current = null;
    },
    [],
  );

  const say = useCallback(
    async (text: string): Promise<SpokenBy | null> => {
      if (audioUrl && typeof Audio !== 'undefined') {
        playerRef.current?.pause();
        const player = new Audio(audioUrl);
        playerRef.current = player;
        try {
          await player.play();
          return 'recording';
        } catch {
          // Falls through to speech synthesis.
        }
      }
      if (!voice) return null;
      speak(text);
      return 'synthesis';
    },
    [audioUrl, voice, speak],
  );

  return { available: Boolean(audioUrl) || voice !== null, say };
}
