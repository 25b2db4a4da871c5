import nodemailer, { type Transporter } from 'nodemailer';
import { getSite } from '../config';

export type SmtpTimeouts = { connectionTimeout: number; greetingTimeout: number; socketTimeout: number };

/**
 * How long we wait for the mail server. The dangerous wait is the one for the answer to the end
 * of DATA: a server that answers after we gave up has usually queued the mail, so giving up early
 * sends it twice (RFC 1047). RFC 5321 §4.5.3.2.6 asks clients to wait 10 minutes for that answer;
 * nodemailer has one inactivity timeout for every answer, so SMTP_TIMEOUT_MS sets it for all.
 * Reaching and greeting the server keep a short wait, so that an outage shows quickly.
 */
export function smtpTimeouts(): SmtpTimeouts {
  const socketTimeout = Number(process.env.SMTP_TIMEOUT_MS) || 10 * 60 * 1000;
  const setup = Math.min(socketTimeout, 30_000);
  return { connectionTimeout: setup, greetingTimeout: setup, socketTimeout };
}

/**
 * The longest one send may take before it is aborted: reaching and greeting the server, one
 * answer as slow as the socket timeout allows, and as long again for every other exchange and the
 * transfer itself. The outbox lease is longer than this, so no job is claimed twice while sent.
 */
export function smtpSendDeadlineMs(timeouts = smtpTimeouts()): number {
  return timeouts.connectionTimeout + timeouts.greetingTimeout + 2 * timeouts.socketTimeout;
}

let transporter: Transporter | undefined;
let transporterKey: string | undefined;

/** The SMTP transport of SMTP_URL, or undefined: requests are then stored and wait for it. */
export function mailTransport(): Transporter | undefined {
  const url = process.env.SMTP_URL;
  if (!url) return undefined;
  const timeouts = smtpTimeouts();
  const key = JSON.stringify([url, timeouts]);
  if (!transporter || transporterKey !== key) {
    transporter = nodemailer.createTransport({ url, ...timeouts });
    transporterKey = key;
  }
  return transporter;
}

export function mailFrom(): string {
  const { siteInfo } = getSite();
  return process.env.MAIL_FROM || `"${siteInfo.name.replace(/"/g, '')}" <${siteInfo.email}>`;
}

/** Where the agency's copy of every request goes. */
export function agencyAddress(): string {
  return process.env.MAIL_TO || getSite().siteInfo.email;
}

/** Absolute links in e-mails: SITE_URL when set, else the configured site address. */
export function siteOrigin(): string {
  return (process.env.SITE_URL || getSite().siteInfo.siteUrl).replace(/\/$/, '');
}

/**
 * The Message-ID of an outbox job: the same on every attempt, so that when a slow server got an
 * earlier attempt after all, the copies are recognisably one message and a mail store or client
 * can keep one of them.
 */
export function jobMessageId(jobId: string): string {
  return `<${jobId}@${new URL(siteOrigin()).hostname}>`;
}
