import type { Resources } from '@console/sdk';

const en = {
  baselines: 'Baseline packages', baselineName: 'Baseline name', version: 'Version', arch: 'CPU architecture', file: 'Package file', size: 'Size', sha256: 'sha256',
  remark: 'Remark', upload: 'Upload baseline', edit: 'Edit', actions: 'Actions', saved: 'Saved',
  testPatches: 'Plugin upgrades in test', prodPatches: 'Plugin upgrades in production', pluginName: 'Plugin name', pluginVersion: 'Plugin version', patchVersion: 'Patch version',
  baseline: 'Target baseline', patchUrl: 'Patch URL', patchFile: 'Patch file', patchSha256: 'Patch sha256', patchSource: 'Patch', byUrl: 'By URL', byUpload: 'Upload',
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
  baseline: '目标基线', patchUrl: '补丁地址', patchFile: '补丁文件', patchSha256: '补丁 sha256', patchSource: '补丁', byUrl: '填写地址', byUpload: '上传文件',
  description: '说明', status: '状态', status_draft: '草稿', status_testing: '测试中', status_production: '已发布', status_revoked: '已撤回',
  addPatch: '新增补丁', releaseTest: '测试发布', changeWhitelist: '白名单', whitelist: '白名单（SN 或 App 用户）', promote: '发布到正式',
  confirmPromote: '将 {{name}} 补丁 {{version}} 发布到正式环境？该基线的所有设备都将获取。', revoke: '撤回', flow: '更新流程',
  step: '步骤', by: '操作人', at: '时间', detail: '详情', step_created: '创建', step_edited: '修改', step_releasedToTest: '测试发布',
  step_whitelistChanged: '修改白名单', step_promoted: '正式发布', step_revoked: '撤回',
  logs: '热更新日志', sn: 'SN / App 用户', result: '结果', success: '成功', failure: '失败', message: '信息', reportedAt: '上报时间',
};

const de: Partial<typeof en> = { baselines: 'Basispakete', testPatches: 'Patches im Test', prodPatches: 'Patches in Produktion', flow: 'Update-Ablauf', logs: 'Hot-Update-Protokoll', revoke: 'Zurückziehen', actions: 'Aktionen', edit: 'Bearbeiten' };
const es: Partial<typeof en> = { baselines: 'Paquetes base', testPatches: 'Parches en prueba', prodPatches: 'Parches en producción', flow: 'Flujo de actualización', logs: 'Registro de actualizaciones', revoke: 'Revocar', actions: 'Acciones', edit: 'Editar' };
const fr: Partial<typeof en> = { baselines: 'Paquets de base', testPatches: 'Correctifs en test', prodPatches: 'Correctifs en production', flow: 'Flux de mise à jour', logs: 'Journal des mises à jour', revoke: 'Révoquer', actions: 'Actions', edit: 'Modifier' };
const pt: Partial<typeof en> = { baselines: 'Pacotes base', testPatches: 'Patches em teste', prodPatches: 'Patches em produção', flow: 'Fluxo de atualização', logs: 'Registo de atualizações', revoke: 'Revogar', actions: 'Ações', edit: 'Editar' };
const ru: Partial<typeof en> = { baselines: 'Базовые пакеты', testPatches: 'Патчи в тесте', prodPatches: 'Патчи в продакшене', flow: 'Ход обновления', logs: 'Журнал обновлений', revoke: 'Отозвать', actions: 'Действия', edit: 'Изменить' };

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
