import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;

  /** The newest mail sent to an address, waiting for it if it has not come yet. */
  async function mailFor(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...inbox].reverse().find((m) => m.to.includes(address));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail for ${address}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    mailFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in link in a mail's plain-text part (quoted-printable soft breaks undone). */
export function signInLinkOf(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(/https?:\/\/[^\s"<>]+\/api\/auth\/magic-link\/verify\?[^\s"<>]+/);
  if (!m) throw new Error('no sign-in link in mail');
  return m[0].replace(/&amp;/g, '&');
}
