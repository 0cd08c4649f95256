import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../shared/ui';
import styles from './Suggestions.module.css';

interface SuggestionsProps {
  suggestions: readonly string[];
  pending: boolean;
  onPick: (suggestion: string) => void;
}

/** Translations of the term being typed; picking one adds it as a definition. */
export function Suggestions({ suggestions, pending, onPick }: SuggestionsProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className={styles.suggestions} aria-live="polite">
      {pending ? (
        <span className={styles.label}>
          <Spinner size="sm" />
          {t('Dictionaries.Editor.LookingUp')}
        </span>
      ) : (
        suggestions.length > 0 && (
          <>
            <span id={labelId} className={styles.label}>
              {t('Dictionaries.Editor.Suggestions')}
            </span>
            <ul className={styles.list} aria-labelledby={labelId}>
              {suggestions.map((suggestion) => (
                <li key={suggestion}>
                  <Button
                    variant="secondary"
                    size="sm"
                    icon={<Plus />}
                    aria-label={t('Dictionaries.Editor.AddSuggestion', { suggestion })}
                    onClick={() => onPick(suggestion)}
                  >
                    {suggestion}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )
      )}
    </div>
  );
}
