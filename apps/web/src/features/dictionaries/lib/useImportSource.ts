import {
  guessImportOptions,
  parseImport,
  previewImport,
  type ImportContext,
  type ImportResult,
  type ContentLanguage,
  type RawImportWord,
  type WordInput,
} from '@wordhoard/shared';
import { useDeferredValue, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../../../shared/http';
import { useUploadProgress } from '../../../shared/hooks/useUploadProgress';
import { useNavigate } from 'react-router';
import { dictionaryPath } from '../paths';
import {
  DEFAULT_SOURCE,
  fromImportOptions,
  toImportOptions,
  type ImportedState,
  type SourceSettings,
} from './importSource';

/**
 * What an import sends: the words the preview found ready; or, skipping the lines that need
 * fixing, every line as read, for the server to judge again and save only the valid ones.
 */
export type ImportRequest =
  { skipInvalid?: false; words: WordInput[] } | { skipInvalid: true; words: RawImportWord[] };

/** A finished import that skipped the lines needing fixes: what it did, line by line. */
export interface ImportReport {
  result: ImportResult;
  /** The line each word sent started on, by its position in the request. */
  lines: readonly number[];
}

export interface ImportSourceOptions {
  context: ImportContext;
  /** Sends the import, telling `onUploadProgress` how its body goes out. */
  onImport: (
    request: ImportRequest,
    onUploadProgress: (progress: UploadProgress) => void,
  ) => Promise<ImportResult>;
  /** Checks the screen's own fields before saving; false stops the import. */
  validate?: () => boolean;
  /** Places a server validation detail next to its field; false when it has none. */
  onServerFieldError?: (path: string, message: string) => boolean;
  onSourceInfo?: (info: {
    name?: string;
    fromLanguage?: ContentLanguage;
    toLanguage?: ContentLanguage;
  }) => void;
}

/**
 * The import screen's state: the text (typed, pasted or read from a file), how to read it, the
 * preview it gives against the dictionary, and saving it. Nothing typed is lost on a failure.
 */
export function useImportSource({
  context,
  onImport,
  validate,
  onServerFieldError,
  onSourceInfo,
}: ImportSourceOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [settings, setSettings] = useState<SourceSettings>(DEFAULT_SOURCE);
  const [saving, setSaving] = useState(false);
  const upload = useUploadProgress();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const deferredText = useDeferredValue(text);
  const parsed = useMemo(
    () => parseImport(deferredText, toImportOptions(settings)),
    [deferredText, settings],
  );
  const preview = useMemo(() => previewImport(parsed.entries, context), [parsed, context]);
  const stale = deferredText !== text;
  const update = (patch: Partial<SourceSettings>) => setSettings((current) => ({ ...current, ...patch }));

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileError(null);
    let content: string;
    try {
      content = await file.text();
    } catch {
      setFileError(t('Import.FileUnreadable'));
      return;
    }
    setFileName(file.name);
    setText(content);
    const guessed = guessImportOptions(file.name, content);
    setSettings((current) => fromImportOptions(guessed, current));
    if (guessed.format === 'json') {
      const info = parseImport(content, guessed).dictionary;
      if (info) onSourceInfo?.(info);
    }
  }

  /**
   * Saves the ready words and opens the dictionary; or, with `skipInvalid`, sends every line
   * (the server judges them again and saves the valid ones) and stays to report what was skipped.
   */
  async function save({ skipInvalid = false } = {}) {
    setSaveError(null);
    if (validate && !validate()) return;
    setSaving(true);
    upload.start(null);
    try {
      if (skipInvalid) {
        const { entries } = parsed;
        const result = await onImport(
          { skipInvalid: true, words: entries.map(({ term, definitions }) => ({ term, definitions })) },
          upload.track,
        );
        setReport({ result, lines: entries.map((entry) => entry.line) });
        setSaving(false);
        return;
      }
      const result = await onImport({ words: preview.words }, upload.track);
      // Skipped: what the preview left out plus what the server found already there meanwhile.
      const state: ImportedState = {
        imported: result.imported,
        skipped: preview.counts.skipped + result.skipped.length,
      };
      await navigate(dictionaryPath(result.dictionary.id), { state });
    } catch (error) {
      // What was typed stays: the text, the settings and the fields are untouched.
      const details = (error as { details?: { path: string; message: string }[] }).details ?? [];
      const placed = details.some((detail) => onServerFieldError?.(detail.path, detail.message));
      if (!placed) setSaveError(error instanceof Error ? error.message : String(error));
      setSaving(false);
    }
  }

  return {
    text,
    setText,
    fileName,
    fileError,
    settings,
    update,
    parsed,
    preview,
    stale,
    chooseFile,
    save,
    saving,
    uploadProgress: upload.progress,
    saveError,
    report,
  };
}
