import {
  CLOZE_RANGES,
  DATE_PERIODS,
  DATE_UNITS,
  QUANTITY_FROM,
  QUANTITY_ORDERS,
  testerOptionsSchema,
  type TesterOptions,
} from '@wordhoard/shared';
import { z } from 'zod';

/**
 * Where the words come from: a range of the dictionary, the words due today, or the learner's
 * weak spots (the definitions missed most, the pairs of words mixed up most; decision 0049).
 */
export const CHOOSE_BY = ['quantity', 'date', 'due', 'weak', 'confusions'] as const;
export type ChooseBy = (typeof CHOOSE_BY)[number];
/** The sources that take no further choice: the range is their type alone. */
const BARE_SOURCES = ['due', 'weak', 'confusions'] as const satisfies readonly ChooseBy[];
type BareSource = (typeof BARE_SOURCES)[number];
const isBareSource = (by: ChooseBy): by is BareSource => (BARE_SOURCES as readonly string[]).includes(by);

/** The source a link asks for in the tester's address (`?source=weak`), if it names one. */
export function requestedSource(value: string | null): ChooseBy | null {
  return CHOOSE_BY.find((by) => by === value) ?? null;
}
export const COUNT_CHOICES = ['20', '50', '100'] as const;
export const MAX_CUSTOM_AMOUNT = 9999;

/**
 * The create-tester form: every control keeps its value while another range type is shown, so
 * switching between "by quantity" and "by date" loses nothing. Radios hold strings, hence
 * `count` and `amount` as text; `toTesterOptions` turns the values into the API's shape.
 */
export const testerFormSchema = z
  .object({
    dictionaryId: z.string().min(1, { error: 'validation.required' }),
    swap: z.boolean(),
    /** Cloze questions from the words' example sentences (decision 0060). */
    cloze: z.boolean(),
    by: z.enum(CHOOSE_BY),
    from: z.enum(QUANTITY_FROM),
    count: z.enum(COUNT_CHOICES),
    order: z.enum(QUANTITY_ORDERS),
    period: z.enum(DATE_PERIODS),
    amount: z.string(),
    unit: z.enum(DATE_UNITS),
  })
  .superRefine((values, ctx) => {
    if (values.by !== 'date' || values.period !== 'custom') return;
    const amount = values.amount.trim();
    if (amount === '') {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.required' });
    } else if (!/^\d+$/.test(amount) || Number(amount) < 1 || Number(amount) > MAX_CUSTOM_AMOUNT) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Testing.Create.AmountInvalid' });
    }
  });

export type TesterFormValues = z.infer<typeof testerFormSchema>;

export const DEFAULT_FORM_VALUES: Omit<TesterFormValues, 'dictionaryId'> = {
  swap: false,
  cloze: false,
  by: 'quantity',
  from: 'last',
  count: '20',
  order: 'asc',
  period: 'lastDay',
  amount: '30',
  unit: 'minutes',
};

/** The form values that show `options` again (for a new test like the previous one). */
export function formValuesFrom(options: TesterOptions): TesterFormValues {
  const { range } = options;
  // A test of every dictionary's due words (decision 0048) has no dictionary to preselect.
  const base = {
    ...DEFAULT_FORM_VALUES,
    dictionaryId: options.dictionaryId ?? '',
    swap: options.swap,
    cloze: options.cloze === true,
  };
  switch (range.type) {
    case 'due':
    case 'weak':
    case 'confusions':
      return { ...base, by: range.type };
    case 'quantity':
      return {
        ...base,
        by: 'quantity',
        from: range.from,
        count: String(range.count) as TesterFormValues['count'],
        order: range.order,
      };
    case 'date':
      return {
        ...base,
        by: 'date',
        period: range.period,
        amount: range.amount === undefined ? base.amount : String(range.amount),
        unit: range.unit ?? base.unit,
      };
  }
}

/** Whether cloze questions can be asked of words chosen this way (not of weak spots). */
export const clozeApplies = (by: ChooseBy) => (CLOZE_RANGES as readonly string[]).includes(by);

/** Whether the test asks for the terms: swapped, or cloze questions (always "definitions → term"). */
export const asksTerms = (values: Pick<TesterFormValues, 'swap' | 'cloze' | 'by'>) =>
  values.swap || (values.cloze && clozeApplies(values.by));

/** The body of POST /tester for valid form values, checked against the shared contract. */
export function toTesterOptions(values: TesterFormValues): TesterOptions {
  const range: TesterOptions['range'] = isBareSource(values.by)
    ? { type: values.by }
    : values.by === 'quantity'
      ? {
          type: 'quantity',
          from: values.from,
          count: Number(values.count) as 20 | 50 | 100,
          order: values.order,
        }
      : values.period === 'custom'
        ? { type: 'date', period: 'custom', amount: Number(values.amount.trim()), unit: values.unit }
        : { type: 'date', period: values.period };
  return testerOptionsSchema.parse({
    dictionaryId: values.dictionaryId,
    swap: values.swap,
    range,
    // Left out unless on, so the options of a test without it stay as they were.
    ...(values.cloze && clozeApplies(values.by) ? { cloze: true } : {}),
  });
}
