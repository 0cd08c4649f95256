import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n';
import { daysUntil, formatExamDate } from '../lib/examDate';
import styles from './ExamCountdown.module.css';

/** "Exam on 12 March — 9 days left", "… — today" or "Exam was on …", in the interface language. */
export function ExamCountdown({ examDate }: { examDate: string }) {
  const { t, i18n } = useTranslation();
  const now = new Date();
  const date = formatExamDate(examDate, currentLanguage(i18n), now);
  const days = daysUntil(examDate, now);
  let text;
  if (days > 0) text = t('ExamDate.Upcoming', { date, count: days });
  else if (days === 0) text = t('ExamDate.Today', { date });
  else text = t('ExamDate.Past', { date });
  return (
    <p className={styles.exam} data-testid="dictionary-exam">
      <CalendarClock aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
