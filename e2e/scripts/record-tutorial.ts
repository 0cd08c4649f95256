// Records the landing page's tutorial video: `npm run record:tutorial` (after `npm run build`).
//
// Starts the built server on a throwaway embedded database (as e2e/scripts/serve.mjs does) and
// drives the real app in Debian's Chromium with Playwright's video recording, once at desktop
// size and once at phone size: guest entry, a new dictionary, a few words, a test (definitions
// typed in, one check, one skip) and its report. Into apps/web/public/tutorial/ it writes, per
// size, the WebM recording, an H.264 MP4 (when ffmpeg is installed; both re-encoded small), a
// poster (JPEG) and one WebVTT caption file per language, timed by the steps of the recording
// (texts: apps/web/src/features/landing/tutorialCaptions.ts).
//
// Options (environment): WEB_DIST_DIR (default apps/web/dist), CHROMIUM_PATH, TUTORIAL_SIZES
// (e.g. "desktop"), FFMPEG (default "ffmpeg").
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LANGUAGES } from '@wordhoard/shared';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  TUTORIAL_CAPTIONS,
  TUTORIAL_STEPS,
  type TutorialStep,
} from '../../apps/web/src/features/landing/tutorialCaptions';
import { chromiumLaunchOptions } from '../chromium';
import { chooseLanguage } from '../tests/support/language';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const SERVER = path.join(root, 'apps/server/dist/main.js');
const WEB_DIST = path.resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const OUT_DIR = path.join(root, 'apps/web/public/tutorial');
const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';

/** As the landing page expects them (apps/web/src/features/landing/content.ts, TUTORIAL_RECORDINGS). */
const SIZES = {
  desktop: { width: 1280, height: 720, touch: false },
  mobile: { width: 390, height: 844, touch: true },
} as const;
type Size = keyof typeof SIZES;

