import type { FastifyBaseLogger } from 'fastify';
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
