import { Volume2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/classNames';
import { usePronunciation, type SpokenBy } from '../../speech/usePronunciation';
import styles from './SpeakButton.module.css';

interface SpeakButtonProps {
  text: string;
  /** The language of `text` (the dictionary's terms or definitions language). */
  lang: string | undefined;
  className?: string;
  /** The keyboard shortcut that reads it too, as `aria-keyshortcuts` has it (e.g. "P Alt+P"). */
  keyShortcuts?: string;
  /** The word's recorded pronunciation, played first (speech synthesis if it cannot be). */
  audioUrl?: string | null;
}

/**
 * Reads `text` aloud: the word's own recording when it has one, else the browser's speech
 * synthesis in its language. Not rendered at all where neither can speak (no recording and no
 * voice for that language on the device): a button that cannot work is only noise.
 * `data-spoken-by` tells what spoke last ("recording" or "synthesis").
 */
export function SpeakButton({ text, lang, className, keyShortcuts, audioUrl }: SpeakButtonProps) {
  const { t } = useTranslation();
  const { available, say } = usePronunciation(lang, audioUrl);
  const [spokenBy, setSpokenBy] = useState<SpokenBy | null>(null);
  if (!available || text.trim() === '') return null;
  return (
    <button
      type="button"
      className={cx(styles.speak, className)}
      aria-label={t('Common.Speak', { text })}
      title={t('Common.SpeakTitle')}
      aria-keyshortcuts={keyShortcuts}
      data-spoken-by={spokenBy ?? undefined}
      onClick={() => void say(text).then(setSpokenBy)}
    >
      <Volume2 aria-hidden="true" />
    </button>
  );
}
