import { expect } from '@playwright/test';

const mailboxUrl = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** The six-digit code of the newest mail the server sent to `address` (read from the SMTP sink). */
export async function latestCode(address: string, options: { after?: number } = {}): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailboxUrl()}/mails?to=${encodeURIComponent(address)}`);
        const mails = (await response.json()) as { raw: string }[];
        const fresh = mails.slice(options.after ?? 0);
        const raw = fresh.at(-1)?.raw.replace(/=\r?\n/g, '');
        code = raw
          ? /\b(\d{6})\b/.exec(
              raw
                .split(/\r?\n\r?\n/)
                .slice(1)
                .join('\n'),
            )?.[1]
          : undefined;
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/** How many mails `address` has received so far. */
export async function mailCount(address: string): Promise<number> {
  const response = await fetch(`${mailboxUrl()}/mails?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as unknown[]).length;
}
