import { DESIRED_RETENTION, type SchedulerStatus, type User } from '@wordhoard/shared';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/errors';
import { ApiError } from '../../../shared/http/errors';
import { Button, Card, TABULAR_NUMS } from '../../../shared/ui';
import fieldStyles from '../../../shared/ui/fields/fields.module.css';
import { FieldMessages, describedBy } from '../../../shared/ui/fields/FieldMessages';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useFitScheduler, useSchedulerStatus, useWorkloadForecast } from '../api/learning';
import { useSettingSave } from '../lib/useSettingSave';
import styles from '../screens/UserEditPage.module.css';
import learningStyles from './LearningSection.module.css';
import { LeechThresholdField } from './LeechThresholdField';
import { WorkloadChart } from './WorkloadChart';

const MIN = Math.round(DESIRED_RETENTION.min * 100);
const MAX = Math.round(DESIRED_RETENTION.max * 100);
/** The forecast follows the control once it rests this long (a drag asks once, not 27 times). */
const PREVIEW_DELAY_MS = 250;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Personal scheduling (decision 0046): the desired retention, with the next 30 days' reviews
 * at the value on the control before it is saved, and the learner's own FSRS parameters: when
 * they were fitted, from how many reviews, how much better they predict than the defaults, or
 * how many reviews are still missing, and "Fit now"; and the leech threshold (decision 0049).
 */
export function LearningSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const controlId = useId();
  const [percent, setPercent] = useState(() => Math.round(user.desiredRetention * 100));
  const { saving, saved, error, save, edited } = useSettingSave('retention');
  const preview = useSettled(percent, PREVIEW_DELAY_MS);
  const status = useSchedulerStatus();
  const forecast = useWorkloadForecast(
    preview / 100,
    status.isPending ? undefined : (status.data?.fit?.fittedAt ?? null),
  );
  const language = i18n.language;
  const percentFormat = new Intl.NumberFormat(language, { style: 'percent' });
  const changed = percent !== Math.round(user.desiredRetention * 100);

  return (
    <Card as="section" className={styles.section} aria-labelledby="user-learning-title">
      <h2 id="user-learning-title" className={styles.sectionTitle}>
        {t('User.Learning.Title')}
      </h2>
      <p className={styles.sectionLead}>{t('User.Learning.Lead')}</p>
      <div className={fieldStyles.field}>
        <label htmlFor={controlId} className={fieldStyles.label}>
          {t('User.Learning.RetentionLabel')}
        </label>
        <div className={learningStyles.range}>
          <input
            id={controlId}
            type="range"
            min={MIN}
            max={MAX}
            step={1}
            value={percent}
            aria-valuetext={percentFormat.format(percent / 100)}
            className={learningStyles.slider}
            onChange={(event) => {
              setPercent(Number(event.target.value));
              edited();
            }}
            {...describedBy(`${controlId}-hint`, `${controlId}-error`, true, error)}
          />
          <output htmlFor={controlId} className={`${learningStyles.value} ${TABULAR_NUMS}`}>
            {percentFormat.format(percent / 100)}
          </output>
        </div>
        <FieldMessages
          hintId={`${controlId}-hint`}
          errorId={`${controlId}-error`}
          hint={t('User.Learning.RetentionHint')}
          error={error}
        />
      </div>
      {forecast.data ? (
        <WorkloadChart forecast={forecast.data} language={language} />
      ) : (
        forecast.isError && <p className={styles.sectionLead}>{t('User.Learning.ForecastUnavailable')}</p>
      )}
      <p className={styles.sectionLead}>{t('User.Learning.ForecastNote')}</p>
      <Button
        className={styles.submit}
        busy={saving}
        disabled={!changed}
        onClick={() => void save({ desiredRetention: percent / 100 })}
      >
        {t('User.Learning.Save')}
      </Button>
      {saved && <Notice tone="success">{t('User.Learning.Saved')}</Notice>}
      {status.data && <PersonalParameters status={status.data} language={language} />}
      <LeechThresholdField user={user} />
    </Card>
  );
}

function PersonalParameters({ status, language }: { status: SchedulerStatus; language: string }) {
  const { t } = useTranslation();
  const fitNow = useFitScheduler();
  const handleError = useRequestErrorHandler();
  const errorText = useErrorText();
  const explanationId = useId();
  const [message, setMessage] = useState<string | undefined>();
  const [asking, setAsking] = useState(false);
  const { fit, fitting, reviews, minReviews } = status;
  const tooFew = reviews < minReviews;
  const decimals = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const share = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });

  async function fitParameters() {
    setAsking(true);
    setMessage(undefined);
    try {
      const next = await fitNow();
      if (!next.fitting) setMessage(t('User.Learning.UpToDate'));
    } catch (caught) {
      // A refusal (too few reviews, too many tries) is told here; anything else as usual.
      if (caught instanceof ApiError && (caught.status === 409 || caught.status === 429))
        setMessage(errorText(caught));
      else handleError(caught);
    } finally {
      setAsking(false);
    }
  }

  let explanation: string;
  if (fit) {
    const { logLoss } = fit;
    const fitted = t('User.Learning.Fitted', {
      date: date.format(new Date(fit.fittedAt)),
      reviews: fit.reviews,
    });
    const verdict = !logLoss
      ? t('User.Learning.NotScored')
      : fit.inUse
        ? t('User.Learning.Better', {
            percent: share.format((logLoss.defaults - logLoss.personal) / logLoss.defaults),
            before: decimals.format(logLoss.defaults),
            after: decimals.format(logLoss.personal),
          })
        : t('User.Learning.NotBetter', {
            before: decimals.format(logLoss.defaults),
            after: decimals.format(logLoss.personal),
          });
    explanation = `${fitted} ${verdict}`;
  } else if (tooFew) {
    explanation = t('User.Learning.NeedMore', { min: minReviews, reviews, missing: minReviews - reviews });
  } else {
    explanation = t('User.Learning.NotFitted');
  }

  return (
    <div className={learningStyles.parameters}>
      <h3 className={learningStyles.subtitle}>{t('User.Learning.ParametersTitle')}</h3>
      <p id={explanationId} className={styles.sectionLead}>
        {explanation}
      </p>
      {fit && <p className={styles.sectionLead}>{t('User.Learning.Nightly')}</p>}
      <Button
        variant="secondary"
        icon={<Sparkles />}
        className={styles.submit}
        busy={fitting || asking}
        disabled={tooFew}
        aria-describedby={explanationId}
        onClick={() => void fitParameters()}
      >
        {t('User.Learning.FitNow')}
      </Button>
      {fitting && <Notice>{t('User.Learning.Fitting')}</Notice>}
      {message && !fitting && <Notice>{message}</Notice>}
    </div>
  );
}
