import type { ImportProblem } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import { useMessageTranslator } from '../../../shared/i18n';
import styles from '../screens/ImportPage.module.css';

/** Why a previewed row cannot be imported as it is: each problem with the column it is in. */
export function ImportRowProblems({ problems }: { problems: readonly ImportProblem[] }) {
  const { t } = useTranslation();
  const translate = useMessageTranslator();
  if (problems.length === 0) return null;
  return (
    <ul className={styles.problems}>
      {problems.map((problem) => (
        <li key={`${problem.field}-${problem.message}`}>
          {problem.field !== 'line' && `${t(`Import.Columns.${problem.field}`)}: `}
          {translate(problem.message)}
        </li>
      ))}
    </ul>
  );
}
