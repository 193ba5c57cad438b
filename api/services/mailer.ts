/**
 * Outgoing mail through nodemailer: SMTP (SMTP_URL) in production; elsewhere nodemailer's JSON transport and
 * the dev mailbox (the mails table, GET /api/dev/mailbox), so a person and the tests can read sign-in codes.
 */
import nodemailer from "nodemailer";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { mails } from "../db/tables";
import type { Env } from "../env";
import { newId } from "../ids";
import type { Logger } from "../logger";

export type Mail = { to: string; subject: string; text: string; replyTo?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

const FROM = "Fairdraw <no-reply@fairdraw.app>";

export function createMailer(env: Env, db: Db, clock: Clock, logger: Logger): Mailer {
  if (env.nodeEnv === "production" && env.smtpUrl) {
    const transport = nodemailer.createTransport(env.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: FROM, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    send: async (mail) => {
      await transport.sendMail({ from: FROM, ...mail });
      await db.insert(mails).values({ id: newId(), ...mail, createdAt: clock().toISOString() });
      logger.info({ to: mail.to, subject: mail.subject }, "mail kept in the dev mailbox");
    },
  };
}