const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  for (const [file, hint] of [
    [SERVER, 'build the server: npm run build'],
    [path.join(WEB_DIST, 'index.html'), 'build the web app: npm run build (or set WEB_DIST_DIR)'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-tutorial-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: WEB_DIST,
      LOG_LEVEL: 'error',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 300; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the server did not start');
}

/**
 * A visible pointer: headless recordings show none. A dot follows the mouse and grows on each
 * press, so a viewer sees what is about to be clicked or tapped.
 */
function installPointer(): void {
  const show = () => {
    if (document.getElementById('tutorial-pointer')) return;
    const dot = document.createElement('div');
    dot.id = 'tutorial-pointer';
    Object.assign(dot.style, {
      position: 'fixed',
      left: '-40px',
      top: '-40px',
      width: '22px',
      height: '22px',
      margin: '-11px 0 0 -11px',
      borderRadius: '50%',
      background: 'rgba(234, 88, 12, 0.45)',
      border: '2px solid rgba(234, 88, 12, 0.9)',
      pointerEvents: 'none',
      zIndex: '2147483647',
      transition: 'transform 120ms ease-out',
    });
    document.documentElement.appendChild(dot);
    document.addEventListener(
      'mousemove',
      (event) => {
        dot.style.left = `${event.clientX}px`;
        dot.style.top = `${event.clientY}px`;
      },
      true,
    );
    document.addEventListener('mousedown', () => (dot.style.transform = 'scale(1.6)'), true);
    document.addEventListener('mouseup', () => (dot.style.transform = 'scale(1)'), true);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
  else show();
}

interface Mark {
  step: TutorialStep;
  /** Seconds from the start of the recording. */
  at: number;
}

/** One walk through the app, paced for a viewer. Returns when each step began. */
async function walkThrough(page: Page, startedAt: number, size: Size, posterFile: string): Promise<Mark[]> {
  const marks: Mark[] = [];
  const mark = (step: TutorialStep) => marks.push({ step, at: (Date.now() - startedAt) / 1000 });
  // Pauses let a viewer read the screen: this records a video, it is not a test.
  const pause = (ms: number) => page.waitForTimeout(ms);
  let pointer = { x: SIZES[size].width / 2, y: SIZES[size].height / 2 };

  const moveTo = async (target: Locator) => {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error(`${target.toString()} is not visible`);
    const next = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(pointer.x, pointer.y);
    await page.mouse.move(next.x, next.y, { steps: 18 });
    pointer = next;
    await pause(350);
  };
  const click = async (target: Locator) => {
    await target.waitFor({ state: 'visible' });
    await moveTo(target);
    await target.click();
    await pause(500);
  };
  const type = async (target: Locator, text: string) => {
    await click(target);
    await target.pressSequentially(text, { delay: 110 });
    await pause(450);
  };
  const visible = (target: Locator) => target.waitFor({ state: 'visible', timeout: 15_000 });

  // The landing page.
  await page.goto('/');
  await visible(page.getByRole('heading', { level: 1, name: 'Wordhoard' }));
  mark('welcome');
  await pause(5500);

  // In as a guest.
  mark('guest');
  await click(page.getByRole('link', { name: 'Get started' }));
  await click(page.getByRole('link', { name: /Enter as a guest/ }));
  for (const name of [/terms of use/, /privacy policy/, /cookie policy/]) {
    await click(page.getByRole('checkbox', { name }));
  }
  await click(page.getByRole('button', { name: 'Enter as a guest' }));
  await visible(page.getByRole('heading', { level: 1, name: 'Main menu' }));
  await pause(1500);

  // A dictionary.
  mark('create');
  await click(
    page
      .getByRole('main')
      .getByRole('link', { name: /Dictionaries/ })
      .first(),
  );
  await click(page.getByRole('link', { name: /Create dictionary/ }).first());
  await type(page.getByLabel('Name'), 'Animals');
  // The languages are searchable lists (decision 0059): type a little, pick the language.
  await chooseLanguage(page, 'Terms language', 'engl', 'English');
  await pause(700);
  await chooseLanguage(page, 'Definitions language', 'germ', 'German');
  await pause(700);
  await click(page.getByRole('button', { name: 'Create', exact: true }));
  await visible(page.getByRole('heading', { level: 1, name: 'Animals' }));
  await pause(1500);

  // Words, one with two definitions.
  mark('words');
  await click(page.getByRole('link', { name: 'Manage words' }).first());
  const rows = page.getByTestId('word-row');
  const words = [
    { term: 'house', definitions: 'Haus, Gebäude' },
    { term: 'cat', definitions: 'Katze' },
    { term: 'dog', definitions: 'Hund' },
  ];
  for (const [index, word] of words.entries()) {
    await click(page.getByRole('button', { name: 'Add word' }));
    await type(rows.nth(index).getByLabel('Term'), word.term);
    await type(rows.nth(index).getByLabel('Definitions (comma-separated)'), word.definitions);
  }
  await click(page.getByRole('button', { name: 'Save changes' }));
  await visible(page.getByRole('table', { name: 'Words' }).getByRole('row').filter({ hasText: 'house' }));
  await pause(2500);

  // The test: the words in the order they were added.
  mark('start');
  await page.goto('/menu');
  await click(
    page
      .getByRole('main')
      .getByRole('link', { name: /Testing/ })
      .first(),
  );
  await visible(page.getByRole('heading', { level: 1, name: 'Set up a test' }));
  await pause(1200);
  await click(page.getByRole('radio', { name: 'First added' }));
  await click(page.getByRole('button', { name: 'Start the test' }));

  mark('answer');
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await visible(page.getByText('Word 1 of 3', { exact: true }));
  await pause(1200);
  await type(answer, 'Haus');
  await page.screenshot({ path: posterFile, type: 'jpeg', quality: 80 });
  await page.keyboard.press('Enter');
  await visible(page.getByText('Entries still needed: 1', { exact: true }));
  await pause(1200);
  await answer.pressSequentially('Gebäude', { delay: 110 });
  await pause(450);
  await page.keyboard.press('Enter');
  await visible(page.getByText('Word 2 of 3', { exact: true }));
  await pause(1500);

  // A wrong answer: the check, then the same word again.
  mark('check');
  await answer.pressSequentially('Hund', { delay: 110 });
  await pause(450);
  await page.keyboard.press('Enter');
  await visible(page.getByTestId('check-result'));
  await pause(3500);
  await click(page.getByRole('button', { name: 'Try again' }));
  await visible(page.getByText('Word 2 of 3', { exact: true }));
  await type(answer, 'Katze');
  await page.keyboard.press('Enter');
  await visible(page.getByText('Word 3 of 3', { exact: true }));
  await pause(1500);

  mark('skip');
  await click(page.getByRole('button', { name: 'Skip' }));
  await visible(page.getByRole('list', { name: 'Answers' }));
  await pause(3000);

  mark('report');
  await click(page.getByRole('button', { name: 'See the report' }));
  await visible(page.getByRole('heading', { level: 1, name: 'Test report' }));
  await pause(2000);
  await page.mouse.wheel(0, 400);
  await pause(4500);
  return marks;
}

function timestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const [hours, minutes, secs] = [
    Math.floor(ms / 3_600_000),
    Math.floor(ms / 60_000) % 60,
    Math.floor(ms / 1000) % 60,
  ];
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(ms % 1000, 3)}`;
}

/** One WebVTT file per language: each step's caption from its start to the next step's. */
function writeCaptions(size: Size, marks: Mark[], duration: number): void {
  for (const language of LANGUAGES) {
    const cues = marks.map((current, index) => {
      const end = marks[index + 1]?.at ?? duration;
      const text = TUTORIAL_CAPTIONS[current.step][language];
      return `${current.step}\n${timestamp(current.at)} --> ${timestamp(end)}\n${text}\n`;
    });
    writeFileSync(path.join(OUT_DIR, `tutorial-${size}.${language}.vtt`), `WEBVTT\n\n${cues.join('\n')}`);
  }
}

/** The system's ffmpeg, if there is one. */
async function findFfmpeg(): Promise<string | null> {
  try {
    const { stdout } = await run('sh', ['-c', `command -v ${JSON.stringify(FFMPEG)}`]);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/**
 * Playwright records through an ffmpeg of its own, downloaded by `playwright install ffmpeg`.
 * The system's ffmpeg does the same job: a throwaway browsers directory with it in that place
 * (PLAYWRIGHT_BROWSERS_PATH, read when Playwright loads; Chromium's path is given outright).
 */
function lendFfmpegToPlaywright(ffmpeg: string): string {
  const require = createRequire(import.meta.url);
  const browsersJson = path.join(path.dirname(require.resolve('playwright-core')), 'browsers.json');
  const { browsers } = JSON.parse(readFileSync(browsersJson, 'utf8')) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.find((browser) => browser.name === 'ffmpeg')?.revision;
  if (!revision) throw new Error(`${browsersJson} names no ffmpeg`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-tutorial-browsers-'));
  mkdirSync(path.join(dir, `ffmpeg-${revision}`));
  symlinkSync(ffmpeg, path.join(dir, `ffmpeg-${revision}`, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = dir;
  return dir;
}

/** Small files: 15 frames a second (a screen recording), VP9 and H.264 at a high CRF, no audio. */
async function encode(raw: string, size: Size): Promise<void> {
  const base = path.join(OUT_DIR, `tutorial-${size}`);
  const common = ['-y', '-hide_banner', '-loglevel', 'error', '-i', raw, '-an', '-r', '15'];
  await run(FFMPEG, [
    ...common,
    ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-row-mt', '1', '-deadline', 'good'],
    ...['-cpu-used', '4', '-pix_fmt', 'yuv420p', `${base}.webm`],
  ]);
  await run(FFMPEG, [
    ...common,
    ...['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+faststart', `${base}.mp4`],
  ]);
}

async function record(browser: Browser, baseURL: string, size: Size, withFfmpeg: boolean): Promise<void> {
  const { width, height, touch } = SIZES[size];
  const videoDir = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-tutorial-video-'));
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height },
      deviceScaleFactor: 1,
      hasTouch: touch,
      locale: 'en-US',
      reducedMotion: 'no-preference',
      recordVideo: { dir: videoDir, size: { width, height } },
    });
    await context.addInitScript(installPointer);
    const page = await context.newPage();
    const startedAt = Date.now();
    const marks = await walkThrough(page, startedAt, size, path.join(OUT_DIR, `tutorial-${size}.jpg`));
    const duration = (Date.now() - startedAt) / 1000;
    const video = page.video();
    await context.close();
    const raw = await video?.path();
    if (!raw) throw new Error('no video was recorded');

    writeCaptions(size, marks, duration);
    if (withFfmpeg) await encode(raw, size);
    else copyFileSync(raw, path.join(OUT_DIR, `tutorial-${size}.webm`));

    const written = ['webm', 'mp4', 'jpg']
      .map((ext) => path.join(OUT_DIR, `tutorial-${size}.${ext}`))
      .filter((file) => existsSync(file))
      .map((file) => `${path.basename(file)} ${(statSync(file).size / 1024).toFixed(0)} KB`);
    console.log(`${size}: ${duration.toFixed(1)} s, ${marks.length} steps; ${written.join(', ')}`);
  } finally {
    rmSync(videoDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const wanted = (process.env.TUTORIAL_SIZES ?? 'desktop,mobile')
    .split(',')
    .map((size) => size.trim())
    .filter((size): size is Size => size in SIZES);
  if (wanted.length === 0) throw new Error('TUTORIAL_SIZES names no size (desktop, mobile)');
  const captioned = new Set(Object.keys(TUTORIAL_CAPTIONS));
  if (!TUTORIAL_STEPS.every((step) => captioned.has(step))) throw new Error('a step has no captions');
  mkdirSync(OUT_DIR, { recursive: true });
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) console.warn('ffmpeg not found: writing the raw WebM recordings only, no MP4');
  const browsersDir = ffmpeg && lendFfmpegToPlaywright(ffmpeg);
  const { chromium } = await import('@playwright/test');

  const server = await startServer();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const size of wanted) await record(browser, server.url, size, ffmpeg !== null);
  } finally {
    await browser.close();
    await server.stop();
    if (browsersDir) rmSync(browsersDir, { recursive: true, force: true });
  }
}

await main();
