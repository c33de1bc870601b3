import type { Resources } from '@console/sdk';

const en = {
  devices: 'Test devices', sn: 'SN', ip: 'Device IP', online: 'Online', offline: 'Offline', onlineAt: 'Online since', appUser: 'App user', addDevice: 'Add device',
  tasks: 'Stress-test tasks', history: 'History', taskName: 'Task name', deviceSns: 'Device SNs', steps: 'Upgrade/downgrade steps', upgradeVersion: 'Upgrade version',
  downgradeVersion: 'Downgrade version', wifiSsid: 'WiFi SSID', wifiPassword: 'WiFi password', withPassword: 'with password', stepTimeoutSeconds: 'Step timeout (seconds)',
  status: 'Status', status_running: 'In progress', status_paused: 'Paused', status_completed: 'Completed', status_terminated: 'Terminated',
  progress: 'Progress', startedAt: 'Started', finishedAt: 'Finished', totalTime: 'Total time', addTask: 'New task', restart: 'Restart', pause: 'Pause', terminate: 'Terminate',
  confirmAction: '{{action}} the task "{{name}}"?', report: 'Report', stepsDone: 'Steps done', succeeded: 'Succeeded', failed: 'Failed', timedOut: 'Timed out',
  averageMs: 'Average (ms)', longestMs: 'Longest (ms)', reasons: 'Failure reasons', exportCsv: 'CSV', exportExcel: 'Excel', actions: 'Actions', edit: 'Edit', saved: 'Saved',
  from: 'From', to: 'To', pausedCannotTerminate: 'Mission paused, cannot be terminated.',
};

const zhCn: typeof en = {
  devices: '测试设备', sn: 'SN', ip: '设备 IP', online: '在线', offline: '离线', onlineAt: '上线时间', appUser: 'App 用户', addDevice: '新增设备',
  tasks: '压力测试任务', history: '历史记录', taskName: '任务名称', deviceSns: '设备 SN', steps: '升降级次数', upgradeVersion: '升级版本', downgradeVersion: '降级版本',
  wifiSsid: 'WiFi 名称', wifiPassword: 'WiFi 密码', withPassword: '有密码', stepTimeoutSeconds: '单步超时（秒）',
  status: '状态', status_running: '进行中', status_paused: '已暂停', status_completed: '已完成', status_terminated: '已终止',
  progress: '进度', startedAt: '开始时间', finishedAt: '结束时间', totalTime: '总耗时', addTask: '新建任务', restart: '重启', pause: '暂停', terminate: '终止',
  confirmAction: '确认{{action}}任务“{{name}}”？', report: '报告', stepsDone: '已完成步数', succeeded: '成功', failed: '失败', timedOut: '超时',
  averageMs: '平均耗时（毫秒）', longestMs: '最长耗时（毫秒）', reasons: '失败原因', exportCsv: 'CSV', exportExcel: 'Excel', actions: '操作', edit: '修改', saved: '保存成功',
  from: '开始', to: '结束', pausedCannotTerminate: '任务已暂停，无法终止',
};

const de: Partial<typeof en> = { devices: 'Testgeräte', tasks: 'Belastungstests', history: 'Verlauf', restart: 'Neu starten', pause: 'Pausieren', terminate: 'Beenden', report: 'Bericht', actions: 'Aktionen', status_running: 'Läuft', status_paused: 'Pausiert', status_completed: 'Abgeschlossen', status_terminated: 'Beendet' };
const es: Partial<typeof en> = { devices: 'Dispositivos de prueba', tasks: 'Pruebas de estrés', history: 'Historial', restart: 'Reanudar', pause: 'Pausar', terminate: 'Terminar', report: 'Informe', actions: 'Acciones', status_running: 'En curso', status_paused: 'En pausa', status_completed: 'Completada', status_terminated: 'Terminada' };
const fr: Partial<typeof en> = { devices: 'Appareils de test', tasks: 'Tests de charge', history: 'Historique', restart: 'Reprendre', pause: 'Pause', terminate: 'Terminer', report: 'Rapport', actions: 'Actions', status_running: 'En cours', status_paused: 'En pause', status_completed: 'Terminée', status_terminated: 'Arrêtée' };
const pt: Partial<typeof en> = { devices: 'Dispositivos de teste', tasks: 'Testes de stress', history: 'Histórico', restart: 'Retomar', pause: 'Pausar', terminate: 'Terminar', report: 'Relatório', actions: 'Ações', status_running: 'Em curso', status_paused: 'Em pausa', status_completed: 'Concluída', status_terminated: 'Terminada' };
const ru: Partial<typeof en> = { devices: 'Тестовые устройства', tasks: 'Нагрузочные тесты', history: 'История', restart: 'Возобновить', pause: 'Пауза', terminate: 'Завершить', report: 'Отчёт', actions: 'Действия', status_running: 'Выполняется', status_paused: 'Приостановлена', status_completed: 'Завершена', status_terminated: 'Прервана' };

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
