import { LANGUAGES, type Language } from '@wordhoard/shared';
import { ChevronDown } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useIsMobile } from '../../hooks/useMediaQuery';
import { cx } from '../../lib/classNames';
import { Flag } from '../Flag/Flag';
import { VISUALLY_HIDDEN } from '../utilities';
import { LANGUAGE_ENDONYMS } from './languageNames';
import styles from './LanguagePicker.module.css';

export interface LanguagePickerProps {
  /** The language in use. */
  value: Language;
  onChange: (language: Language) => void;
  /** Names the group of flags and the dropdown, e.g. "Interface language". */
  label: string;
  /** `row` on desktop, `dropdown` on phones; by default chosen by the viewport (768 px). */
  variant?: 'row' | 'dropdown';
  languages?: readonly Language[];
  className?: string;
}

interface VariantProps {
  value: Language;
  onChange: (language: Language) => void;
  label: string;
  languages: readonly Language[];
}

/** Desktop: a row of flag buttons; the current one is pressed. */
function FlagRow({ value, onChange, label, languages }: VariantProps) {
  return (
    <div role="group" aria-label={label} className={styles.row}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          className={styles.flagButton}
          aria-pressed={language === value}
          title={LANGUAGE_ENDONYMS[language]}
          onClick={() => {
            if (language !== value) onChange(language);
          }}
        >
          <Flag language={language} className={styles.rowFlag} />
          <span className={VISUALLY_HIDDEN} lang={language}>
            {LANGUAGE_ENDONYMS[language]}
          </span>
        </button>
      ))}
    </div>
  );
}

/**
 * Phones: a button with the current flag and language name that opens a listbox of the other
 * languages. Arrows, Home and End move, Enter or Space choose, Escape, Tab or a click
 * outside close it.
 */
function FlagDropdown({ value, onChange, label, languages }: VariantProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const labelId = useId();
  const others = languages.filter((language) => language !== value);
  const optionId = (language: Language) => `${listId}-${language}`;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };

  // Layout effects: focus moves and outside clicks are heard before the next input event with
  // any renderer (Preact, used in production, runs passive effects only after a frame).
  useLayoutEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  useLayoutEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const choose = (language: Language) => {
    close(true);
    onChange(language);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : others.length - 1);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = others.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    const current = others[active];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if ((event.key === 'Enter' || event.key === ' ') && current) {
      event.preventDefault();
      choose(current);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const activeLanguage = others[active];
  return (
    <div ref={rootRef} className={styles.dropdown}>
      <span id={labelId} className={VISUALLY_HIDDEN}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <Flag language={value} />
        <span className={styles.name} aria-hidden="true" lang={value}>
          {LANGUAGE_ENDONYMS[value]}
        </span>
        <span className={VISUALLY_HIDDEN}>
          {label}: <span lang={value}>{LANGUAGE_ENDONYMS[value]}</span>
        </span>
        <ChevronDown className={cx(styles.chevron, open && styles.chevronOpen)} aria-hidden="true" />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={activeLanguage ? optionId(activeLanguage) : undefined}
          className={styles.list}
          onKeyDown={onListKeyDown}
        >
          {others.map((language, index) => (
            // The listbox owns the keyboard (aria-activedescendant); options answer to pointers.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={language}
              id={optionId(language)}
              role="option"
              aria-selected={index === active}
              lang={language}
              className={cx(styles.option, index === active && styles.optionActive)}
              onClick={() => choose(language)}
              onPointerMove={() => setActive(index)}
            >
              <Flag language={language} />
              <span>{LANGUAGE_ENDONYMS[language]}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The interface-language picker of the landing page (SPEC §1): on desktop a row of flags, on
 * phones a dropdown listing the other languages. Every flag is named by its language in that
 * language. Presentational: the caller switches the language in `onChange`.
 */
export function LanguagePicker({
  value,
  onChange,
  label,
  variant,
  languages = LANGUAGES,
  className,
}: LanguagePickerProps) {
  const isMobile = useIsMobile();
  const shown = variant ?? (isMobile ? 'dropdown' : 'row');
  const props = { value, onChange, label, languages };
  return (
    <div className={cx(styles.picker, className)} data-variant={shown}>
      {shown === 'row' ? <FlagRow {...props} /> : <FlagDropdown {...props} />}
    </div>
  );
}
