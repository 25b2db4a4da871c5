import nodemailer, { type Transporter } from 'nodemailer';
import { getSite } from '../config';

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

/** The SMTP transport of SMTP_URL, or undefined: requests are then stored and wait for it. */
export function mailTransport(): Transporter | undefined {
  const url = process.env.SMTP_URL;
  if (!url) return undefined;
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    transporterUrl = url;
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
