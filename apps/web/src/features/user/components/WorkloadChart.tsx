import type { WorkloadForecast } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import { DayBarChart } from '../../../shared/ui/DayBarChart/DayBarChart';

interface WorkloadChartProps {
  forecast: WorkloadForecast;
  language: string;
}

/** Today, every week after it while a label still fits, and the last day. */
const labelled = (index: number, count: number) =>
  index === count - 1 || (index % 7 === 0 && index <= count - 7);

/**
 * The expected reviews of the next 30 days, today first, named by the retention, the total and
 * the busiest day; it is a preview, so its caption is announced as the retention moves.
 */
export function WorkloadChart({ forecast, language }: WorkloadChartProps) {
  const { t } = useTranslation();
  const { days, total } = forecast;
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  const max = Math.max(0, ...days.map((day) => day.reviews));
  const summary =
    total === 0
      ? t('User.Learning.ForecastNone')
      : t('User.Learning.ForecastSummary', { retention: percent.format(forecast.retention), total, max });
  return (
    <DayBarChart
      days={days.map((day) => ({ day: day.day, value: day.reviews }))}
      language={language}
      title={t('User.Learning.ForecastTitle')}
      summary={summary}
      highlight={0}
      isLabelled={labelled}
      tableLabel={t('User.Learning.ForecastTable')}
      dayHeader={t('User.Learning.Day')}
      valueHeader={t('User.Learning.Reviews')}
      height={80}
      liveCaption
      data-testid="workload-chart"
    />
  );
}
