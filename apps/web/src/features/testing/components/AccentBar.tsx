import type { ContentLanguage } from '@wordhoard/shared';
import { ArrowBigUp } from 'lucide-react';
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
  type Ref,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { UKRAINIAN_ALPHABET, accentsOf, capital, insertAtCaret } from '../lib/accents';
import { ACCENT_SHORTCUTS, accentCombo, ariaCombo } from '../lib/shortcuts';
import styles from './AccentBar.module.css';

/** Types the bar's letter at `index` as a click on it would; false when there is none. */
export interface AccentBarHandle {
  type: (index: number) => boolean;
}

interface AccentBarProps {
  /** The language the learner types in. */
  language: ContentLanguage;
  input: RefObject<HTMLInputElement | null>;
  /** The field it types into (for `aria-controls`). */
  inputId: string;
  languageLabel: string;
  /** Numbers the first letters for their shortcuts (decision 0052); `mac`: Control, else Alt. */
  shortcuts?: { mac: boolean };
  ref?: Ref<AccentBarHandle>;
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
export function AccentBar({ language, input, inputId, languageLabel, shortcuts, ref }: AccentBarProps) {
  const { t } = useTranslation();
  const [capsOnce, setCapsOnce] = useState(false);
  const [alphabet, setAlphabet] = useState(false);
  const shiftHeld = useShiftHeld();
  const alphabetId = useId();
  const barRef = useRef<HTMLDivElement>(null);
  // One Tab stop for the whole bar (the ARIA toolbar pattern): the arrow keys move inside it.
  const [current, setCurrent] = useState('shift');
  const letters = accentsOf(language);

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

  useImperativeHandle(ref, () => ({
    type: (index: number) => {
      const letter = letters[index];
      if (letter === undefined) return false;
      type(letter, false);
      return true;
    },
  }));
  if (letters.length === 0) return null;

  const roving = (key: string) => ({
    tabIndex: key === current ? 0 : -1,
    onFocus: () => setCurrent(key),
  });

  const moveFocus = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(barRef.current?.querySelectorAll('button') ?? [])];
    const index = buttons.findIndex((button) => button === document.activeElement);
    const last = buttons.length - 1;
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons[target]?.focus();
  };

  const letterButton = (letter: string, group: string, index?: number) => {
    const combo = shortcuts && index !== undefined && index < ACCENT_SHORTCUTS ? accentCombo(index) : null;
    return (
      <button
        key={letter}
        type="button"
        {...roving(`${group}:${letter}`)}
        className={styles.letter}
        lang={language}
        aria-label={t('Testing.Accents.Insert', { letter: shown(letter) })}
        aria-controls={inputId}
        aria-keyshortcuts={combo && shortcuts ? ariaCombo(combo, shortcuts.mac) : undefined}
        onMouseDown={keepFocus}
        onClick={(event) => type(letter, event.shiftKey)}
      >
        {shown(letter)}
        {combo && (
          <span className={styles.digit} aria-hidden="true">
            {combo.key}
          </span>
        )}
      </button>
    );
  };

  return (
    <div
      ref={barRef}
      className={styles.bar}
      role="toolbar"
      aria-label={t('Testing.Accents.Label', { language: languageLabel })}
      onKeyDown={moveFocus}
    >
      <div className={styles.row}>
        <button
          type="button"
          {...roving('shift')}
          className={cx(styles.letter, styles.shift, upper && styles.on)}
          aria-pressed={upper}
          aria-label={t('Testing.Accents.Capital')}
          title={t('Testing.Accents.Capital')}
          onMouseDown={keepFocus}
          onClick={() => setCapsOnce((on) => !on)}
        >
          <ArrowBigUp aria-hidden="true" />
        </button>
        {letters.map((letter, index) => letterButton(letter, 'accents', index))}
        {language === 'uk' && (
          <button
            type="button"
            {...roving('alphabet')}
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
          {alphabet && UKRAINIAN_ALPHABET.map((letter) => letterButton(letter, 'alphabet'))}
        </div>
      )}
    </div>
  );
}
