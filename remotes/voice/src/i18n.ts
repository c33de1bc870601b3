import type { Resources } from '@console/sdk';

const en = {
  platform_alexa: 'Alexa skills', 'platform_google': 'Google projects', 'platform_third-party': 'Third-party assistants', platform_baidu: 'Baidu',
  externalId_alexa: 'Skill ID', externalId_google: 'Project ID', 'externalId_third-party': 'Bot ID', externalId_baidu: 'Bot ID',
  credentials_google: 'Credentials (service-account JSON)', 'credentials_third-party': 'API secret', credentials_baidu: 'Secret key',
  keepCredentials: 'Leave empty to keep the stored credentials', stored: 'Stored', none: 'None',
  name: 'Name', productId: 'Product ID', lang: 'Language', defaultController: 'Default controller', provider: 'Maker', remark: 'Remark',
  add: 'Add', edit: 'Edit', actions: 'Actions', saved: 'Saved', defaultMoved: '"{{name}}" is no longer the default controller of this product.',
  modes: 'Control modes', modeName: 'Mode', parameters: 'Parameters (JSON)', commands: 'Commands', commandName: 'Command', pickMode: 'Pick a control mode to see its commands',
  addMode: 'Add mode', addCommand: 'Add command', badJson: 'Not valid JSON',
  intents: 'Intents', field: 'Field', intent: 'Intent', description: 'Description', slots: 'Slots', priority: 'Priority', condition: 'Condition',
  conditionHint: 'e.g. temperature >= 16 && temperature <= 30; only the slots as variables', reply: 'Reply words', ttsReply: 'TTS reply words',
  replyHint: 'A template: {{example}} inserts a slot value', addIntent: 'Add intent', corpus: 'Corpus', texts: 'Utterances', corpusHint: 'Use {slot} for the slots, e.g. set the {room} to {temperature} degrees',
  addCorpus: 'Add utterances', corpusResult: 'Added {{added}}; {{present}} were already there.',
  tryIt: 'Try it', utterance: 'Utterance', slotValues: 'Slot values', slotValuesHint: 'Optional, one per line: name=value', run: 'Run',
  matched: 'Matched {{intent}}', noMatch: 'No intent matches', outcome_matched: 'matched', outcome_conditionFalse: 'condition false', outcome_conditionError: 'condition error', tried: 'Tried',
};

const zhCn: typeof en = {
  platform_alexa: 'Alexa 技能', platform_google: 'Google 项目', 'platform_third-party': '第三方助手', platform_baidu: '百度技能',
  externalId_alexa: '技能 ID', externalId_google: '项目 ID', 'externalId_third-party': 'Bot ID', externalId_baidu: 'Bot ID',
  credentials_google: '凭据（服务账号 JSON）', 'credentials_third-party': 'API 密钥', credentials_baidu: 'Secret Key',
  keepCredentials: '留空则保留已存的凭据', stored: '已保存', none: '无',
  name: '名称', productId: '产品 ID', lang: '语言', defaultController: '默认控制器', provider: '厂商', remark: '备注',
  add: '新增', edit: '修改', actions: '操作', saved: '保存成功', defaultMoved: '“{{name}}”不再是该产品的默认控制器。',
  modes: '控制模式', modeName: '模式', parameters: '参数（JSON）', commands: '指令', commandName: '指令', pickMode: '选择一个控制模式以查看其指令',
  addMode: '新增模式', addCommand: '新增指令', badJson: '不是有效的 JSON',
  intents: '意图配置', field: '领域', intent: '意图', description: '意图描述', slots: '槽位', priority: '优先级', condition: '条件表达式',
  conditionHint: '例如 temperature >= 16 && temperature <= 30；只能使用槽位作为变量', reply: '回复话术', ttsReply: 'TTS 回复话术',
  replyHint: '模板：{{example}} 插入槽位的值', addIntent: '新增意图', corpus: '语料', texts: '语句', corpusHint: '用 {槽位} 表示槽位，例如 把{room}调到{temperature}度',
  addCorpus: '添加语料', corpusResult: '已添加 {{added}} 条；{{present}} 条已存在。',
  tryIt: '试一试', utterance: '语句', slotValues: '槽位取值', slotValuesHint: '可选，每行一个：名称=值', run: '运行',
  matched: '命中 {{intent}}', noMatch: '没有匹配的意图', outcome_matched: '命中', outcome_conditionFalse: '条件不满足', outcome_conditionError: '条件出错', tried: '尝试过',
};

const de: Partial<typeof en> = { platform_alexa: 'Alexa-Skills', platform_google: 'Google-Projekte', 'platform_third-party': 'Drittanbieter-Assistenten', intents: 'Absichten', add: 'Hinzufügen', edit: 'Bearbeiten', actions: 'Aktionen', modes: 'Steuermodi', commands: 'Befehle', tryIt: 'Ausprobieren', corpus: 'Korpus' };
const es: Partial<typeof en> = { platform_alexa: 'Skills de Alexa', platform_google: 'Proyectos de Google', 'platform_third-party': 'Asistentes de terceros', intents: 'Intenciones', add: 'Añadir', edit: 'Editar', actions: 'Acciones', modes: 'Modos de control', commands: 'Comandos', tryIt: 'Probar', corpus: 'Corpus' };
const fr: Partial<typeof en> = { platform_alexa: 'Skills Alexa', platform_google: 'Projets Google', 'platform_third-party': 'Assistants tiers', intents: 'Intentions', add: 'Ajouter', edit: 'Modifier', actions: 'Actions', modes: 'Modes de commande', commands: 'Commandes', tryIt: 'Essayer', corpus: 'Corpus' };
const pt: Partial<typeof en> = { platform_alexa: 'Skills Alexa', platform_google: 'Projetos Google', 'platform_third-party': 'Assistentes de terceiros', intents: 'Intenções', add: 'Adicionar', edit: 'Editar', actions: 'Ações', modes: 'Modos de controlo', commands: 'Comandos', tryIt: 'Experimentar', corpus: 'Corpus' };
const ru: Partial<typeof en> = { platform_alexa: 'Навыки Alexa', platform_google: 'Проекты Google', 'platform_third-party': 'Сторонние помощники', intents: 'Намерения', add: 'Добавить', edit: 'Изменить', actions: 'Действия', modes: 'Режимы управления', commands: 'Команды', tryIt: 'Попробовать', corpus: 'Корпус' };

export const resources: Resources = { en, zhCn, de, es, fr, pt, ru };
