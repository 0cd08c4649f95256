import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError, serviceUnavailable } from '../../domain/errors';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` on reminders (docs/decisions/0054-reminders.md). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * What a client is told to wait after the mail server failed: the code mails' budget allows one
 * a minute per address and client, and the failed attempt spent it.
 */
const MAIL_RETRY_AFTER_SECONDS = 60;

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  /**
   * `timeoutMs` bounds connecting (DNS included) and the greeting; a silence in the middle of
   * a mail may last twice that (a server checks the content before it answers the DATA).
   * SMTP_URL may set any of the three itself (`?socketTimeout=60000`).
   */
  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeoutMs: number,
  ) {
    const url = new URL(smtpUrl);
    // Timeouts keep a dead mail server from holding a request open (decision 0073).
    for (const [name, value] of Object.entries({
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: 2 * timeoutMs,
    })) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
    }
    this.transport = nodemailer.createTransport(url.toString());
  }

  /**
   * A mail server that answered with an error (a 5xx of its own) → 502 UPSTREAM_ERROR; one that
   * could not be reached or did not answer in time → 503 with Retry-After. The cause is logged.
   */
  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...message });
    } catch (error) {
      const answered = typeof (error as { responseCode?: unknown }).responseCode === 'number';
      if (answered) throw new AppError('UPSTREAM_ERROR', {}, { cause: error });
      throw serviceUnavailable(MAIL_RETRY_AFTER_SECONDS, error);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * Without SMTP_URL the embedded default stays usable: the mail, code included, goes to the
 * server log (a warning at start says so).
 */
export class LogMailer implements Mailer {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: MailMessage): Promise<void> {
    this.log.warn(
      { to: message.to, subject: message.subject },
      `mail not sent (no SMTP_URL):\n${message.text}`,
    );
  }
}
