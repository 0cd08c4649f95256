import { expect, test, type Page } from '@playwright/test';
import { recordCspViolations } from './support/csp';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const LANGUAGES = ['en', 'uk', 'de', 'fr', 'es', 'it', 'pl'] as const;

/** Nothing may reach the video host: every request to it is aborted and recorded. */
async function blockVideoHost(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(/youtube/, (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  return requested;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The landing page with both sliders rendered. */
async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('how-to-slider')).toBeVisible();
  await expect(page.getByTestId('video-slider')).toBeVisible();
}

const activeSlide = (page: Page) => page.getByTestId('how-to-slider').getAttribute('data-current-slide');

/** Which how-to slide the browser has actually scrolled into view (the snapped one). */
const slideInView = (page: Page) =>
  page.getByTestId('how-to-slider').evaluate((slider) => {
    const track = slider.querySelector('[data-slide]')?.parentElement;
    if (!track) return null;
    const box = track.getBoundingClientRect();
    const inView = Array.from(track.children).find((slide) => {
      const rect = slide.getBoundingClientRect();
      return Math.abs(rect.left - box.left) < 2 && rect.width > 0;
    });
    return inView?.getAttribute('data-slide') ?? null;
  });

test.describe('landing page', () => {
  test('the how-to slider moves by arrows, pagination and keys, without console errors', async ({ page }) => {
    await blockVideoHost(page);
    const errors = consoleErrors(page);
    await openLanding(page);
    const slider = page.getByTestId('how-to-slider');

    await expect(slider).toHaveAttribute('aria-roledescription', 'carousel');
    await expect.poll(() => activeSlide(page)).toBe('dictionary');
    await expect(slider.locator('[data-slide]')).toHaveCount(3);
    await expect(slider.getByRole('button', { name: 'Next slide' })).toBeVisible();

    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => activeSlide(page)).toBe('testing');
    // The browser scrolled the second slide into view, snapped.
    await expect.poll(() => slideInView(page)).toBe('testing');

    await slider.getByRole('button', { name: 'Go to slide 3' }).click();
    await expect.poll(() => activeSlide(page)).toBe('organization');
    await expect(slider.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await expect.poll(() => slideInView(page)).toBe('organization');

    await slider.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(() => activeSlide(page)).toBe('testing');

    // Past the last slide the arrow goes round to the first.
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => activeSlide(page)).toBe('dictionary');
    await expect.poll(() => slideInView(page)).toBe('dictionary');

    // A swipe (the browser's own scrolling) moves the current slide too.
    await slider.locator('[data-slide="testing"]').evaluate((slide) => {
      const track = slide.parentElement;
      if (track && slide instanceof HTMLElement)
        track.scrollTo({ left: slide.offsetLeft - track.offsetLeft, behavior: 'instant' });
    });
    await expect.poll(() => activeSlide(page)).toBe('testing');
    await expect(slider.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // Arrow keys work while focus is in the slider.
    await slider.getByRole('button', { name: 'Go to slide 1' }).click();
    await expect.poll(() => activeSlide(page)).toBe('dictionary');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => activeSlide(page)).toBe('testing');

    // Each slide's picture switches its image at 768 px.
    const picture = slider.locator('[data-slide="dictionary"] picture');
    await expect(picture.locator('source')).toHaveAttribute('media', '(min-width: 768px)');
    await expect(picture.locator('source')).toHaveAttribute('srcset', /slide-dictionary-desktop\.svg$/);
    await expect(picture.locator('img')).toHaveAttribute('src', /slide-dictionary-mobile\.svg$/);

    expect(errors).toEqual([]);
  });

  test('nothing moves while the page loads: no layout shift from the header bar, footer or sliders', async ({
    page,
  }) => {
    await blockVideoHost(page);
    // Every layout shift from the first paint on (Lighthouse's CLS), recorded by the page itself.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('id="app-shell"');

    await openLanding(page);
    await expect(page.getByTestId('site-footer')).toBeVisible();
    // The static header bar from index.html has given way to the app's header.
    await expect(page.locator('#app-shell')).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
    // Including the pictures that wait for the page to be idle (the other slides, the portraits,
    // lazily loaded once near the view).
    // Waited for on the page's own signals, not a clock: on a busy machine load + idle alone can
    // take longer than any poll's limit (the test's own limit bounds them).
    await page.getByRole('region', { name: 'What learners say' }).scrollIntoViewIfNeeded();
    await page.locator('[data-deferred-images="set"]').waitFor({ state: 'attached' });
    const pictures = await page.evaluate(async () => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>('main img'));
      // decode() settles once the picture has loaded and can be drawn; it rejects a broken one.
      await Promise.all(images.map((image) => image.decode()));
      return images.map((image) => image.naturalWidth > 0);
    });
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every(Boolean)).toBe(true);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts).toEqual([]);
  });

  test('the title, the way in, the three reviews and the five stars are there', async ({ page }) => {
    await blockVideoHost(page);
    await openLanding(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Wordhoard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/menu');
    const reviews = page.getByRole('region', { name: 'What learners say' });
    await expect(reviews.getByRole('figure')).toHaveCount(3);
    await expect(reviews.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
    await expect(page.getByTestId('video-slider').getByRole('heading', { level: 3 })).toHaveCount(1);
  });

  test('the tutorial plays our own recording for the viewport, with captions, within the CSP', async ({
    page,
  }, testInfo) => {
    const requested = await blockVideoHost(page);
    const violations = await recordCspViolations(page);
    await openLanding(page);
    const size = testInfo.project.name === 'mobile' ? 'mobile' : 'desktop';

    const video = page.getByTestId('video-slider').getByTestId('tutorial-video');
    await expect(video).toHaveAttribute('data-size', size);
    await video.scrollIntoViewIfNeeded();
    await expect(video).toBeVisible();
    // preload="none": nothing but the poster until play. Ask for the metadata as play would.
    expect(await video.evaluate((element: HTMLVideoElement) => element.readyState)).toBe(0);
    await video.evaluate((element: HTMLVideoElement) => {
      element.preload = 'metadata';
      element.load();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(30);
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(
      new RegExp(`/tutorial/tutorial-${size}\\.webm$`),
    );
    // The interface language's captions are on, and their cues have loaded.
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) =>
          Array.from(element.textTracks).map(
            (track) => `${track.language}:${track.mode}:${track.cues?.length ?? 0}`,
          ),
        ),
      )
      .toContain('en:showing:9');

    // Every file the element names is served with its media type.
    const urls = await video.evaluate((element) =>
      Array.from(element.querySelectorAll('source, track')).map((child) => child.getAttribute('src') ?? ''),
    );
    expect(urls).toHaveLength(2 + 7);
    // The poster comes once the page is idle after loading (TutorialVideo.tsx).
    await expect(video).toHaveAttribute('poster', `/tutorial/tutorial-${size}.jpg`);
    for (const url of [...urls, (await video.getAttribute('poster')) ?? '']) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      const extension = url.split('.').pop() ?? '';
      const type = { vtt: 'text/vtt', jpg: 'image/jpeg' }[extension] ?? `video/${extension}`;
      expect(response.headers()['content-type'], url).toMatch(new RegExp(`^${type}(;|$)`));
      if (extension === 'vtt') expect(await response.text()).toMatch(/^WEBVTT\n/);
    }
    expect(violations).toEqual([]);
    expect(requested).toEqual([]);
  });

  test('the tutorial switches recordings as the viewport crosses 768 px @desktop', async ({ page }) => {
    await blockVideoHost(page);
    await page.setViewportSize({ width: 768, height: 900 });
    await openLanding(page);
    const video = page.getByTestId('video-slider').getByTestId('tutorial-video');
    await expect(video.locator('source').first()).toHaveAttribute('src', '/tutorial/tutorial-desktop.webm');

    await page.setViewportSize({ width: 767, height: 900 });

    await expect(video.locator('source').first()).toHaveAttribute('src', '/tutorial/tutorial-mobile.webm');
    await expect(video).toHaveAttribute('poster', '/tutorial/tutorial-mobile.jpg');
  });

  test('screenshot of the tutorial video section @desktop', async ({ page }, testInfo) => {
    await blockVideoHost(page);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await openLanding(page);
    const section = page.getByRole('region', { name: 'Watch the tutorial' });
    // The section's top just below the sticky header.
    await section.evaluate((element) => {
      const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
      window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - header);
    });
    const video = section.getByTestId('tutorial-video');
    // Idle (preload="none" has suspended loading) and the poster's image is there.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.networkState)).toBe(1);
    await expect
      .poll(() =>
        video.evaluate(async (element: HTMLVideoElement) => {
          const image = new Image();
          image.src = element.poster;
          await image.decode();
          return image.naturalWidth;
        }),
      )
      .toBe(1280);
    // Two shots alike: the player's controls have settled (its loading spinner fades out).
    let shot: Buffer = Buffer.alloc(0);
    await expect
      .poll(async () => {
        const previous = shot;
        shot = await section.screenshot();
        return shot.equals(previous);
      })
      .toBe(true);
    const file = testInfo.outputPath('landing-video.png');
    writeFileSync(file, shot);
    await testInfo.attach('landing video section', { path: file, contentType: 'image/png' });
  });
});

