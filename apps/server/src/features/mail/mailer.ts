import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

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

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    // Timeouts keep a dead mail server from holding a request open.
    for (const [name, value] of Object.entries({
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
    }
    this.transport = nodemailer.createTransport(url.toString());
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
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
