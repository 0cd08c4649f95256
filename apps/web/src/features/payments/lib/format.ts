import { PLAN_CURRENCY, type Language } from '@wordhoard/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n';

export interface Formatters {
  /** A monthly price in the plan's currency: "$3.99", "3,99 $", "0 $". */
  price: (amount: number, currency?: string) => string;
  /** A limit or other count with the language's grouping: "2,000", "2 000". */
  count: (value: number) => string;
  /** A calendar date without the time: "May 21, 2026", "21. Mai 2026". */
  date: (iso: string) => string;
  /** A number of minutes in words, plural included: "5 minutes", "5 хвилин". */
  minutes: (value: number) => string;
  /** Storage in megabytes, or gigabytes from 1 GB on: "50 MB", "1 GB", "1 ГБ". */
  storage: (bytes: number) => string;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Number and date formats of the interface language (Intl does the grammar). */
export function createFormatters(language: Language): Formatters {
  const counts = new Intl.NumberFormat(language);
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  const minutes = new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  return {
    price: (amount, currency = PLAN_CURRENCY) =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: currency.toUpperCase(),
        // Free reads "$0", not "$0.00"; a real price keeps its cents.
        minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(amount),
    count: (value) => counts.format(value),
    date: (iso) => dates.format(new Date(iso)),
    minutes: (value) => minutes.format(value),
    storage: (bytes) =>
      new Intl.NumberFormat(language, {
        style: 'unit',
        unit: bytes >= GB ? 'gigabyte' : 'megabyte',
        maximumFractionDigits: 1,
      }).format(bytes >= GB ? bytes / GB : bytes / MB),
  };
}

export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return useMemo(() => createFormatters(language), [language]);
}
