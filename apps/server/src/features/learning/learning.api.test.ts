import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORECAST_DAYS, PERSONAL_PARAMETERS_MIN_REVIEWS } from '@wordhoard/shared';
import { apiClient } from '../../../test/api-client';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { seedReviewHistory } from '../../../test/review-history';
import { buildApp } from '../../app';
import { reviewLog, users } from '../../db/schema';

/** Personal scheduling (docs/decisions/0046-personal-scheduling.md), on both databases. */
const NOW = new Date('2026-05-04T12:00:00Z');
const clock = new TestClock(NOW);
/** The server's log lines, to count the fits that really ran. */
const logLines: { msg?: string; userId?: string }[] = [];
const logger = {
  level: 'info',
  stream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  }),
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, logger });
});
afterAll(async () => {
  await t.close();
});

type User = { id: string; cookie: string };
const api = (user: User) => apiClient(t.app).as(user.cookie);
const learning = () => t.app.services.learning;
const fitsOf = (user: User) =>
  logLines.filter((line) => line.msg === 'personal FSRS parameters fitted' && line.userId === user.id).length;

/** A learner with the seeded history: 200 words over 60 days, 621 graded reviews. */
const FULL_HISTORY = { words: 200, days: 60, newPerDay: 6, end: NOW } as const;
/** Too short a history to fit: a few words over a week. */
const SHORT_HISTORY = { words: 12, days: 8, newPerDay: 3, end: NOW } as const;

async function learnerWith(history: Parameters<typeof seedReviewHistory>[3]) {
  const user = await createUser(t.app, 'user');
  const seeded = await seedReviewHistory(t.app, t.database.db, user, history);
  return { user, seeded };
}

