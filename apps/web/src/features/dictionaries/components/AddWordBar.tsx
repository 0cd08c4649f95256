import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, TABULAR_NUMS } from '../../../shared/ui';
import styles from './AddWordBar.module.css';

interface AddWordBarProps {
  /** The dictionary holds as many words as the plan allows. */
  atLimit: boolean;
  /** The plan's words limit (Infinity for none). */
  limit: number;
  /** The words there will be once saved. */
  count: number;
  /** The new words not saved yet. */
  added: number;
  /** The id of the "at most … words" hint, for the button to point to. */
  limitHintId: string;
  onAdd: () => void;
}

/** Adding a word in the editor, with how many there are against the plan's limit. */
export function AddWordBar({ atLimit, limit, count, added, limitHintId, onAdd }: AddWordBarProps) {
  const { t } = useTranslation();
  const maxWords = t('Dictionaries.Editor.MaxWords');
  return (
    <div className={styles.add}>
      <Button
        variant="secondary"
        icon={<Plus />}
        disabled={atLimit}
        title={atLimit ? maxWords : undefined}
        aria-describedby={atLimit ? limitHintId : undefined}
        onClick={onAdd}
      >
        {t('Dictionaries.Editor.AddWord')}
      </Button>
      <span className={`${styles.count} ${TABULAR_NUMS}`}>
        {Number.isFinite(limit)
          ? t('Dictionaries.Editor.Count', { count, limit })
          : t('Dictionaries.WordsCount', { count })}
        {added > 0 && ` · ${t('Dictionaries.Editor.Unsaved', { count: added })}`}
      </span>
      {atLimit && (
        <p id={limitHintId} className={styles.limit}>
          {maxWords}
        </p>
      )}
    </div>
  );
}
