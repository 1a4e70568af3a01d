// The one /api client of the UI: JSON in and out, cookies sent, the server's Swedish {error}
// read from the body, and a network failure (offline, server down) told apart from a refusal.

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when no answer arrived: the caller may keep the work and try again later. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls /api{path}; resolves with the parsed JSON, rejects with an ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, headers, signal } = options;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError('Nätverksfel', 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const text =
      data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
        ? (data as { error: string }).error
        : '';
    throw new ApiError(text, response.status, data);
  }
  return data as T;
}

/** The server's text when it sent one, else the fallback (SPEC 8: server text preferred). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !error.isNetwork ? error.message : fallback;
}

export const isNetworkError = (error: unknown) => error instanceof ApiError && error.isNetwork;