describe(`desired retention (${testDriver})`, () => {
  it('is 0.90 for a new account, and saved with PATCH /users/me within 0.70–0.97', async () => {
    const user = await createUser(t.app, 'user');
    expect((await api(user).call('me')).data().desiredRetention).toBe(0.9);

    for (const retention of [0.7, 0.97, 0.85]) {
      const updated = (await api(user).call('updateMe', { body: { desiredRetention: retention } })).data();
      expect(updated.desiredRetention).toBe(retention);
    }
    expect((await api(user).call('me')).data().desiredRetention).toBe(0.85);
    expect((await api(user).call('schedulerStatus')).data().desiredRetention).toBe(0.85);
    // Other settings keep it.
    (await api(user).call('updateMe', { body: { interfaceLanguage: 'de' } })).data();
    expect((await api(user).call('me')).data().desiredRetention).toBe(0.85);
  });

  it('refuses a retention outside 0.70–0.97 with a localized 400 and keeps the saved one', async () => {
    const user = await createUser(t.app, 'user');
    for (const desiredRetention of [0.69, 0.971, 1, 0, -0.9, '0.9', null]) {
      const response = await api(user).call('updateMe', {
        body: { desiredRetention } as never,
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode, String(desiredRetention)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [
          { path: 'body.desiredRetention', message: 'Choose a desired retention between 70% and 97%' },
        ],
      });
    }
    const german = await api(user).call('updateMe', {
      body: { desiredRetention: 0.99 },
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().details).toEqual([
      {
        path: 'body.desiredRetention',
        message: 'Die gewünschte Behaltensquote muss zwischen 70 % und 97 % liegen',
      },
    ]);
    const ukrainian = await api(user).call('updateMe', {
      body: { desiredRetention: 0.5 },
      headers: { 'accept-language': 'uk' },
    });
    expect(ukrainian.json().details[0].message).toBe(
      'Оберіть бажаний рівень запам’ятовування від 70% до 97%',
    );
    expect((await api(user).call('me')).data().desiredRetention).toBe(0.9);
  });
});

describe(`the workload forecast (${testDriver})`, () => {
  it('gives the expected reviews of each of the next 30 days, today first', async () => {
    const { user } = await learnerWith(FULL_HISTORY);
    const forecast = (await api(user).call('workloadForecast', { query: { retention: 0.85 } })).data();

    expect(forecast.retention).toBe(0.85);
    expect(forecast.personal).toBe(false);
    expect(forecast.days).toHaveLength(FORECAST_DAYS);
    expect(forecast.days[0]?.day).toBe('2026-05-04');
    expect(forecast.days[29]?.day).toBe('2026-06-02');
    expect(forecast.days.map((day) => day.day)).toEqual(
      Array.from({ length: 30 }, (_, i) =>
        new Date(NOW.getTime() + i * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    expect(forecast.total).toBe(forecast.days.reduce((sum, day) => sum + day.reviews, 0));
    expect(forecast.total).toBeGreaterThan(0);
    // Without a retention it is the learner's own.
    (await api(user).call('updateMe', { body: { desiredRetention: 0.8 } })).data();
    expect((await api(user).call('workloadForecast')).data().retention).toBe(0.8);
  });

  it('never gives fewer reviews in total for a higher retention', async () => {
    const { user } = await learnerWith(FULL_HISTORY);
    const totals: number[] = [];
    for (let percent = 70; percent <= 97; percent += 1) {
      totals.push(
        (await api(user).call('workloadForecast', { query: { retention: percent / 100 } })).data().total,
      );
    }
    for (let i = 1; i < totals.length; i += 1) expect(totals[i]).toBeGreaterThanOrEqual(totals[i - 1]!);
    // And it matters: 97 % brings words back sooner, so more of them within the 30 days.
    expect(totals.at(-1)).toBeGreaterThan(totals[0]!);
  });

  it('is all zeros for a learner with no reviewed words, and refuses a retention out of range', async () => {
    const user = await createUser(t.app, 'user');
    const forecast = (await api(user).call('workloadForecast', { query: { retention: 0.9 } })).data();
    expect(forecast.total).toBe(0);
    expect(new Set(forecast.days.map((day) => day.reviews))).toEqual(new Set([0]));

    for (const retention of ['0.5', '0.98', 'abc']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/me/scheduler/forecast?retention=${retention}`,
        headers: { cookie: user.cookie, 'accept-language': 'fr' },
      });
      expect(response.statusCode, retention).toBe(400);
      expect(response.json().details).toEqual([
        {
          path: 'querystring.retention',
          message: 'Choisissez un taux de rétention souhaité entre 70 % et 97 %',
        },
      ]);
    }
  });

  it("counts the learner's local days: the forecast starts on their today", async () => {
    const { user } = await learnerWith(FULL_HISTORY);
    const inUtc = (await api(user).call('workloadForecast', { query: { retention: 0.9 } })).data();
    // 12:00 UTC is 02:00 the next day on Kiritimati (UTC+14), 01:00 the same day in Pago Pago (UTC−11).
    const forecastIn = async (zone: string) => {
      await t.database.db
        .update(users)
        .set({ timeZone: zone, timeZoneSince: null, dayBeforeZone: null })
        .where(eq(users.id, user.id));
      return (await api(user).call('workloadForecast', { query: { retention: 0.9 } })).data();
    };
    const east = await forecastIn('Pacific/Kiritimati');
    const west = await forecastIn('Pacific/Pago_Pago');
    expect(inUtc.days[0]?.day).toBe('2026-05-04');
    expect(east.days[0]?.day).toBe('2026-05-05');
    expect(west.days[0]?.day).toBe('2026-05-04');
    // The same words, counted on the same local days relative to today.
    expect(east.total).toBe(west.total);
  });

  it("counts only the caller's words", async () => {
    const { user } = await learnerWith(FULL_HISTORY);
    const stranger = await createUser(t.app, 'user');
    expect((await api(user).call('workloadForecast')).data().total).toBeGreaterThan(0);
    expect((await api(stranger).call('workloadForecast')).data().total).toBe(0);
  });
});

describe(`personal FSRS parameters (${testDriver})`, () => {
  it(`explains and refuses a fit below ${PERSONAL_PARAMETERS_MIN_REVIEWS} reviews`, async () => {
    const { user, seeded } = await learnerWith(SHORT_HISTORY);
    const reviews = seeded.reviews.length;
    expect(reviews).toBeLessThan(PERSONAL_PARAMETERS_MIN_REVIEWS);
    expect((await api(user).call('schedulerStatus')).data()).toEqual({
      desiredRetention: 0.9,
      reviews,
      minReviews: PERSONAL_PARAMETERS_MIN_REVIEWS,
      fitting: false,
      fit: null,
    });

    const refused = await api(user).call('fitScheduler', { headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'NOT_ENOUGH_REVIEWS',
      message: `Personal parameters need at least 400 reviews; you have ${reviews} so far`,
    });
    const polish = await api(user).call('fitScheduler', { headers: { 'accept-language': 'pl' } });
    expect(polish.json().message).toBe(
      `Parametry osobiste wymagają co najmniej 400 powtórek; na razie masz ich ${reviews}`,
    );
    await learning().idle();
    expect((await api(user).call('schedulerStatus')).data().fit).toBeNull();
    expect(await learning().settingsFor(user.id)).toEqual({ desiredRetention: 0.9, parameters: null });
  });

  it('fits in the background and predicts the held-back reviews better than the defaults', async () => {
    const { user, seeded } = await learnerWith(FULL_HISTORY);
    const started = await api(user).call('fitScheduler');
    expect(started.statusCode).toBe(202);
    expect(started.data().fitting).toBe(true);
    await learning().idle();

    const { fit, fitting, reviews } = (await api(user).call('schedulerStatus')).data();
    expect(fitting).toBe(false);
    expect(reviews).toBe(seeded.reviews.length);
    expect(fit).toMatchObject({ fittedAt: NOW.toISOString(), reviews: seeded.reviews.length, inUse: true });
    expect(fit!.parameters).toHaveLength(21);
    // The last 20 % were held back; those on a later day than the word's previous review are scored.
    expect(fit!.scored).toBeGreaterThan(50);
    expect(fit!.scored).toBeLessThanOrEqual(Math.ceil(seeded.reviews.length * 0.2));
    expect(fit!.logLoss!.personal).toBeLessThan(fit!.logLoss!.defaults * 0.9);
    expect(fit!.rmse!.personal).toBeLessThan(fit!.rmse!.defaults);

    // They now schedule the learner, and drive the forecast.
    const settings = await learning().settingsFor(user.id);
    expect(settings).toEqual({ desiredRetention: 0.9, parameters: fit!.parameters });
    expect((await api(user).call('workloadForecast')).data().personal).toBe(true);
  });

  it('belong to their owner alone', async () => {
    const owner = await learnerWith(FULL_HISTORY);
    const other = await learnerWith(FULL_HISTORY);
    const stranger = await createUser(t.app, 'user');
    (await api(owner.user).call('fitScheduler')).data();
    await learning().idle();

    expect((await api(owner.user).call('schedulerStatus')).data().fit?.inUse).toBe(true);
    expect((await api(other.user).call('schedulerStatus')).data().fit).toBeNull();
    expect((await api(stranger).call('schedulerStatus')).data()).toMatchObject({ reviews: 0, fit: null });
    expect((await learning().settingsFor(other.user.id)).parameters).toBeNull();
    expect((await learning().settingsFor(stranger.id)).parameters).toBeNull();
    expect((await api(other.user).call('workloadForecast')).data().personal).toBe(false);
  });

  it('runs one fit for two requests at once, and none while nothing new was reviewed', async () => {
    const { user } = await learnerWith(FULL_HISTORY);
    const both = await Promise.all([api(user).call('fitScheduler'), api(user).call('fitScheduler')]);
    expect(both.map((response) => response.statusCode)).toEqual([202, 202]);
    expect(both.map((response) => response.data().fitting)).toEqual([true, true]);
    await learning().idle();
    expect(fitsOf(user)).toBe(1);

    // The fit read every review: asking again starts nothing.
    const again = (await api(user).call('fitScheduler')).data();
    expect(again.fitting).toBe(false);
    await learning().idle();
    expect(fitsOf(user)).toBe(1);
  });

  it('runs one fit when two instances on one database are asked at once', async () => {
    const other = await buildApp({
      config: t.config,
      database: t.database,
      serveWeb: false,
      logger,
      clock: clock.now,
    });
    try {
      const { user } = await learnerWith(FULL_HISTORY);
      const both = await Promise.all([
        api(user).call('fitScheduler'),
        apiClient(other).as(user.cookie).call('fitScheduler'),
      ]);
      // The instance that lost the lease still says a fit is running: the lease is in the database.
      expect(both.map((response) => response.data().fitting)).toEqual([true, true]);
      await Promise.all([learning().idle(), other.services.learning.idle()]);
      expect(fitsOf(user)).toBe(1);
      expect((await apiClient(other).as(user.cookie).call('schedulerStatus')).data().fit?.inUse).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refits nightly only the learners with reviews their last fit did not read', async () => {
    const fresh = await learnerWith(FULL_HISTORY);
    const fitted = await learnerWith(FULL_HISTORY);
    const short = await learnerWith(SHORT_HISTORY);
    (await api(fitted.user).call('fitScheduler')).data();
    await learning().idle();
    const before = (await api(fitted.user).call('schedulerStatus')).data().fit;
    clock.advance(24 * 60 * 60 * 1000);

    const night = await learning().fitLearnersWithNewReviews();
    expect(night).toContain(fresh.user.id);
    expect(night).not.toContain(fitted.user.id);
    expect(night).not.toContain(short.user.id);
    expect((await api(fresh.user).call('schedulerStatus')).data().fit?.reviews).toBe(
      fresh.seeded.reviews.length,
    );
    expect((await api(fitted.user).call('schedulerStatus')).data().fit).toEqual(before);
    expect((await api(short.user).call('schedulerStatus')).data().fit).toBeNull();
    expect(fitsOf(fresh.user)).toBe(1);

    // A review more, and the next night refits them; the night after has nothing to do for either.
    const wordId = (
      await t.database.db.execute<{ word_id: string }>(
        sql`select word_id from review_log where user_id = ${fitted.user.id} limit 1`,
      )
    ).rows[0]!.word_id;
    await t.database.db.insert(reviewLog).values({
      userId: fitted.user.id,
      wordId,
      reversed: false,
      result: 'correct',
      rating: 3,
      state: 2,
      reviewedAt: clock.now(),
      definition: 'd0',
      typed: 'd0',
      durationMs: 2000,
    });
    const next = await learning().fitLearnersWithNewReviews();
    expect(next).toContain(fitted.user.id);
    expect(next).not.toContain(fresh.user.id);
    const refit = (await api(fitted.user).call('schedulerStatus')).data().fit;
    expect(refit?.reviews).toBe(fitted.seeded.reviews.length + 1);
    expect(refit?.fittedAt).toBe(clock.now().toISOString());
    expect(await learning().fitLearnersWithNewReviews()).toEqual([]);
  });
});
