import { CheckCircleOutlined, CloseCircleOutlined, LoadingOutlined, ProfileOutlined, StopOutlined } from '@ant-design/icons';
import { api, formatTime, type Task, TASKS_CHANGED } from '@console/sdk';
import { App, Badge, Button, Empty, Popover, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How often the list looks again while a task runs or the list is open. */
const EVERY_MS = 1500;

const ICONS = {
  running: <LoadingOutlined />,
  done: <CheckCircleOutlined style={{ color: '#52c41a' }} />,
  failed: <CloseCircleOutlined style={{ color: '#ff4d4f' }} />,
  cancelled: <StopOutlined />,
};

/** Saves a task's file through the signed link the host gives for it. */
function save(task: Task) {
  return api.get<{ url: string }>(`/tasks/${task.id}/link`).then(({ url }) => {
    const link = document.createElement('a');
    link.href = url;
    link.download = task.fileName ?? '';
    link.click();
  });
}

/**
 * The task list in the header: the user's exports of the last seven days, a spinner while one
 * runs, its file to download when it is ready (and a notice then, wherever the user is in the
 * console), a running one to cancel.
 */
export function TaskCenter() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const [tasks, setTasks] = useState<Task[]>([]);
  const [open, setOpen] = useState(false);
  const seen = useRef(new Map<number, Task['status']>());
  // Tasks this console started: their end is told even if the list never saw them running (a
  // quick export is done before the list looks).
  const awaited = useRef(new Set<number>());
  const load = useCallback(
    () =>
      api.get<Task[]>('/tasks', undefined, { quiet: true }).then(
        (list) => {
          for (const task of list) {
            if (task.status === 'running' || (seen.current.get(task.id) !== 'running' && !awaited.current.has(task.id))) continue;
            awaited.current.delete(task.id);
            if (task.status === 'done') {
              notification.success({
                key: `task-${task.id}`,
                // Below, not over the header's own controls.
                placement: 'bottomRight',
                title: t('tasks.ready', { name: task.fileName }),
                description: task.title,
                actions: (
                  <Button
                    type="primary"
                    size="small"
                    data-testid={`task-notice-download-${task.id}`}
                    onClick={() => {
                      notification.destroy(`task-${task.id}`);
                      void save(task).catch(() => undefined);
                    }}
                  >
                    {t('tasks.download')}
                  </Button>
                ),
              });
            } else if (task.status === 'failed') {
              notification.error({ key: `task-${task.id}`, placement: 'bottomRight', title: t('tasks.failedTitle', { title: task.title }), description: task.error });
            }
          }
          seen.current = new Map(list.map((task) => [task.id, task.status]));
          setTasks(list);
        },
        () => undefined,
      ),
    [notification, t],
  );
  useEffect(() => {
    void load();
    const again = (event: Event) => {
      const started = (event as CustomEvent<Task | undefined>).detail;
      if (started?.id !== undefined) awaited.current.add(started.id);
      void load();
    };
    window.addEventListener(TASKS_CHANGED, again);
    return () => window.removeEventListener(TASKS_CHANGED, again);
  }, [load]);
  const running = tasks.filter((task) => task.status === 'running').length;
  useEffect(() => {
    if (running === 0 && !open) return undefined;
    const timer = setInterval(() => void load(), EVERY_MS);
    return () => clearInterval(timer);
  }, [running, open, load]);

  const cancel = (task: Task) =>
    api.post<Task>(`/tasks/${task.id}/cancel`, {}).then(
      () => load(),
      () => undefined,
    );
  const list = (
    <div className="console-tasks" data-testid="task-list">
      {tasks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} />
      ) : (
        tasks.map((task) => (
          <div key={task.id} className="console-task" data-testid={`task-${task.id}`}>
            <span className="console-task-icon">{ICONS[task.status]}</span>
            <div className="console-task-body">
              <Typography.Text strong ellipsis>
                {task.fileName ?? task.title}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid={`task-status-${task.id}`}>
                {t(`tasks.${task.status}`)} · {formatTime(task.createdAt)}
              </Typography.Text>
              {task.error && <Typography.Text type="danger">{task.error}</Typography.Text>}
            </div>
            {task.status === 'done' && (
              <Button type="link" size="small" data-testid={`task-download-${task.id}`} onClick={() => void save(task).catch(() => undefined)}>
                {t('tasks.download')}
              </Button>
            )}
            {task.status === 'running' && (
              <Button type="link" size="small" danger data-testid={`task-cancel-${task.id}`} onClick={() => void cancel(task)}>
                {t('tasks.cancel')}
              </Button>
            )}
          </div>
        ))
      )}
      <Typography.Text type="secondary" className="console-tasks-kept">
        {t('tasks.kept')}
      </Typography.Text>
    </div>
  );
  return (
    <Popover
      content={list}
      title={t('tasks.title')}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
    >
      <Badge count={running} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<ProfileOutlined />} aria-label={t('tasks.title')} title={t('tasks.title')} data-testid="task-center" />
      </Badge>
    </Popover>
  );
}