test.describe('language picker', () => {
  test('on desktop, a row of flags switches the interface at once @desktop', async ({ page }) => {
    await blockVideoHost(page);
    await openLanding(page);
    const group = page.getByRole('group', { name: 'Interface language' });
    await expect(group.getByRole('button')).toHaveCount(7);
    await expect(group.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await group.getByRole('button', { name: 'Deutsch' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Loslegen' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Sprache der Oberfläche' }).getByRole('button', { name: 'Deutsch' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');

    // The choice survives a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('at 375 px, a dropdown of the other languages that closes outside and on Escape @phone', async ({
    page,
  }) => {
    await blockVideoHost(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await openLanding(page);
    await expect(page.getByRole('group', { name: 'Interface language' })).toHaveCount(0);
    const trigger = page.getByRole('button', { name: 'Interface language: English' });
    await expect(trigger).toBeVisible();

    await trigger.click();
    const list = page.getByRole('listbox', { name: 'Interface language' });
    await expect(list.getByRole('option')).toHaveText([
      'Українська',
      'Deutsch',
      'Français',
      'Español',
      'Italiano',
      'Polski',
    ]);

    // A click outside: low on the page, away from the open list.
    await page.mouse.click(8, 760);
    await expect(list).toHaveCount(0);

    await trigger.click();
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await trigger.click();
    await list.getByRole('option', { name: 'Polski' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByRole('button', { name: 'Język interfejsu: Polski' })).toBeVisible();
  });

  test('at 375 px, the dropdown starts on the detected language @phone', async ({ page }) => {
    await blockVideoHost(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await openLanding(page, '/?lng=uk-UA');
    const trigger = page.getByRole('button', { name: 'Мова інтерфейсу: Українська' });
    // It shows the flag and the language's own name, not its code ("UK").
    await expect(trigger.locator('[data-flag="uk"]')).toBeVisible();
    await expect(trigger.locator('span[aria-hidden="true"][lang="uk"]')).toHaveText('Українська');
    await expect(trigger).not.toContainText('UK');
  });
});

test.describe('policies', () => {
  for (const language of LANGUAGES) {
    test(`every policy page in ${language} has its heading and sections`, async ({ page }) => {
      for (const path of [
        `/policy/${language}`,
        ...['cookie', 'privacy', 'terms-of-use'].map((doc) => `/policy/${doc}/${language}`),
      ]) {
        await page.goto(path);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading, path).toHaveCount(1);
        await expect(heading, path).not.toBeEmpty();
        await expect(page.locator(`[lang="${language}"] h1`), path).toHaveCount(1);
        if (path !== `/policy/${language}`) {
          expect(await page.locator('section h2').count(), path).toBeGreaterThanOrEqual(7);
        }
      }
    });
  }

  test('the policy index links the three documents in its language', async ({ page }) => {
    await page.goto('/policy/de');
    for (const doc of ['cookie', 'privacy', 'terms-of-use']) {
      await expect(page.locator(`main a[href="/policy/${doc}/de"]`)).toHaveCount(1);
    }
  });
});

test.describe('accessibility smoke', () => {
  const PATHS = ['/', '/about', '/support', '/policy/privacy/en'];

  for (const path of PATHS) {
    test(`${path}: landmarks, named buttons, images with alt, no sideways scroll at 375 and 320 px @phone`, async ({
      page,
    }) => {
      await blockVideoHost(page);
      await page.setViewportSize({ width: 375, height: 812 });
      if (path === '/') await openLanding(page);
      else await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await expect(page.locator('a[href="#main"]')).toHaveCount(1);

      const images = page.locator('img');
      for (let index = 0; index < (await images.count()); index += 1) {
        expect(await images.nth(index).getAttribute('alt'), `img ${index} on ${path}`).not.toBeNull();
      }
      const buttons = page.locator('button, [role="button"]');
      for (let index = 0; index < (await buttons.count()); index += 1) {
        await expect(buttons.nth(index), `button ${index} on ${path}`).toHaveAccessibleName(/\S/);
      }

      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 812 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
            message: `${path} at ${width}`,
          })
          .toBeLessThanOrEqual(width);
      }
    });
  }

  test('no sideways scroll at 320 px in the languages with the longest words @phone', async ({ page }) => {
    await blockVideoHost(page);
    await page.setViewportSize({ width: 320, height: 700 });
    for (const language of ['de', 'uk', 'fr']) {
      for (const path of [
        `/?lng=${language}`,
        `/support?lng=${language}`,
        `/policy/terms-of-use/${language}`,
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path })
          .toBeLessThanOrEqual(320);
      }
    }
  });

  test('headings go down one level at a time on the landing page', async ({ page }) => {
    await blockVideoHost(page);
    await openLanding(page);
    const levels = await page
      .locator('main')
      .evaluate((main) =>
        Array.from(main.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) =>
          Number(heading.tagName[1]),
        ),
      );
    expect(levels[0]).toBe(1);
    for (let index = 1; index < levels.length; index += 1) {
      expect(levels[index]! - levels[index - 1]!).toBeLessThanOrEqual(1);
    }
  });
});

