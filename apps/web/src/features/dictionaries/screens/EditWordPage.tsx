import type { Word } from '@wordhoard/shared';
import { CircleExclamationPoint } from 'lucide-react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/http';
import { Button, Card, LoadingIndicator, Page, TextField } from '../../../shared/ui';
import { useUpdateDictionary } from '../api/dictionaries';
import { useWord } from '../api/word';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { duplicateTermMessage, validateWord, valuesOf, wordUpdate, type WordErrors } from '../lib/wordEditor';
import { dictionaryPath } from '../paths';
// The same form, alert and actions layout as the dictionary form.
import styles from '../components/DictionaryForm.module.css';

/** Where "edit this word" was opened from (the test report), to go back there. */
interface EditWordState {
  from?: string;
}

/**
 * One word's term and definitions, opened from a test report to fix a word answered wrong.
 * Saving sends one update; back goes where the user came from.
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
    content = <WordForm key={word.data.id} word={word.data} dictionaryId={dictionaryId} back={back} />;
  }

  return (
    <Page title={t('Dictionaries.EditWord.Title')} lead={word.data?.term} width="narrow">
      {content}
    </Page>
  );
}

function WordForm({ word, dictionaryId, back }: { word: Word; dictionaryId: string; back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateDictionary(dictionaryId);
  const [values, setValues] = useState(() => valuesOf(word));
  const [errors, setErrors] = useState<WordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const found = validateWord(values);
    setErrors(found);
    setFailure(null);
    if (found.term || found.definitions) return;
    const change = wordUpdate(word, values);
    try {
      if (change) await update.mutateAsync({ words: { update: [change] } });
      await navigate(back);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'DUPLICATE_TERM') {
        setErrors({ term: duplicateTermMessage(values.term) });
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
          value={values.term}
          error={errors.term}
          onChange={(event) => setValues({ ...values, term: event.target.value })}
        />
        <TextField
          label={t('Dictionaries.Editor.Definitions')}
          autoComplete="off"
          value={values.definitions}
          error={errors.definitions}
          onChange={(event) => setValues({ ...values, definitions: event.target.value })}
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
          <Button type="submit" aria-busy={update.isPending || undefined}>
            {t('Dictionaries.Save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
