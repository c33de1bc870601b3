import type { Resources } from '@console/sdk';

const en = {
  baselines: 'Baseline packages', baselineName: 'Baseline name', version: 'Version', arch: 'CPU architecture', file: 'Package file', size: 'Size', sha256: 'sha256',
  remark: 'Remark', upload: 'Upload baseline', edit: 'Edit', actions: 'Actions', saved: 'Saved',
  testPatches: 'Plugin upgrades in test', prodPatches: 'Plugin upgrades in production', pluginName: 'Plugin name', pluginVersion: 'Plugin version', patchVersion: 'Patch version',
  baseline: 'Target baseline', patchUrl: 'Patch URL', patchFile: 'Patch file', currentFile: 'Current file: {{name}} ({{size}}). Choose a new file only to replace it.', patchSha256: 'Patch sha256', patchSource: 'Patch', byUrl: 'By URL', byUpload: 'Upload',
  description: 'Description', status: 'Status', status_draft: 'Draft', status_testing: 'In test', status_production: 'In production', status_revoked: 'Revoked',
  addPatch: 'Add patch', releaseTest: 'Release to test', changeWhitelist: 'Whitelist', whitelist: 'Whitelist (SNs or app users)', promote: 'Release to production',
  confirmPromote: 'Release {{name}} patch {{version}} to production? Every device on that baseline will get it.', revoke: 'Revoke', flow: 'Update flow',
  step: 'Step', by: 'By', at: 'At', detail: 'Detail', step_created: 'Created', step_edited: 'Edited', step_releasedToTest: 'Released to test',
  step_whitelistChanged: 'Whitelist changed', step_promoted: 'Released to production', step_revoked: 'Revoked',
  logs: 'Hot update log', sn: 'SN / app user', result: 'Result', success: 'Applied', failure: 'Failed', message: 'Message', reportedAt: 'Reported at',
};

const zhCn: typeof en = {
  baselines: '基线包', baselineName: '基线名称', version: '版本', arch: 'CPU 架构', file: '基线包文件', size: '大小', sha256: 'sha256', remark: '备注',
  upload: '上传基线包', edit: '修改', actions: '操作', saved: '保存成功',
  testPatches: '插件升级（测试）', prodPatches: '插件升级（正式）', pluginName: '插件名称', pluginVersion: '插件版本号', patchVersion: '补丁版本号',
  baseline: '目标基线', patchUrl: '补丁地址', patchFile: '补丁文件', currentFile: '当前文件：{{name}}（{{size}}）。仅在需要替换时选择新文件。', patchSha256: '补丁 sha256', patchSource: '补丁', byUrl: '填写地址', byUpload: '上传文件',
  description: '说明', status: '状态', status_draft: '草稿', status_testing: '测试中', status_production: '已发布', status_revoked: '已撤回',
  addPatch: '新增补丁', releaseTest: '测试发布', changeWhitelist: '白名单', whitelist: '白名单（SN 或 App 用户）', promote: '发布到正式',
  confirmPromote: '将 {{name}} 补丁 {{version}} 发布到正式环境？该基线的所有设备都将获取。', revoke: '撤回', flow: '更新流程',
  step: '步骤', by: '操作人', at: '时间', detail: '详情', step_created: '创建', step_edited: '修改', step_releasedToTest: '测试发布',
  step_whitelistChanged: '修改白名单', step_promoted: '正式发布', step_revoked: '撤回',
  logs: '热更新日志', sn: 'SN / App 用户', result: '结果', success: '成功', failure: '失败', message: '信息', reportedAt: '上报时间',
};

