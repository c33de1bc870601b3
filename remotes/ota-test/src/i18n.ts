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

const de: typeof en = {
  devices: 'Testgeräte', sn: 'SN', ip: 'Geräte-IP', online: 'Online', offline: 'Offline', onlineAt: 'Online seit', appUser: 'App-Benutzer', addDevice: 'Gerät hinzufügen',
  tasks: 'Belastungstests', history: 'Verlauf', taskName: 'Aufgabenname', deviceSns: 'Geräte-SNs', steps: 'Upgrade-/Downgrade-Schritte', upgradeVersion: 'Upgrade-Version',
  downgradeVersion: 'Downgrade-Version', wifiSsid: 'WLAN-SSID', wifiPassword: 'WLAN-Passwort', withPassword: 'mit Passwort', stepTimeoutSeconds: 'Zeitlimit pro Schritt (Sekunden)',
  status: 'Status', status_running: 'Läuft', status_paused: 'Pausiert', status_completed: 'Abgeschlossen', status_terminated: 'Beendet',
  progress: 'Fortschritt', startedAt: 'Gestartet', finishedAt: 'Beendet um', totalTime: 'Gesamtdauer', addTask: 'Neue Aufgabe', restart: 'Neu starten', pause: 'Pausieren', terminate: 'Beenden',
  confirmAction: 'Aufgabe „{{name}}“: {{action}}?', report: 'Bericht', stepsDone: 'Erledigte Schritte', succeeded: 'Erfolgreich', failed: 'Fehlgeschlagen', timedOut: 'Zeitüberschreitung',
  averageMs: 'Durchschnitt (ms)', longestMs: 'Längste (ms)', reasons: 'Fehlerursachen', exportCsv: 'CSV', exportExcel: 'Excel', actions: 'Aktionen', edit: 'Bearbeiten', saved: 'Gespeichert',
  from: 'Von', to: 'Bis', pausedCannotTerminate: 'Die Aufgabe ist pausiert und kann nicht beendet werden.',
};
const es: typeof en = {
  devices: 'Dispositivos de prueba', sn: 'SN', ip: 'IP del dispositivo', online: 'En línea', offline: 'Sin conexión', onlineAt: 'En línea desde', appUser: 'Usuario de la app', addDevice: 'Añadir dispositivo',
  tasks: 'Pruebas de estrés', history: 'Historial', taskName: 'Nombre de la tarea', deviceSns: 'SN de los dispositivos', steps: 'Pasos de actualización/reversión', upgradeVersion: 'Versión de actualización',
  downgradeVersion: 'Versión de reversión', wifiSsid: 'SSID de la WiFi', wifiPassword: 'Contraseña de la WiFi', withPassword: 'con contraseña', stepTimeoutSeconds: 'Tiempo límite por paso (segundos)',
  status: 'Estado', status_running: 'En curso', status_paused: 'En pausa', status_completed: 'Completada', status_terminated: 'Terminada',
  progress: 'Progreso', startedAt: 'Inicio', finishedAt: 'Fin', totalTime: 'Tiempo total', addTask: 'Nueva tarea', restart: 'Reanudar', pause: 'Pausar', terminate: 'Terminar',
  confirmAction: '¿{{action}} la tarea «{{name}}»?', report: 'Informe', stepsDone: 'Pasos realizados', succeeded: 'Correctos', failed: 'Fallidos', timedOut: 'Tiempo agotado',
  averageMs: 'Media (ms)', longestMs: 'Máximo (ms)', reasons: 'Causas de fallo', exportCsv: 'CSV', exportExcel: 'Excel', actions: 'Acciones', edit: 'Editar', saved: 'Guardado',
  from: 'Desde', to: 'Hasta', pausedCannotTerminate: 'La tarea está en pausa y no se puede terminar.',
};
const fr: typeof en = {
  devices: 'Appareils de test', sn: 'SN', ip: 'IP de l’appareil', online: 'En ligne', offline: 'Hors ligne', onlineAt: 'En ligne depuis', appUser: 'Utilisateur de l’app', addDevice: 'Ajouter un appareil',
  tasks: 'Tests de charge', history: 'Historique', taskName: 'Nom de la tâche', deviceSns: 'SN des appareils', steps: 'Étapes de mise à niveau/rétrogradation', upgradeVersion: 'Version de mise à niveau',
  downgradeVersion: 'Version de rétrogradation', wifiSsid: 'SSID Wi-Fi', wifiPassword: 'Mot de passe Wi-Fi', withPassword: 'avec mot de passe', stepTimeoutSeconds: 'Délai par étape (secondes)',
  status: 'Statut', status_running: 'En cours', status_paused: 'En pause', status_completed: 'Terminée', status_terminated: 'Arrêtée',
  progress: 'Progression', startedAt: 'Début', finishedAt: 'Fin', totalTime: 'Durée totale', addTask: 'Nouvelle tâche', restart: 'Reprendre', pause: 'Pause', terminate: 'Terminer',
  confirmAction: '{{action}} la tâche « {{name}} » ?', report: 'Rapport', stepsDone: 'Étapes effectuées', succeeded: 'Réussies', failed: 'Échouées', timedOut: 'Délai dépassé',
  averageMs: 'Moyenne (ms)', longestMs: 'Maximum (ms)', reasons: 'Causes d’échec', exportCsv: 'CSV', exportExcel: 'Excel', actions: 'Actions', edit: 'Modifier', saved: 'Enregistré',
  from: 'Du', to: 'Au', pausedCannotTerminate: 'La tâche est en pause : elle ne peut pas être terminée.',
};
const pt: typeof en = {
  devices: 'Dispositivos de teste', sn: 'SN', ip: 'IP do dispositivo', online: 'Online', offline: 'Offline', onlineAt: 'Online desde', appUser: 'Utilizador da app', addDevice: 'Adicionar dispositivo',
  tasks: 'Testes de stress', history: 'Histórico', taskName: 'Nome da tarefa', deviceSns: 'SN dos dispositivos', steps: 'Passos de atualização/reversão', upgradeVersion: 'Versão de atualização',
  downgradeVersion: 'Versão de reversão', wifiSsid: 'SSID do Wi-Fi', wifiPassword: 'Palavra-passe do Wi-Fi', withPassword: 'com palavra-passe', stepTimeoutSeconds: 'Tempo limite por passo (segundos)',
  status: 'Estado', status_running: 'Em curso', status_paused: 'Em pausa', status_completed: 'Concluída', status_terminated: 'Terminada',
  progress: 'Progresso', startedAt: 'Início', finishedAt: 'Fim', totalTime: 'Tempo total', addTask: 'Nova tarefa', restart: 'Retomar', pause: 'Pausar', terminate: 'Terminar',
  confirmAction: '{{action}} a tarefa «{{name}}»?', report: 'Relatório', stepsDone: 'Passos concluídos', succeeded: 'Com êxito', failed: 'Falhados', timedOut: 'Tempo esgotado',
  averageMs: 'Média (ms)', longestMs: 'Máximo (ms)', reasons: 'Causas de falha', exportCsv: 'CSV', exportExcel: 'Excel', actions: 'Ações', edit: 'Editar', saved: 'Guardado',
  from: 'De', to: 'Até', pausedCannotTerminate: 'A tarefa está em pausa e não pode ser terminada.',
};
const ru: typeof en = {
  devices: 'Тестовые устройства', sn: 'SN', ip: 'IP устройства', online: 'В сети', offline: 'Не в сети', onlineAt: 'В сети с', appUser: 'Пользователь приложения', addDevice: 'Добавить устройство',
  tasks: 'Нагрузочные тесты', history: 'История', taskName: 'Название задачи', deviceSns: 'SN устройств', steps: 'Шаги обновления/отката', upgradeVersion: 'Версия обновления',
  downgradeVersion: 'Версия отката', wifiSsid: 'SSID Wi-Fi', wifiPassword: 'Пароль Wi-Fi', withPassword: 'с паролем', stepTimeoutSeconds: 'Тайм-аут шага (секунды)',
  status: 'Статус', status_running: 'Выполняется', status_paused: 'Приостановлена', status_completed: 'Завершена', status_terminated: 'Прервана',
  progress: 'Ход выполнения', startedAt: 'Начало', finishedAt: 'Окончание', totalTime: 'Общее время', addTask: 'Новая задача', restart: 'Возобновить', pause: 'Пауза', terminate: 'Завершить',
  confirmAction: '{{action}}: задача «{{name}}»?', report: 'Отчёт', stepsDone: 'Выполнено шагов', succeeded: 'Успешно', failed: 'С ошибкой', timedOut: 'Тайм-аут',
  averageMs: 'Среднее (мс)', longestMs: 'Максимум (мс)', reasons: 'Причины сбоев', exportCsv: 'CSV', exportExcel: 'Excel', actions: 'Действия', edit: 'Изменить', saved: 'Сохранено',
  from: 'С', to: 'По', pausedCannotTerminate: 'Задача приостановлена, её нельзя завершить.',
};

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
