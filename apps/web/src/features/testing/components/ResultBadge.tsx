import { useTranslation } from 'react-i18next';
import { Pill, type PillTone } from '../../../shared/ui/Pill/Pill';
import { ResultIcon, type ResultKind } from './ResultIcon';

const TONE: Record<ResultKind, PillTone> = {
  correct: 'success',
  almost: 'warning',
  wrong: 'danger',
  skipped: 'muted',
};

/** A result as a small pill: icon and word ("Correct", "Wrong", …). */
export function ResultBadge({ kind }: { kind: ResultKind }) {
  const { t } = useTranslation();
  return (
    <Pill tone={TONE[kind]} renderIcon={(iconClass) => <ResultIcon kind={kind} className={iconClass} />}>
      {t(`Testing.Results.${kind}`)}
    </Pill>
  );
}
