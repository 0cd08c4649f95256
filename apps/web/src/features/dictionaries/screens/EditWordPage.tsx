import { MAX_EXAMPLES, type Word } from '@wordhoard/shared';
import { CircleExclamationPoint } from 'lucide-react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/http';
import { languageProps } from '../../../shared/languages/contentLanguages';
import { Button, Card, LoadingIndicator, Page, TextAreaField, TextField } from '../../../shared/ui';
import { useDictionaryInfo, useUpdateDictionary } from '../api/dictionaries';
import { useWord } from '../api/word';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { WordMedia } from '../components/WordMedia';
import {
  duplicateTermMessage,
  hasErrors,
  validateWord,
  valuesOf,
  wordUpdate,
  type WordErrors,
} from '../lib/wordEditor';
import { dictionaryPath } from '../paths';
// The same form, alert and actions layout as the dictionary form.
import styles from '../components/DictionaryForm.module.css';

/** Where "edit this word" was opened from (the test report), to go back there. */
interface EditWordState {
  from?: string;
}

/**
 * One word's term, definitions and example sentences, opened from a test report to fix a word
 * answered wrong. Saving sends one update, with the version it was made on; back goes where the
 * user came from.
 */
export default function EditWordPage() {
  const { t } = useTranslation();
  const { dictionaryId = '', wordId = '' } = useParams();
  const location = useLocation();
  const back = (location.state as EditWordState | null)?.from ?? dictionaryPath(dictionaryId);
  const word = useWord(dictionaryId, wordId);

  let content;
  if (word.isError) {
    content =
      word.error instanceof ApiError && word.error.status === 404 ? (
        <Card>
          <p>{t('Dictionaries.EditWord.NotFound')}</p>
          <Button variant="secondary" to={back}>
            {t('Dictionaries.Cancel')}
          </Button>
        </Card>
      ) : (
        <DictionaryLoadError error={word.error} onRetry={() => void word.refetch()} />
      );
  } else if (word.isPending) {
    content = <LoadingIndicator />;
  } else {
    content = (
      <>
        <WordForm
          key={word.data.id}
          word={word.data}
          dictionaryId={dictionaryId}
          back={back}
          reload={() => word.refetch()}
        />
        {/* Stored as soon as chosen or recorded, apart from the form's Save. */}
        <Card as="section" aria-label={t('Dictionaries.Media.Title')}>
          <WordMedia dictionaryId={dictionaryId} word={word.data} />
        </Card>
      </>
    );
  }

  return (
    <Page title={t('Dictionaries.EditWord.Title')} lead={word.data?.term} width="narrow">
      {content}
    </Page>
  );
}

function WordForm({
  word,
  dictionaryId,
  back,
  reload,
}: {
  word: Word;
  dictionaryId: string;
  back: string;
  /** Loads the saved word again (its new version), keeping what was typed. */
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateDictionary(dictionaryId);
  // The fields take the dictionary's languages (lang, and dir for right-to-left ones).
  const languages = useDictionaryInfo(dictionaryId).data;
  const [values, setValues] = useState(() => valuesOf(word));
  const [errors, setErrors] = useState<WordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateWord(values);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) return;
    const change = wordUpdate(word, values);
    try {
      if (change) await update.mutateAsync({ words: { update: [change] } });
      await navigate(back);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'DUPLICATE_TERM') {
        setErrors({ term: duplicateTermMessage(values.term) });
      } else if (error instanceof ApiError && error.code === 'WORD_CHANGED') {
        // Edited elsewhere since it was loaded (decision 0060): what was typed stays, and the
        // saved word is loaded again so that saving once more applies it to the new version.
        setFailure(t('Dictionaries.Editor.WordChanged'));
        await reload().catch(() => undefined);
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    }
  };

  return (
    <Card as="section">
      <form noValidate className={styles.form} onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('Dictionaries.Editor.Term')}
          autoComplete="off"
          {...languageProps(languages?.fromLanguage)}
          value={values.term}
          error={errors.term}
          onChange={(event) => setValues({ ...values, term: event.target.value })}
        />
        <TextField
          label={t('Dictionaries.Editor.Definitions')}
          autoComplete="off"
          {...languageProps(languages?.toLanguage)}
          value={values.definitions}
          error={errors.definitions}
          onChange={(event) => setValues({ ...values, definitions: event.target.value })}
        />
        <TextAreaField
          label={t('Dictionaries.Editor.Examples')}
          hint={t('Dictionaries.Editor.ExamplesHint', { max: MAX_EXAMPLES })}
          value={values.examples}
          rows={Math.min(MAX_EXAMPLES, Math.max(2, values.examples.split('\n').length))}
          error={errors.examples}
          onChange={(event) => setValues({ ...values, examples: event.target.value })}
        />
        {failure && (
          <p ref={alertRef} role="alert" tabIndex={-1} className={styles.alert}>
            <CircleExclamationPoint aria-hidden="true" />
            <span>{failure}</span>
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" to={back}>
            {t('Dictionaries.Cancel')}
          </Button>
          <Button type="submit" busy={update.isPending}>
            {t('Dictionaries.Save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
