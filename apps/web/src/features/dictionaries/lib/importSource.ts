import type { ImportDelimiter, ImportOptions } from '@wordhoard/shared';

/** How the user described their text on the import screen. */
export interface SourceSettings {
  format: ImportOptions['format'];
  delimiter: ImportDelimiter;
  skipHeader: boolean;
  termSeparator: 'tab' | 'comma' | 'dash' | 'custom';
  customTermSeparator: string;
  cardSeparator: 'newline' | 'semicolon' | 'custom';
  customCardSeparator: string;
}

export const DEFAULT_SOURCE: SourceSettings = {
  format: 'delimited',
  delimiter: ',',
  skipHeader: false,
  termSeparator: 'tab',
  customTermSeparator: '',
  cardSeparator: 'newline',
  customCardSeparator: '',
};

const TERM_SEPARATORS = { tab: '\t', comma: ',', dash: ' - ' } as const;
const CARD_SEPARATORS = { newline: '\n', semicolon: ';' } as const;

/** The shared parser's options for the screen's settings. */
export function toImportOptions(settings: SourceSettings): ImportOptions {
  switch (settings.format) {
    case 'delimited':
      return { format: 'delimited', delimiter: settings.delimiter, skipHeader: settings.skipHeader };
    case 'quizlet':
      return {
        format: 'quizlet',
        termSeparator:
          settings.termSeparator === 'custom'
            ? settings.customTermSeparator
            : TERM_SEPARATORS[settings.termSeparator],
        cardSeparator:
          settings.cardSeparator === 'custom'
            ? settings.customCardSeparator.replaceAll('\\n', '\n')
            : CARD_SEPARATORS[settings.cardSeparator],
      };
    case 'json':
      return { format: 'json' };
  }
}

/** The screen's settings for options guessed from a file. */
export function fromImportOptions(options: ImportOptions, current: SourceSettings): SourceSettings {
  if (options.format === 'delimited') {
    return { ...current, format: 'delimited', delimiter: options.delimiter };
  }
  return { ...current, format: options.format };
}

/** What the dictionary screen shows after an import (router state). */
export interface ImportedState {
  imported: number;
  skipped: number;
}
