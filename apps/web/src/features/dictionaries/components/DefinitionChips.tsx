import { splitDefinitions, type ContentLanguage } from '@wordhoard/shared';
import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dirOf } from '../../../shared/languages/contentLanguages';
import { Button } from '../../../shared/ui';
import { removeDefinition, startNextDefinition } from '../lib/wordEditor';
import styles from './WordEditorRow.module.css';

interface DefinitionChipsProps {
  /** The definitions as typed: a comma-separated list. */
  definitions: string;
  /** The word's name, for the list's label. */
  name: string;
  language?: ContentLanguage;
  onChange: (definitions: string) => void;
  /** Back to the definitions field, to type the definition just started. */
  focusDefinitions: () => void;
}

/** A chip per definition of a word in the editor, each with a way to delete it, and adding one. */
export function DefinitionChips({
  definitions,
  name,
  language,
  onChange,
  focusDefinitions,
}: DefinitionChipsProps) {
  const { t } = useTranslation();
  const list = splitDefinitions(definitions);
  return (
    <div className={styles.chipsRow}>
      {list.length > 0 && (
        <ul className={styles.chips} aria-label={t('Dictionaries.Editor.DefinitionsOf', { term: name })}>
          {list.map((definition, index) => (
            <li key={`${index}:${definition}`} className={styles.chip}>
              <span lang={language} dir={dirOf(language)}>
                {definition}
              </span>
              <button
                type="button"
                className={styles.chipDelete}
                aria-label={t('Dictionaries.Editor.DeleteDefinition', { definition })}
                onClick={() => onChange(removeDefinition(definitions, index))}
              >
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="ghost"
        size="sm"
        icon={<Plus />}
        onClick={() => {
          onChange(startNextDefinition(definitions));
          focusDefinitions();
        }}
      >
        {t('Dictionaries.Editor.AddDefinition')}
      </Button>
    </div>
  );
}
