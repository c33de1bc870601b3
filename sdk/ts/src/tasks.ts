/**
 * The task centre: exports run as the user's tasks on the host (`/tasks`), so that a page asks
 * and goes on; the shell's task list in the header shows them and offers each file when it is
 * ready (kept seven days).
 */

/** A task as the host lists it. */
export interface Task {
  id: number;
  pluginId: string;
  /** The route it runs, with its query. */
  route: string;
  /** What it is, as its route's summary says. */
  title: string;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  fileName?: string | null;
  contentType?: string | null;
  size?: number | null;
  /** Why it failed, in the user's language. */
  error?: string | null;
  createdAt: number;
  finishedAt?: number | null;
  expiresAt: number;
}

/** Dispatched on `window` when a page started a task: the task list looks again at once. */
export const TASKS_CHANGED = 'console:tasks-changed';

/** A query as the task's route gets it: empty values left out, the rest as text. */
export function taskQuery(query: Record<string, unknown> = {}): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    kept[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return kept;
}