test('screenshots of the landing page, light and dark', async ({ page }, testInfo) => {
  await blockVideoHost(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await openLanding(page);
    // Scroll through once so the lazily loaded images (portraits) are in the picture.
    await page.getByRole('region', { name: 'What learners say' }).scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLImageElement>('figure img')).every(
            (image) => image.complete && image.naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    const file = testInfo.outputPath(`landing-${testInfo.project.name}-${colorScheme}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`landing ${testInfo.project.name} ${colorScheme}`, {
      path: file,
      contentType: 'image/png',
    });
  }
});

/**
 * axe-core's source (a dev dependency of the e2e package). Evaluated through the DevTools
 * protocol, so the page's CSP, which rightly refuses injected scripts, does not stop it.
 */
function axeSource(): string {
  return readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

test.describe('axe: no serious or critical violations', () => {
  const source = axeSource();
  const PAGES = [
    '/',
    '/about',
    '/support',
    '/policy/en',
    '/policy/privacy/en',
    '/policy/cookie/uk',
    '/no/such/page',
  ];

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`public pages in the ${colorScheme} theme`, async ({ page }) => {
      test.setTimeout(90_000);
      await blockVideoHost(page);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      for (const path of PAGES) {
        if (path === '/') await openLanding(page);
        else await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await page.evaluate(source);
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> };
            }
          ).axe;
          const result = await axe.run({ resultTypes: ['violations'] });
          return result.violations;
        });
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        expect(serious, `${path} (${colorScheme})`).toEqual([]);
      }
    });
  }
});
