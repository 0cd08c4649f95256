import { Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/classNames';
import { useVoice } from '../../speech/useVoice';
import styles from './SpeakButton.module.css';

interface SpeakButtonProps {
  text: string;
  /** The language of `text` (the dictionary's terms or definitions language). */
  lang: string | undefined;
  className?: string;
  /** The keyboard shortcut that reads it too, as `aria-keyshortcuts` has it (e.g. "P Alt+P"). */
  keyShortcuts?: string;
}

/**
 * Reads `text` aloud with the browser's speech synthesis in its language. Not rendered at all
 * where the device has no voice for that language: a button that cannot work is only noise.
 */
export function SpeakButton({ text, lang, className, keyShortcuts }: SpeakButtonProps) {
  const { t } = useTranslation();
  const { voice, speak } = useVoice(lang);
  if (!voice || text.trim() === '') return null;
  return (
    <button
      type="button"
      className={cx(styles.speak, className)}
      aria-label={t('Common.Speak', { text })}
      title={t('Common.SpeakTitle')}
      aria-keyshortcuts={keyShortcuts}
      onClick={() => speak(text)}
    >
      <Volume2 aria-hidden="true" />
    </button>
  );
}
