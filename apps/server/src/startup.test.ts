import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import { logTransport, portInUseMessage, startupBanner } from './startup';

describe('the start-up banner', () => {
  it('names the PostgreSQL server and the SMTP host without their credentials', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:s3cret@db.internal:6543/wordhoard',
      SMTP_URL: 'smtps://mailer:hunter2@smtp.example.com:465',
      APP_ORIGIN: 'https://words.example.com',
    });
    const banner = startupBanner(config, 3000, true);
    expect(banner).toContain('open https://words.example.com\n');
    expect(banner).toContain('database: PostgreSQL at db.internal:6543/wordhoard\n');
    expect(banner).toContain('mail: SMTP at smtp.example.com:465\n');
    expect(banner).not.toMatch(/s3cret|hunter2|app:|mailer/);
  });

  it('names the version of the root package.json', () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(startupBanner(loadConfig({}), 3000, false)).toContain(`Wordhoard ${version} is running`);
  });

  it('shows the port it listens on when APP_ORIGIN is not set', () => {
    expect(startupBanner(loadConfig({ PORT: '0' }), 41234, false)).toContain('open http://localhost:41234\n');
  });
});

describe('the log format', () => {
  const target = (env: NodeJS.ProcessEnv, isTty: boolean, nodeEnv: string | undefined) =>
    logTransport(loadConfig(env), { isTty, nodeEnv })?.target;

  it('is readable in a terminal outside production and JSON otherwise', () => {
    expect(target({}, true, undefined)).toMatch(/pino-pretty/);
    expect(target({}, true, 'development')).toMatch(/pino-pretty/);
    expect(target({}, true, 'production')).toBeUndefined();
    expect(target({}, false, undefined)).toBeUndefined();
  });

  it('follows LOG_FORMAT when set', () => {
    expect(target({ LOG_FORMAT: 'pretty' }, false, 'production')).toMatch(/pino-pretty/);
    expect(target({ LOG_FORMAT: 'json' }, true, undefined)).toBeUndefined();
  });
});

it('suggests the next port when the port is taken', () => {
  expect(portInUseMessage(3000)).toBe(
    'Port 3000 is in use. Set PORT to another port, e.g. PORT=3001 npm start',
  );
});
