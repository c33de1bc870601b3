import { Progress, Tooltip } from 'antd';

/** A stress-test task, and how the task and history pages show its progress. */
export interface Task {
  id: string;
  taskName: string;
  deviceSns: string[];
  steps: number;
  upgradeVersion: string;
  downgradeVersion: string;
  wifiSsid: string;
  hasWifiPassword: boolean;
  stepTimeoutSeconds: number;
  status: 'running' | 'paused' | 'completed' | 'terminated';
  startedAt: number;
  finishedAt: number | null;
  totalSteps: number;
  doneSteps: number;
  succeeded: number;
  failed: number;
}

export const STATUS_COLORS = { running: 'processing', paused: 'warning', completed: 'success', terminated: 'default' } as const;

/** Done, succeeded and failed steps as a bar. */
export function TaskProgress({ task }: { task: Task }) {
  const percent = task.totalSteps ? Math.round((task.doneSteps / task.totalSteps) * 100) : 0;
  const success = task.totalSteps ? Math.round((task.succeeded / task.totalSteps) * 100) : 0;
  return (
    <Tooltip title={`${task.doneSteps} / ${task.totalSteps} · ✓ ${task.succeeded} · ✗ ${task.failed}`}>
      <Progress percent={percent} success={{ percent: success }} size="small" status={task.status === 'running' ? 'active' : task.failed ? 'exception' : 'normal'} style={{ width: 180 }} />
    </Tooltip>
  );
}

export const duration = (task: Task) => {
  const ms = (task.finishedAt ?? Date.now()) - task.startedAt;
  const minutes = Math.floor(ms / 60000);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min ${Math.floor((ms % 60000) / 1000)} s`;
};