const de: typeof en = {
  baselines: 'Basispakete', baselineName: 'Name der Basis', version: 'Version', arch: 'CPU-Architektur', file: 'Paketdatei', size: 'Größe', sha256: 'sha256',
  remark: 'Bemerkung', upload: 'Basis hochladen', edit: 'Bearbeiten', actions: 'Aktionen', saved: 'Gespeichert',
  testPatches: 'Plugin-Updates im Test', prodPatches: 'Plugin-Updates in Produktion', pluginName: 'Plugin-Name', pluginVersion: 'Plugin-Version', patchVersion: 'Patch-Version',
  baseline: 'Ziel-Basis', patchUrl: 'Patch-URL', patchFile: 'Patch-Datei', currentFile: 'Aktuelle Datei: {{name}} ({{size}}). Wählen Sie nur dann eine neue Datei, wenn Sie sie ersetzen möchten.', patchSha256: 'Patch-sha256', patchSource: 'Patch', byUrl: 'Per URL', byUpload: 'Hochladen',
  description: 'Beschreibung', status: 'Status', status_draft: 'Entwurf', status_testing: 'Im Test', status_production: 'In Produktion', status_revoked: 'Zurückgezogen',
  addPatch: 'Patch hinzufügen', releaseTest: 'Zum Test freigeben', changeWhitelist: 'Whitelist', whitelist: 'Whitelist (SNs oder App-Benutzer)', promote: 'In Produktion freigeben',
  confirmPromote: '{{name}} Patch {{version}} in Produktion freigeben? Jedes Gerät mit dieser Basis erhält ihn.', revoke: 'Zurückziehen', flow: 'Update-Ablauf',
  step: 'Schritt', by: 'Von', at: 'Am', detail: 'Details', step_created: 'Angelegt', step_edited: 'Bearbeitet', step_releasedToTest: 'Zum Test freigegeben',
  step_whitelistChanged: 'Whitelist geändert', step_promoted: 'In Produktion freigegeben', step_revoked: 'Zurückgezogen',
  logs: 'Hot-Update-Protokoll', sn: 'SN / App-Benutzer', result: 'Ergebnis', success: 'Angewendet', failure: 'Fehlgeschlagen', message: 'Meldung', reportedAt: 'Gemeldet am',
};
const es: typeof en = {
  baselines: 'Paquetes base', baselineName: 'Nombre de la base', version: 'Versión', arch: 'Arquitectura de CPU', file: 'Archivo del paquete', size: 'Tamaño', sha256: 'sha256',
  remark: 'Observaciones', upload: 'Subir base', edit: 'Editar', actions: 'Acciones', saved: 'Guardado',
  testPatches: 'Actualizaciones de plugins en prueba', prodPatches: 'Actualizaciones de plugins en producción', pluginName: 'Nombre del plugin', pluginVersion: 'Versión del plugin', patchVersion: 'Versión del parche',
  baseline: 'Base de destino', patchUrl: 'URL del parche', patchFile: 'Archivo del parche', currentFile: 'Archivo actual: {{name}} ({{size}}). Elija un archivo nuevo solo si quiere sustituirlo.', patchSha256: 'sha256 del parche', patchSource: 'Parche', byUrl: 'Por URL', byUpload: 'Subir',
  description: 'Descripción', status: 'Estado', status_draft: 'Borrador', status_testing: 'En prueba', status_production: 'En producción', status_revoked: 'Retirado',
  addPatch: 'Añadir parche', releaseTest: 'Publicar en prueba', changeWhitelist: 'Lista blanca', whitelist: 'Lista blanca (SN o usuarios de la app)', promote: 'Publicar en producción',
  confirmPromote: '¿Publicar el parche {{version}} de {{name}} en producción? Todos los dispositivos con esa base lo recibirán.', revoke: 'Retirar', flow: 'Flujo de actualización',
  step: 'Paso', by: 'Por', at: 'Fecha', detail: 'Detalle', step_created: 'Creado', step_edited: 'Editado', step_releasedToTest: 'Publicado en prueba',
  step_whitelistChanged: 'Lista blanca modificada', step_promoted: 'Publicado en producción', step_revoked: 'Retirado',
  logs: 'Registro de actualizaciones en caliente', sn: 'SN / usuario de la app', result: 'Resultado', success: 'Aplicado', failure: 'Fallido', message: 'Mensaje', reportedAt: 'Notificado el',
};
const fr: typeof en = {
  baselines: 'Paquets de base', baselineName: 'Nom de la base', version: 'Version', arch: 'Architecture CPU', file: 'Fichier du paquet', size: 'Taille', sha256: 'sha256',
  remark: 'Remarque', upload: 'Téléverser une base', edit: 'Modifier', actions: 'Actions', saved: 'Enregistré',
  testPatches: 'Mises à jour de plugins en test', prodPatches: 'Mises à jour de plugins en production', pluginName: 'Nom du plugin', pluginVersion: 'Version du plugin', patchVersion: 'Version du correctif',
  baseline: 'Base cible', patchUrl: 'URL du correctif', patchFile: 'Fichier du correctif', currentFile: 'Fichier actuel : {{name}} ({{size}}). Choisissez un nouveau fichier uniquement pour le remplacer.', patchSha256: 'sha256 du correctif', patchSource: 'Correctif', byUrl: 'Par URL', byUpload: 'Téléverser',
  description: 'Description', status: 'Statut', status_draft: 'Brouillon', status_testing: 'En test', status_production: 'En production', status_revoked: 'Retiré',
  addPatch: 'Ajouter un correctif', releaseTest: 'Publier en test', changeWhitelist: 'Liste blanche', whitelist: 'Liste blanche (SN ou utilisateurs de l’app)', promote: 'Publier en production',
  confirmPromote: 'Publier le correctif {{version}} de {{name}} en production ? Chaque appareil sur cette base le recevra.', revoke: 'Retirer', flow: 'Déroulé de la mise à jour',
  step: 'Étape', by: 'Par', at: 'Le', detail: 'Détail', step_created: 'Créé', step_edited: 'Modifié', step_releasedToTest: 'Publié en test',
  step_whitelistChanged: 'Liste blanche modifiée', step_promoted: 'Publié en production', step_revoked: 'Retiré',
  logs: 'Journal des mises à jour à chaud', sn: 'SN / utilisateur de l’app', result: 'Résultat', success: 'Appliqué', failure: 'Échec', message: 'Message', reportedAt: 'Signalé le',
};
const pt: typeof en = {
  baselines: 'Pacotes base', baselineName: 'Nome da base', version: 'Versão', arch: 'Arquitetura de CPU', file: 'Ficheiro do pacote', size: 'Tamanho', sha256: 'sha256',
  remark: 'Observações', upload: 'Carregar base', edit: 'Editar', actions: 'Ações', saved: 'Guardado',
  testPatches: 'Atualizações de plugins em teste', prodPatches: 'Atualizações de plugins em produção', pluginName: 'Nome do plugin', pluginVersion: 'Versão do plugin', patchVersion: 'Versão do patch',
  baseline: 'Base de destino', patchUrl: 'URL do patch', patchFile: 'Ficheiro do patch', currentFile: 'Ficheiro atual: {{name}} ({{size}}). Escolha um novo ficheiro apenas para o substituir.', patchSha256: 'sha256 do patch', patchSource: 'Patch', byUrl: 'Por URL', byUpload: 'Carregar',
  description: 'Descrição', status: 'Estado', status_draft: 'Rascunho', status_testing: 'Em teste', status_production: 'Em produção', status_revoked: 'Revogado',
  addPatch: 'Adicionar patch', releaseTest: 'Publicar em teste', changeWhitelist: 'Lista branca', whitelist: 'Lista branca (SN ou utilizadores da app)', promote: 'Publicar em produção',
  confirmPromote: 'Publicar o patch {{version}} de {{name}} em produção? Todos os dispositivos com essa base o receberão.', revoke: 'Revogar', flow: 'Fluxo da atualização',
  step: 'Passo', by: 'Por', at: 'Em', detail: 'Detalhe', step_created: 'Criado', step_edited: 'Editado', step_releasedToTest: 'Publicado em teste',
  step_whitelistChanged: 'Lista branca alterada', step_promoted: 'Publicado em produção', step_revoked: 'Revogado',
  logs: 'Registo de atualizações a quente', sn: 'SN / utilizador da app', result: 'Resultado', success: 'Aplicado', failure: 'Falhou', message: 'Mensagem', reportedAt: 'Comunicado em',
};
const ru: typeof en = {
  baselines: 'Базовые пакеты', baselineName: 'Название базы', version: 'Версия', arch: 'Архитектура ЦП', file: 'Файл пакета', size: 'Размер', sha256: 'sha256',
  remark: 'Примечание', upload: 'Загрузить базу', edit: 'Изменить', actions: 'Действия', saved: 'Сохранено',
  testPatches: 'Обновления плагинов в тесте', prodPatches: 'Обновления плагинов в эксплуатации', pluginName: 'Название плагина', pluginVersion: 'Версия плагина', patchVersion: 'Версия патча',
  baseline: 'Целевая база', patchUrl: 'URL патча', patchFile: 'Файл патча', currentFile: 'Текущий файл: {{name}} ({{size}}). Выбирайте новый файл, только если хотите его заменить.', patchSha256: 'sha256 патча', patchSource: 'Патч', byUrl: 'По URL', byUpload: 'Загрузить',
  description: 'Описание', status: 'Статус', status_draft: 'Черновик', status_testing: 'В тесте', status_production: 'В эксплуатации', status_revoked: 'Отозван',
  addPatch: 'Добавить патч', releaseTest: 'Выпустить в тест', changeWhitelist: 'Белый список', whitelist: 'Белый список (SN или пользователи приложения)', promote: 'Выпустить в эксплуатацию',
  confirmPromote: 'Выпустить патч {{version}} для {{name}} в эксплуатацию? Его получит каждое устройство с этой базой.', revoke: 'Отозвать', flow: 'Ход обновления',
  step: 'Шаг', by: 'Кем', at: 'Когда', detail: 'Подробности', step_created: 'Создан', step_edited: 'Изменён', step_releasedToTest: 'Выпущен в тест',
  step_whitelistChanged: 'Белый список изменён', step_promoted: 'Выпущен в эксплуатацию', step_revoked: 'Отозван',
  logs: 'Журнал горячих обновлений', sn: 'SN / пользователь приложения', result: 'Результат', success: 'Применён', failure: 'Ошибка', message: 'Сообщение', reportedAt: 'Получено',
};

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
