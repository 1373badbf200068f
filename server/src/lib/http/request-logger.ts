import type { FastifyBaseLogger, FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ChildLoggerOptions } from 'fastify/types/logger.js';

type Bindings = Record<string, unknown>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * The per-request logger (`req.log`), carrying the request id. Fastify builds a pino child for
 * every request; at the usual levels most requests never log, so this builds the child only
 * when a line is actually written, saving its set-up on every call.
 */
export class LazyRequestLogger {
  #real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly own: Bindings,
    private readonly options: Record<string, unknown>,
  ) {}

  private real(): FastifyBaseLogger {
    this.#real ??= this.parent.child(this.own, this.options);
    return this.#real;
  }

  private enabled(level: string): boolean {
    const logger = (this.#real ?? this.parent) as FastifyBaseLogger & { isLevelEnabled?(l: string): boolean };
    return logger.isLevelEnabled ? logger.isLevelEnabled(level) : true;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.enabled(level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#real?.level ?? this.parent.level;
  }

  set level(value: string) {
    this.real().level = value;
  }

  isLevelEnabled(level: string): boolean {
    return this.enabled(level);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: Record<string, unknown>): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  bindings(): Bindings {
    return { ...(this.parent as unknown as { bindings(): Bindings }).bindings(), ...this.own };
  }
}

/** Fastify's childLoggerFactory: a route-level log level needs the real child at once. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options && Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, options as Record<string, unknown>) as unknown as FastifyBaseLogger;
}

/** Query parameters whose values are secrets (sign-in tokens, OAuth codes and states): written as "[redacted]". */
const SECRET_PARAM = /token|code|state|secret|password|signature|key/i;

/** The request URL with the values of secret-looking query parameters hidden. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const parts = url.slice(q + 1).split('&');
  let changed = false;
  for (let i = 0; i < parts.length; i++) {
    const eq = parts[i].indexOf('=');
    const name = eq === -1 ? parts[i] : parts[i].slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // a broken escape: the name as it came
    }
    if (eq !== -1 && SECRET_PARAM.test(decoded)) {
      parts[i] = `${name}=[redacted]`;
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${parts.join('&')}` : url;
}

/** How a request is written in the log: Fastify's own fields, with the URL's secrets hidden. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/**
 * The log read by a person at a terminal (development): pino-pretty, one coloured line per entry with its fields
 * below, and a message's own line breaks kept (the sign-in link stands alone on its line). Written in this thread (no
 * transport worker); loaded only when asked for. Production writes JSON.
 */
export async function prettyStream(): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: false, sync: true });
}

/** The server's logger options, with the request serializer above; `stream`, when given, is where lines go. */
export function loggerOptions(given: FastifyServerOptions['logger'] | undefined, level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base: FastifyLoggerOptions = given === undefined || given === true ? { level, ...(stream ? { stream } : {}) } : (given as FastifyLoggerOptions);
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } } as FastifyServerOptions['logger'];
}
