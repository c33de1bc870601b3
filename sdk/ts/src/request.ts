import { session } from './session';
import type { Lang } from './types';

/** Codes that mean success. */
export const SUCCESS_CODES = [200, 0, 99];
/** Codes that end the session: clear it and go to login (or back to the portal). */
export const SESSION_CODES = [401, 403, 506, 507, 508];
/** Requests time out after 20 minutes. */
export const TIMEOUT_MS = 20 * 60 * 1000;
/** At most one error toast per 500 ms, shown for 3 s. */
export const TOAST_GAP_MS = 500;
export const TOAST_SECONDS = 3;

/** Asks the host for the session as a cookie at sign-in, and lets the cookie count after. */
export const SESSION_MARKER = 'x-console-session';

export class RequestError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    /** The field the server named, for forms. */
    public readonly field?: string,
    /** The host's id of the request (`x-request-id`), for the user to quote. */
    public readonly requestId?: string,
  ) {
    super(message);
  }

  /** Already shown to the user (toasted, or the session ended): a form need not show it again. */
  shown = false;
}

interface Handlers {
  /** Shows an error toast for `seconds`. */
  notify: (message: string, seconds: number) => void;
  /** The session ended with `code`. */
  onSessionEnd: (code: number) => void;
  /** The menuId of the page in view, for the `menuId` header. */
  menuId: () => number | undefined;
  /** The tenancy the page in view asks with when it is not the header switcher's: the
   * system-configuration pages of the platform's own records send `platform`. */
  pageTenant: () => string | undefined;
  lang: () => Lang;
  /** Text shown when the server gave no message. */
  systemException: () => string;
  /** Text shown when no answer came: the network failed or the request timed out. */
  networkAbnormal: () => string;
  now: () => number;
}

const handlers: Handlers = {
  notify: () => undefined,
  onSessionEnd: () => undefined,
  menuId: () => undefined,
  pageTenant: () => undefined,
  lang: () => session.lang() ?? 'zhCn',
  systemException: () => 'System exception',
  networkAbnormal: () => 'Network abnormal',
  now: () => Date.now(),
};
let lastToastAt = Number.NEGATIVE_INFINITY;

/** The shell wires the request layer to its toasts, router and language once at start. */
export function configureRequest(next: Partial<Handlers>) {
  Object.assign(handlers, next);
  lastToastAt = Number.NEGATIVE_INFINITY;
}

function toast(message: string) {
  const now = handlers.now();
  if (now - lastToastAt < TOAST_GAP_MS) return;
  lastToastAt = now;
  handlers.notify(message, TOAST_SECONDS);
}

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined | null>;
  data?: unknown;
  /** Do not toast errors (the caller shows them, e.g. in a form). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Headers of this request only (a portal's `authorization`, once, at entry). */
  headers?: Record<string, string>;
}

/**
 * Handles the envelope of an answer: returns `data`, or throws after the reaction its code calls
 * for (a session code ends the session; another refusal is toasted unless quiet or a 500).
 */
export function settle<T>(code: number, msg: string | undefined, data: unknown, quiet = false, requestId?: string): T {
  if (SUCCESS_CODES.includes(code)) return data as T;
  const field = (data as { field?: string } | null)?.field;
  const error = new RequestError(code, msg || handlers.systemException(), field, requestId);
  if (SESSION_CODES.includes(code)) {
    session.clear();
    handlers.onSessionEnd(code);
    error.shown = true;
  } else if (code !== 500 && !quiet) {
    toast(error.message);
    error.shown = true;
  }
  throw error;
}

/** The console's headers of every request: language, session marker, tenant, menu. */
function consoleHeaders(extra?: Record<string, string>): Record<string, string> {
  // The session is the host's HttpOnly cookie; the marker lets it authenticate the request (a
  // header no other site can make the browser send).
  const headers: Record<string, string> = { lang: handlers.lang(), [SESSION_MARKER]: 'cookie', ...extra };
  // A request may name its own enterprise (a platform user adding an account to one); the host
  // checks the caller may act for it, as for the header's.
  const tenant = handlers.pageTenant() ?? session.tenant();
  if (tenant !== null && extra?.tenantId === undefined) headers.tenantId = tenant;
  const menuId = handlers.menuId();
  if (menuId !== undefined) headers.menuId = String(menuId);
  return headers;
}

/** What the host measured of an uploaded file (`/api/files/upload/<mount>/<purpose>`). */
export interface UploadedFile {
  uploadId: string;
  fileName: string;
  size: number;
  md5: string;
  sha256: string;
  kind: string;
  contentType: string;
  image: { format: string; width: number; height: number; alpha: boolean } | null;
}

/** An upload under way: its answer, and a way to stop it. */
export interface UploadTask {
  done: Promise<UploadedFile>;
  cancel: () => void;
}

/** The code of an upload the user cancelled. */
export const UPLOAD_CANCELLED = -2;

/**
 * Streams a file to the host for a plugin to claim, reporting progress in percent. The host
 * measures and checks it; a refusal rejects with the {@link RequestError} the host worded (quiet:
 * the field shows it). XMLHttpRequest, because fetch reports no upload progress.
 */
export function uploadFile(mount: string, purpose: string, file: File, onProgress: (percent: number) => void): UploadTask {
  const url = new URL(`/api/files/upload/${mount}/${purpose}`, window.location.origin);
  url.searchParams.set('fileName', file.name);
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedFile>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.floor((event.loaded * 100) / event.total));
    };
    xhr.onload = () => {
      let envelope: { code?: number; msg?: string; data?: unknown; requestId?: string };
      try {
        envelope = JSON.parse(xhr.responseText) as typeof envelope;
      } catch {
        envelope = { code: xhr.status };
      }
      try {
        resolve(settle<UploadedFile>(envelope.code ?? xhr.status, envelope.msg, envelope.data, true, envelope.requestId));
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.onerror = () => reject(new RequestError(-1, handlers.networkAbnormal()));
    xhr.onabort = () => reject(new RequestError(UPLOAD_CANCELLED, 'cancelled'));
  });
  xhr.open('POST', url);
  for (const [name, value] of Object.entries(consoleHeaders())) xhr.setRequestHeader(name, value);
  xhr.setRequestHeader('content-type', 'application/octet-stream');
  xhr.send(file);
  return { done, cancel: () => xhr.abort() };
}

/** A call to the host under `/api`, with the console's headers and envelope handling. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.params ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers = consoleHeaders(options.headers);
  let body: string | undefined;
  if (options.data !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.data);
  }
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => timeout.abort());
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: timeout.signal });
  } catch (cause) {
    // A call the caller gave up on says nothing; one the network lost says so.
    if (options.signal?.aborted) throw new RequestError(-1, String(cause));
    const error = new RequestError(-1, handlers.networkAbnormal());
    if (!options.quiet) {
      toast(error.message);
      error.shown = true;
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  let envelope: { code?: number; msg?: string; data?: unknown; requestId?: string };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    envelope = { code: response.status };
  }
  return settle<T>(envelope.code ?? response.status, envelope.msg, envelope.data, options.quiet, envelope.requestId);
}

export const api = {
  get: <T>(path: string, params?: RequestOptions['params'], options?: RequestOptions) => request<T>('GET', path, { ...options, params }),
  post: <T>(path: string, data?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, data: data ?? {} }),
  put: <T>(path: string, data?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, data: data ?? {} }),
  delete: <T>(path: string, data?: unknown, options?: RequestOptions) => request<T>('DELETE', path, { ...options, data }),
};
