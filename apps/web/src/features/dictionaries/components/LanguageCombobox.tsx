import type { ContentLanguage } from '@wordhoard/shared';
import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import {
  filterContentLanguages,
  useContentLanguageOptions,
  type ContentLanguageOption,
} from '../../../shared/languages/contentLanguages';
import { VISUALLY_HIDDEN } from '../../../shared/ui';
import { FieldMessages, describedBy } from '../../../shared/ui/fields/FieldMessages';
import fieldStyles from '../../../shared/ui/fields/fields.module.css';
import styles from './LanguageCombobox.module.css';

interface LanguageComboboxProps {
  label: string;
  value: ContentLanguage;
  onChange: (language: ContentLanguage) => void;
  onBlur?: () => void;
  /** A message or an encoded i18n key from the shared validation rules. */
  error?: string;
  name?: string;
}

/**
 * A searchable list of every content language (ISO 639-1, decision 0059), in the ARIA 1.2
 * "combobox with listbox popup" pattern: typing filters by the name in the interface language,
 * the language's own name, the English name or the code ("jap", "日本", "япон" find Japanese);
 * ↓ ↑ Home End move in the list, Enter chooses, Escape closes it and then restores the choice.
 * The focus stays in the field; the list's current option is its aria-activedescendant.
 */
export function LanguageCombobox({ label, value, onChange, onBlur, error, name }: LanguageComboboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const options = useContentLanguageOptions();
  const selected = options.find((option) => option.code === value);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const matches = useMemo(() => filterContentLanguages(options, query ?? ''), [options, query]);
  const activeOption = open ? matches[Math.min(active, matches.length - 1)] : undefined;
  const optionId = (option: ContentLanguageOption) => `${id}-option-${option.code}`;

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
    // Keep the current option in view as the arrows move through a long list.
    requestAnimationFrame(() => {
      const option = matches[index];
      const element = option ? document.getElementById(optionId(option)) : null;
      // Not every DOM has it (jsdom does not).
      if (element && typeof element.scrollIntoView === 'function')
        element.scrollIntoView({ block: 'nearest' });
    });
  };
  const choose = (option: ContentLanguageOption) => {
    onChange(option.code);
    setQuery(null);
    setOpen(false);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const last = matches.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          const current = matches.findIndex((option) => option.code === value);
          show(Math.max(current, 0));
        } else show(Math.min(active + 1, last));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) show(Math.max(active - 1, 0));
        else
          show(
            Math.max(
              matches.findIndex((option) => option.code === value),
              0,
            ),
          );
        break;
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        show(event.key === 'Home' ? 0 : last);
        break;
      case 'Enter':
        if (!open) return;
        // Enter picks the option; it does not submit the form.
        event.preventDefault();
        if (activeOption) choose(activeOption);
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      default:
        break;
    }
  };

  const shownText = query ?? selected?.name ?? value;

  return (
    <div className={cx(fieldStyles.field, styles.field)}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.box}>
        <input
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          className={cx(fieldStyles.control, styles.input)}
          value={shownText}
          {...describedBy(hintId, errorId, undefined, error)}
          onFocus={(event) => event.currentTarget.select()}
          onClick={(event) => {
            if (open) return;
            // Typing then replaces the shown name, as after a Tab into the field.
            event.currentTarget.select();
            show(
              Math.max(
                matches.findIndex((option) => option.code === value),
                0,
              ),
            );
          }}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            // A click on an option lands in the list: it chooses before the list closes.
            if (listRef.current?.contains(event.relatedTarget)) return;
            close();
            onBlur?.();
          }}
        />
        <ChevronDown className={styles.chevron} aria-hidden="true" />
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          tabIndex={-1}
          hidden={!open}
          className={styles.list}
        >
          {matches.map((option) => (
            // The keyboard chooses through the field (aria-activedescendant), not on the option.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.code}
              id={optionId(option)}
              role="option"
              aria-selected={option.code === value}
              className={cx(styles.option, option === activeOption && styles.active)}
              // Keep the focus in the field; the click chooses.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span className={styles.name}>{option.name}</span>
              {option.native && (
                <span className={styles.native} lang={option.code}>
                  {option.native}
                </span>
              )}
              <span className={styles.code}>{option.code}</span>
            </li>
          ))}
        </ul>
        {/* Always there, so that screen readers hear the message when it appears. */}
        <p className={cx(styles.empty, !(open && matches.length === 0) && VISUALLY_HIDDEN)} role="status">
          {open && matches.length === 0
            ? t('Dictionaries.LanguagePicker.NoMatch', { query: query ?? '' })
            : ''}
        </p>
      </div>
      <FieldMessages hintId={hintId} errorId={errorId} error={error} />
    </div>
  );
}
