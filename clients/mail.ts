import nodemailer from 'nodemailer';

export function createMailTransport(smtpUrl: string) {
  return nodemailer.createTransport(smtpUrl, { connectionTimeout: 5_000, greetingTimeout: 5_000 });
}
