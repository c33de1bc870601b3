import type { Resources } from '@console/sdk';

const en = {
  clients: 'RTC clients', clientName: 'Client name', vendor: 'Vendor', appId: 'App ID', region: 'Region', remark: 'Remark', enabled: 'Enabled',
  disabled: 'Disabled', addClient: 'Add client', edit: 'Edit', actions: 'Actions', saved: 'Saved', client: 'Client', allClients: 'All clients',
  vendor_agora: 'Agora', 'vendor_trtc': 'Tencent TRTC', vendor_volcengine: 'Volcengine', 'vendor_self-hosted': 'Self-hosted',
  region_asia: 'Asia', region_europe: 'Europe', region_america: 'America',
  whitelist: 'Product whitelist', productId: 'Product ID', productIds: 'Product IDs', batchAdd: 'Batch add', remove: 'Remove',
  batchResult: 'Added {{added}}; {{present}} were already listed.',
  keys: 'RTC keys', certificate: 'App certificate', notSet: 'Not set', setCertificate: 'Set certificate', rotate: 'Rotate', graceHours: 'Old certificate valid for (hours)',
  previous: 'Previous certificate', validUntil: 'valid until {{time}}', rotateHint: 'Tokens signed with the current certificate keep working during the grace period.',
  testToken: 'Test token', issue: 'Issue', channel: 'Channel', userId: 'User ID', ttlSeconds: 'Lifetime (seconds)', token: 'Token', copy: 'Copy', copied: 'Copied',
  verify: 'Verify', verifyToken: 'Verify a token', valid: 'Valid', invalid: 'Not valid', signedWith: 'Signed with the {{which}} certificate', current: 'current', expiresAt: 'Expires',
  relations: 'Device relations', deviceSn: 'Device SN', appUserId: 'App user ID', boundBy: 'Bound by', boundAt: 'Bound at', bind: 'Bind', unbind: 'Unbind',
  analytics: 'Call analytics', sessions: 'Sessions', minutes: 'Minutes', byTime: 'Minutes and sessions over time', byProduct: 'By product', quality: 'Call quality',
  quality_excellent: 'Excellent', quality_good: 'Good', quality_poor: 'Poor', quality_bad: 'Bad', capped: 'Only the first 200,000 sessions are counted.',
};

const zhCn: typeof en = {
  clients: 'RTC 客户端', clientName: '客户端名称', vendor: '服务商', appId: 'App ID', region: '区域', remark: '备注', enabled: '启用', disabled: '停用',
  addClient: '新增客户端', edit: '修改', actions: '操作', saved: '保存成功', client: '客户端', allClients: '全部客户端',
  vendor_agora: '声网 Agora', vendor_trtc: '腾讯云 TRTC', vendor_volcengine: '火山引擎', 'vendor_self-hosted': '自建',
  region_asia: '亚洲', region_europe: '欧洲', region_america: '美洲',
  whitelist: '产品白名单', productId: '产品 ID', productIds: '产品 ID', batchAdd: '批量添加', remove: '移除', batchResult: '已添加 {{added}} 个；{{present}} 个已在名单中。',
  keys: 'RTC 密钥', certificate: 'App 证书', notSet: '未设置', setCertificate: '设置证书', rotate: '轮换', graceHours: '旧证书保留有效（小时）',
  previous: '旧证书', validUntil: '有效至 {{time}}', rotateHint: '宽限期内，用当前证书签发的令牌仍然有效。',
  testToken: '测试令牌', issue: '签发', channel: '频道', userId: '用户 ID', ttlSeconds: '有效期（秒）', token: '令牌', copy: '复制', copied: '已复制',
  verify: '校验', verifyToken: '校验令牌', valid: '有效', invalid: '无效', signedWith: '由{{which}}证书签名', current: '当前', expiresAt: '过期时间',
  relations: '设备关系', deviceSn: '设备 SN', appUserId: 'App 用户 ID', boundBy: '绑定来源', boundAt: '绑定时间', bind: '绑定', unbind: '解绑',
  analytics: '通话分析', sessions: '通话次数', minutes: '通话分钟', byTime: '分钟数与次数趋势', byProduct: '按产品', quality: '通话质量',
  quality_excellent: '优', quality_good: '良', quality_poor: '差', quality_bad: '极差', capped: '仅统计前 200,000 次通话。',
};

const de: Partial<typeof en> = { clients: 'RTC-Clients', whitelist: 'Produkt-Whitelist', keys: 'RTC-Schlüssel', relations: 'Gerätebeziehungen', analytics: 'Anrufanalyse', addClient: 'Client hinzufügen', edit: 'Bearbeiten', actions: 'Aktionen', batchAdd: 'Stapelweise hinzufügen', rotate: 'Rotieren', unbind: 'Trennen', bind: 'Verbinden', sessions: 'Anrufe', minutes: 'Minuten' };
const es: Partial<typeof en> = { clients: 'Clientes RTC', whitelist: 'Lista blanca de productos', keys: 'Claves RTC', relations: 'Relaciones de dispositivos', analytics: 'Análisis de llamadas', addClient: 'Añadir cliente', edit: 'Editar', actions: 'Acciones', batchAdd: 'Añadir en lote', rotate: 'Rotar', unbind: 'Desvincular', bind: 'Vincular', sessions: 'Llamadas', minutes: 'Minutos' };
const fr: Partial<typeof en> = { clients: 'Clients RTC', whitelist: 'Liste blanche des produits', keys: 'Clés RTC', relations: 'Relations des appareils', analytics: 'Analyse des appels', addClient: 'Ajouter un client', edit: 'Modifier', actions: 'Actions', batchAdd: 'Ajout groupé', rotate: 'Renouveler', unbind: 'Dissocier', bind: 'Associer', sessions: 'Appels', minutes: 'Minutes' };
const pt: Partial<typeof en> = { clients: 'Clientes RTC', whitelist: 'Lista branca de produtos', keys: 'Chaves RTC', relations: 'Relações de dispositivos', analytics: 'Análise de chamadas', addClient: 'Adicionar cliente', edit: 'Editar', actions: 'Ações', batchAdd: 'Adicionar em lote', rotate: 'Rodar', unbind: 'Desassociar', bind: 'Associar', sessions: 'Chamadas', minutes: 'Minutos' };
const ru: Partial<typeof en> = { clients: 'RTC-клиенты', whitelist: 'Белый список продуктов', keys: 'Ключи RTC', relations: 'Связи устройств', analytics: 'Аналитика звонков', addClient: 'Добавить клиента', edit: 'Изменить', actions: 'Действия', batchAdd: 'Добавить списком', rotate: 'Сменить', unbind: 'Отвязать', bind: 'Привязать', sessions: 'Звонки', minutes: 'Минуты' };

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
