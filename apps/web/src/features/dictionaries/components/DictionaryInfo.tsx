import type { ContentLanguage } from '@wordhoard/shared';
import { ChartColumn, Download, Ellipsis, FileUp, ListPlus, Pencil, Play, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/useMediaQuery';
import { PATHS } from '../../../shared/routing';
import { Button, DropdownMenu, TABULAR_NUMS, type DropdownMenuItem } from '../../../shared/ui';
import { useLanguageName } from '../lib/languages';
import { editInfoPath, editWordsPath, importWordsPath, progressPath } from '../paths';
import { EXPORT_FORMATS, ExportButtons, useExportDownload } from './ExportButtons';
import styles from './DictionaryInfo.module.css';

interface DictionaryInfoProps {
  dictionaryId: string;
  fromLanguage: ContentLanguage;
  toLanguage: ContentLanguage;
  wordsCount: number;
  /** The words due for review, once the progress is known. */
  due: number | undefined;
  onDelete: () => void;
}

/** A dictionary's facts (languages, words, due) and what can be done with it. */
export function DictionaryInfo({
  dictionaryId,
  fromLanguage,
  toLanguage,
  wordsCount,
  due,
  onDelete,
}: DictionaryInfoProps) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const isMobile = useIsMobile();
  const exportDownload = useExportDownload(dictionaryId);

  // One primary action per screen (DESIGN §6): the first words of an empty dictionary, else the
  // due words, else the words themselves; everything else is secondary.
  const empty = wordsCount === 0;
  const manageWords = empty || (due !== undefined && due > 0) ? 'secondary' : 'primary';

  return (
    <section className={styles.info} aria-label={t('Dictionaries.Info')}>
      <dl className={styles.facts}>
        <div>
          <dt>{t('Dictionaries.TermsLanguage')}</dt>
          <dd>{languageName(fromLanguage)}</dd>
        </div>
        <div>
          <dt>{t('Dictionaries.DefinitionsLanguage')}</dt>
          <dd>{languageName(toLanguage)}</dd>
        </div>
        <div>
          <dt>{t('Dictionaries.Words')}</dt>
          <dd className={TABULAR_NUMS}>{wordsCount}</dd>
        </div>
        {due !== undefined && (
          <div>
            <dt>{t('Dictionaries.Progress.Due')}</dt>
            <dd className={TABULAR_NUMS} data-testid="dictionary-due">
              {due}
            </dd>
          </div>
        )}
      </dl>
      <div className={styles.actions}>
        {due !== undefined && due > 0 && (
          <Button
            to={`${PATHS.createTester}?dictionaryId=${encodeURIComponent(dictionaryId)}&source=due`}
            icon={<Play />}
          >
            {t('Dictionaries.ReviewDue')}
          </Button>
        )}
        {isMobile ? (
          <>
            {/* No icon: the words and "⋯" share the row of a 320 px phone in every language. */}
            <Button variant={manageWords} to={editWordsPath(dictionaryId)}>
              {t('Dictionaries.ManageWords')}
            </Button>
            {/* On a phone the words come first: the other actions wait behind "⋯" (More). */}
            <DropdownMenu
              label={t('Dictionaries.More')}
              trigger={<Ellipsis aria-hidden="true" />}
              items={[
                {
                  id: 'progress',
                  label: t('Dictionaries.ShowProgress'),
                  to: progressPath(dictionaryId),
                  icon: <ChartColumn />,
                },
                {
                  id: 'edit-info',
                  label: t('Dictionaries.EditInfo'),
                  to: editInfoPath(dictionaryId),
                  icon: <Pencil />,
                },
                {
                  id: 'import',
                  label: t('Import.Entry'),
                  to: importWordsPath(dictionaryId),
                  icon: <FileUp />,
                },
                ...EXPORT_FORMATS.map((format): DropdownMenuItem => ({
                  id: `export-${format}`,
                  label: t(`Export.${format}`),
                  icon: <Download />,
                  onSelect: () => exportDownload.start(format),
                })),
                {
                  id: 'delete',
                  label: t('Dictionaries.Delete'),
                  icon: <Trash2 />,
                  tone: 'danger',
                  onSelect: onDelete,
                },
              ]}
              className={styles.more}
            />
          </>
        ) : (
          <>
            <Button variant="secondary" to={progressPath(dictionaryId)} icon={<ChartColumn />}>
              {t('Dictionaries.ShowProgress')}
            </Button>
            <Button variant="secondary" to={editInfoPath(dictionaryId)} icon={<Pencil />}>
              {t('Dictionaries.EditInfo')}
            </Button>
            <Button variant={manageWords} to={editWordsPath(dictionaryId)} icon={<ListPlus />}>
              {t('Dictionaries.ManageWords')}
            </Button>
            <Button variant="secondary" to={importWordsPath(dictionaryId)} icon={<FileUp />}>
              {t('Import.Entry')}
            </Button>
            <ExportButtons dictionaryId={dictionaryId} />
            <Button variant="danger" icon={<Trash2 />} onClick={onDelete}>
              {t('Dictionaries.Delete')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
