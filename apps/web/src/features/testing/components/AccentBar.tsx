import type { Language } from '@wordhoard/shared';
import { ArrowBigUp } from 'lucide-react';
import { useEffect, useId, useState, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { ACCENTS, UKRAINIAN_ALPHABET, capital, insertAtCaret } from '../model/accents';
import styles from './AccentBar.module.css';

interface AccentBarProps {
  /** The language the learner types in. */
  language: Language;
  input: RefObject<HTMLInputElement | null>;
  /** The field it types into (for `aria-controls`). */
  inputId: string;
  languageLabel: string;
}

/** Holding Shift shows capitals, as on a keyboard. */
function useShiftHeld(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const update = (event: KeyboardEvent) => setHeld(event.shiftKey);
    const release = () => setHeld(false);
    window.addEventListener('keydown', update);
    window.addEventListener('keyup', update);
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('keydown', update);
      window.removeEventListener('keyup', update);
      window.removeEventListener('blur', release);
    };
  }, []);
  return held;
}

/**
 * Buttons for the special letters of the expected language, under the answer field. They never
 * take the focus from it (mousedown is cancelled), insert at its caret and leave the caret after
 * the letter. ⇧ (or holding Shift) gives one capital.
 */
export function AccentBar({ language, input, inputId, languageLabel }: AccentBarProps) {
  const { t } = useTranslation();
  const [capsOnce, setCapsOnce] = useState(false);
  const [alphabet, setAlphabet] = useState(false);
  const shiftHeld = useShiftHeld();
  const alphabetId = useId();
  const letters = ACCENTS[language];
  if (letters.length === 0) return null;

  const upper = capsOnce !== shiftHeld;
  const shown = (letter: string) => (upper ? capital(letter, language) : letter);
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  const type = (letter: string, shiftKey: boolean) => {
    const field = input.current;
    if (!field) return;
    const text = capsOnce !== (shiftHeld || shiftKey) ? capital(letter, language) : letter;
    if (insertAtCaret(field, text)) setCapsOnce(false);
    field.focus();
  };

  const letterButton = (letter: string) => (
    <button
      key={letter}
      type="button"
      className={styles.letter}
      lang={language}
      aria-label={t('Testing.Accents.Insert', { letter: shown(letter) })}
      aria-controls={inputId}
      onMouseDown={keepFocus}
      onClick={(event) => type(letter, event.shiftKey)}
    >
      {shown(letter)}
    </button>
  );

  return (
    <div
      className={styles.bar}
      role="group"
      aria-label={t('Testing.Accents.Label', { language: languageLabel })}
    >
      <div className={styles.row}>
        <button
          type="button"
          className={cx(styles.letter, styles.shift, upper && styles.on)}
          aria-pressed={upper}
          aria-label={t('Testing.Accents.Capital')}
          title={t('Testing.Accents.Capital')}
          onMouseDown={keepFocus}
          onClick={() => setCapsOnce((on) => !on)}
        >
          <ArrowBigUp aria-hidden="true" />
        </button>
        {letters.map(letterButton)}
        {language === 'uk' && (
          <button
            type="button"
            className={styles.more}
            aria-expanded={alphabet}
            aria-controls={alphabetId}
            onMouseDown={keepFocus}
            onClick={() => setAlphabet((open) => !open)}
          >
            {alphabet ? t('Testing.Accents.HideAlphabet') : t('Testing.Accents.ShowAlphabet')}
          </button>
        )}
      </div>
      {language === 'uk' && (
        <div id={alphabetId} className={styles.row} hidden={!alphabet}>
          {alphabet && UKRAINIAN_ALPHABET.map(letterButton)}
        </div>
      )}
    </div>
  );
}
