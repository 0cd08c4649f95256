import { useTranslation } from 'react-i18next';
import { DayBarChart } from '../../../shared/ui/DayBarChart/DayBarChart';

interface TestsChartProps {
  /** Tests per UTC day, oldest first, ending today. */
  days: readonly { day: string; tests: number }[];
  language: string;
}

/** Every other week back from today gets its date. */
const labelled = (index: number, count: number) => (count - 1 - index) % 14 === 0;

/** Tests per day over the last weeks, today last; named by its total, active days and busiest day. */
export function TestsChart({ days, language }: TestsChartProps) {
  const { t } = useTranslation();
  const total = days.reduce((sum, day) => sum + day.tests, 0);
  const summary = t('Dictionaries.Progress.ChartSummary', {
    total,
    days: days.filter((day) => day.tests > 0).length,
    max: Math.max(0, ...days.map((day) => day.tests)),
  });
  return (
    <DayBarChart
      days={days.map((day) => ({ day: day.day, value: day.tests }))}
      language={language}
      title={t('Dictionaries.Progress.Chart')}
      summary={summary}
      highlight={days.length - 1}
      isLabelled={labelled}
      tableLabel={t('Dictionaries.Progress.ChartTable')}
      dayHeader={t('Dictionaries.Progress.Day')}
      valueHeader={t('Dictionaries.Progress.Tests')}
      data-testid="tests-chart"
    />
  );
}
