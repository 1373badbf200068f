/** Every failed call becomes one of these; the client never shows UI itself. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything with zod's safeParse shape: a zod schema, or a light checker where zod is too heavy. */
export interface Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

function readError(status: number, payload: unknown): ApiError {
  const error = (payload as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${status}`;
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : status === 429
        ? 'Too many attempts. Please wait a moment and try again.'
        : 'Something went wrong. Please try again.';
  return new ApiError(status, code, message);
}

/**
 * Calls `/api/<path>` with the session cookie and parses the `{ data }` envelope
 * with the given schema (zod or compatible). Throws ApiError on any failure.
 */
async function request<T>(method: Method, path: string, schema: Parser<T>, options: RequestOptions = {}): Promise<T> {
  const url = `/api/${path.replace(/^\/+/, '')}`;
  // A FormData body (a file upload) goes as multipart, with the boundary the browser sets.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : null;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
      },
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'Reelhouse could not be reached. Check your connection and try again.');
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw readError(response.status, payload);

  const data = (payload as { data?: unknown } | null)?.data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, 'invalid_response', 'Reelhouse sent an answer this page does not understand. Please reload.');
  }
  return parsed.data;
}

export const api = {
  get: <T>(path: string, schema: Parser<T>, options?: Omit<RequestOptions, 'body'>) => request('GET', path, schema, options),
  post: <T>(path: string, body: unknown, schema: Parser<T>, options?: Omit<RequestOptions, 'body'>) =>
    request('POST', path, schema, { ...options, body }),
  put: <T>(path: string, body: unknown, schema: Parser<T>) => request('PUT', path, schema, { body }),
  /** multipart/form-data (file uploads). */
  postForm: <T>(path: string, form: FormData, schema: Parser<T>) => request('POST', path, schema, { body: form }),
  /** A body only where the route asks for one (closing an account asks for a confirmation). */
  delete: <T>(path: string, schema: Parser<T>, body?: unknown) => request('DELETE', path, schema, body === undefined ? {} : { body }),
};
