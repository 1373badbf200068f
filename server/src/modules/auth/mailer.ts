import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sign-in link the mail carries: written alone on its own line when the mail goes to the log. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise (outside production) the mail is written to the log. */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(mail) {
        if (mail.link) {
          opts.log.info({ mail: { to: mail.to, subject: mail.subject } }, `Sign-in link for ${mail.to} (no SMTP_URL set, so it is not mailed); open it in a browser:\n\n${mail.link}\n`);
          return;
        }
        opts.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (no SMTP_URL set, not sent)');
      },
      close() {},
    };
  }
  // Nodemailer is loaded with the first mail: most starts send none before they are ready.
  const smtpUrl = opts.smtpUrl;
  let transport: Promise<Transporter> | null = null;
  return {
    async send({ link: _link, ...mail }) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      await (await transport).sendMail({ from: opts.from, ...mail });
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}

export function signInMail(url: string): Pick<Mail, 'subject' | 'text' | 'html' | 'link'> {
  const safe = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return {
    subject: 'Your Reelhouse sign-in link',
    text: `Open this link to sign in to Reelhouse:\n\n${url}\n\nIt works once and expires in 15 minutes. If you did not ask for it, ignore this mail.`,
    html: `<p>Open this link to sign in to Reelhouse:</p><p><a href="${safe}">Sign in to Reelhouse</a></p><p>It works once and expires in 15 minutes. If you did not ask for it, ignore this mail.</p>`,
    link: url,
  };
}
