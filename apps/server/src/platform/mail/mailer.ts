import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client.ts";
import { claimPending, markFailed, markSent, type OutgoingMail } from "./outbox.ts";

export type MailTransport = (mail: OutgoingMail) => Promise<void>;

/** Without SMTP the letters go to the log, so that a developer can follow the links. */
export function consoleTransport(log: FastifyBaseLogger): MailTransport {
  return async (mail) => {
    log.info({ to: mail.to, subject: mail.subject }, `mail:\n${mail.text}`);
  };
}

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return async (mail) => {
    await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}

/** Delivers the outbox: kicked after each commit that enqueues mail, and on a timer for retries. */
export class MailDispatcher {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(retryEveryMs = 60_000): void {
    this.timer = setInterval(() => this.kick(), retryEveryMs);
    this.timer.unref();
  }

  /** Starts a delivery pass; resolves when the outbox has been drained as far as it can be. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.kick();
      }
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const sent = await this.db.transaction(async (tx) => {
          const batch = await claimPending(tx, 20);
          for (const mail of batch) {
            try {
              await this.transport(mail);
              await markSent(tx, mail.id);
            } catch (error) {
              this.log.warn({ err: error, to: mail.to }, "mail delivery failed");
              await markFailed(tx, mail.id, String(error));
            }
          }
          return batch.length;
        });
        if (sent < 20) return;
      }
    } catch (error) {
      this.log.error({ err: error }, "mail outbox pass failed");
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
