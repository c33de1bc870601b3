import type { Strings } from './en';

const zhCn: Strings = {
  app: { product: '设备控制台' },
  menu: {
    '1': '操作指南', '100': '企业管理', '101': '企业信息', '102': '部门管理', '103': '角色管理', '104': '账号管理', '105': '个人中心',
    '200': '系统配置', '201': '菜单管理', '202': '按钮管理', '203': '服务区域', '204': '语言管理', '205': '插件管理', '206': "加解密工具", '207': "工具", '208': "组织架构", '209': "系统角色", '210': "系统账号", '211': "服务区域配置", '300': '区域管理',
    '301': '区域列表', '400': '日志管理', '401': '操作记录', '402': '登录日志', '500': "流程中心", '501': "待办任务", '502': "已办任务", '600': "APP管理", '700': "媒体管理", '800': "流程管理", '900': "数据分析", '1000': "第三方接入", '1001': "客户端列表", '1002': "配置列表", '1003': "用户信息列表",
  },
  tasks: { title: "任务", empty: "最近 7 天没有任务", running: "进行中", done: "已完成", failed: "失败", cancelled: "已取消", download: "下载", cancel: "取消", ready: "导出已完成：{{name}}", failedTitle: "“{{title}}”未能完成", kept: "文件保留 7 天。" },
  layout: {
    logout: '退出登录', personalCenter: '个人中心', allTenants: '全部企业', tenant: '企业', platformOwn: "平台自有数据", switchAllTitle: '提示',
    switchAllContent: '确定切换到全部企业吗？列表将显示所有企业的数据，新增的数据归属平台。', language: '语言', closeOthers: '关闭其他', closeAll: '关闭全部', tabActions: '标签页操作', openPages: '已打开的页面', home: '首页',
  },
  login: { title: '登录设备控制台', subtitle: '产品、设备与服务，一站管理', userName: '用户名', userNameHint: '企业账号：用户名@企业英文简称', password: '密码', submit: '登录', required: '必填' },
  form: { patternMismatch: '${label}格式不正确' },
  common: {
    add: '新增', edit: '修改', delete: '删除', enable: '启用', disable: '禁用', actions: '操作', status: '状态', enabled: '已启用', disabled: '已禁用',
    yes: '是', no: '否', name: '名称', code: '编码', remark: '备注', type: '类型', createdAt: '创建时间', updatedAt: '更新时间', saved: '保存成功',
    deleted: '删除成功', keyword: '关键字', from: '开始', to: '结束', grant: '权限', detail: '详情', reload: '重新加载', confirmDisable: '确定禁用“{{name}}”吗？',
    confirmEnable: '确定启用“{{name}}”吗？', user: '用户', time: '时间', result: '结果', all: '全部',
  },
  errors: { systemException: '系统异常，请稍后再试', networkAbnormal: '网络异常，请检查网络后重试', remoteFailed: '页面加载失败', remoteFailedHint: '功能“{{name}}”暂时不可用，控制台其他功能不受影响，请稍后再试。', retry: '重试' },
  guide: {
    documents: "帮助文档", search: "搜索操作指南", noResults: "没有与“{{q}}”匹配的文档。",
    title: '欢迎使用设备控制台', intro: '在这里管理企业、账号、权限，以及贵企业启用的全部功能。',
    steps: ['平台用户可在顶部选择要操作的企业。', '从左侧菜单打开页面，已打开的页面以标签保留。', '只有角色允许的操作才会显示对应按钮。'],
  },
  tenants: { title: '企业信息', tenantName: '企业简称', fullName: '企业全称', abbrEn: '英文缩写', creditCode: '统一社会信用代码', description: '描述', disabledUntil: '禁用截止时间', disableUntilHint: '不填则禁用至重新启用', kind: "企业类型", kind_ordinary: "普通", kind_robot: "机器人（内部管理）", kindHint: "机器人类型企业仅用于内部管理；产品型号关联前会提示确认。", add: '新增企业' },
  departments: { departmentRole: "部门角色", title: '部门管理', parent: '上级部门', level: '层级', add: '新增部门', top: '顶级' },
  roles: { boundUsers: "绑定用户", boundUsersOf: "拥有角色“{{name}}”的账号", noBoundUsers: "暂无账号拥有该角色。", title: '角色管理', roleType: '角色类型', roleId: '角色 ID', ordinary: '普通角色', administrator: '管理员', add: '新增角色', grantTitle: '“{{name}}”的权限', adminAll: '管理员角色拥有本企业的全部权限。' },
  accounts: { correspondingId: "对应 ID", enterpriseHint: "账号所属的企业；可选的角色和部门随之变化。", correspondingIdHint: "该账号在其他系统（如人事系统）中的编号。", avatar: '头像', avatarRule: '200×200 的 PNG、JPEG 或 GIF，不超过 500 KB', chooseAvatar: '选择图片', removeAvatar: '移除', title: '账号管理', userName: '用户名', name: '姓名', department: '部门', phone: '联系电话', email: '邮箱', accountType: '账号类型', development: '开发', operation: '运营', test: '测试', roles: '角色', password: '密码', confirmPassword: '确认密码', passwordRule: '6-18 位，需同时包含字母、数字和特殊字符', mismatch: '两次输入的密码不一致', resetPassword: '重置密码', rolesFailed: '获取角色列表失败', add: '新增账号' },
  menus: { title: '菜单管理', menuId: '菜单 ID', menuType: '类型', group: '分组', page: '页面', link: '外链', sortWeight: '排序权重', routePath: '路由路径', icon: '图标', parentMenuId: '父级菜单 ID', scope: '范围', platform: '平台', tenant: '企业', source: '来源', add: '新增菜单', buttons: '按钮' },
  buttons: { title: '按钮管理', action: '标识', buttonType: '按钮类型', requestUrl: '请求地址', description: '描述', add: '新增按钮' },
  regions: { initials: "首字母（英文 / 中文）", title: '区域列表', regionEn: '英文标识', regionFullEn: '英文全称', regionCh: '中文名称', regionAbbrEn: '英文缩写', regionAbbrShort: '简称', pinyin: '拼音', parentId: '上级区域', add: '新增区域' },
  languages: { title: '语言管理', nameEn: '英文名称', isDefault: '默认', add: '新增语言' },
  areas: { title: '服务区域', areaCode: '区域编码', areaName: '区域', defaultOpen: '默认开通', add: '新增服务区域' , configTitle: "服务区域配置", configHint: "各区域的 App 和设备连接到哪里。地址为空表示尚未配置。", apiServer: "App 服务器", mqttServer: "设备 MQTT 服务器", apiServerRule: "https://主机名，非 443 端口时加 :端口", mqttServerRule: "mqtts://主机名:端口（或 mqtt、ws、wss）", configure: "配置", notConfigured: "未配置" },
  process: { enterprise: "企业", waiting: "待办任务", finished: "已办任务", kind: "申请类型", applicant: "申请人", submitted: "提交时间", titleColumn: "申请", approve: "通过", reject: "驳回", comment: "审批意见", commentRequired: "驳回时请填写原因", decided: "已处理", decidedAt: "处理时间", decision: "审批结果", approved: "已通过", rejected: "已驳回" },
  records: { title: '操作记录', operation: '操作', description: '描述', method: '请求方式', path: '路径', ip: 'IP', data: '数据', code: '结果码' },
  loginLogs: { title: '登录日志', userAgent: '客户端', loginAt: '登录时间', logoutAt: '退出时间', success: '成功', bad_credentials: '密码错误', locked: '已锁定', disabled: '已禁用' },
  plugins: { title: '插件管理', version: '版本', contract: '契约版本', mount: '接口前缀', loaded: '已加载', failed: '加载失败', calls: '调用次数', traps: '异常', timeouts: '超时', memory: '内存峰值', enabledByDefault: '默认启用', enterprises: '启用企业', enableFor: '“{{name}}”的企业启用情况', reloaded: '已重新加载', deviceKeys: '设备密钥', deviceKeysFor: '“{{name}}”的设备密钥', platformDevices: '平台自有设备', keyName: '密钥名称', keyNameRule: '1 到 64 个字符,且不以 sn: 开头(设备自身的密钥以此命名)', keyHint: '末四位', lastUsed: '最近使用', never: '从未', issue: '签发密钥', issued: '请立即复制密钥：它只显示这一次。', revoke: '吊销', requireSignature: '要求请求签名', requireSignatureHint: '每个请求须携带用该密钥生成的新 HMAC-SHA256 签名（请求头 x-console-timestamp、x-console-nonce、x-console-signature）；重放或被篡改的请求将被拒绝。', signed: '需签名', deviceKeysHint: '设备、App 与媒体服务器以请求头 authorization: Device <密钥> 调用插件的设备接口 /api/device/{{mount}}/...' },
  personal: { avatarChanged: '头像已修改', title: '个人中心', oldPassword: '原密码', newPassword: '新密码', changePassword: '修改密码', changed: '密码已修改，请重新登录。' },
  crypt: { title: "加解密工具", operation: "操作", encrypt: "加密", decrypt: "解密", algorithm: "算法", key: "密钥", keyHint: "{{count}} 字节", iv: "IV（初始向量）", ivHint: "{{count}} 字节", generateIv: "随机生成", input: "输入", source_text: "文本", source_file: "文件", plaintext: "明文", ciphertext: "密文", encoding: "编码", encoding_text: "文本（UTF-8）", encoding_hex: "十六进制", encoding_base64: "Base64", outputEncoding: "结果编码", file: "文件", chooseFile: "选择文件", fileLimit: "不超过 {{mib}} MB", fileTooLarge: "文件超过 {{mib}} MB", gcmNote: "GCM：密文后附 16 字节认证标签，与设备发送的格式一致。", result: "结果（{{count}} 字节）", download: "下载", required: "必填" },
  tools: { title: "工具", timestamp: "时间戳", now: "当前时间", unit: "识别为", seconds: "秒", milliseconds: "毫秒", localTime: "本地时间", notTimestamp: "请输入以秒或毫秒为单位的时间戳。", pickTime: "日期和时间", signature: "设备签名", signatureHint: "设备登录时以 SN 密钥对“客户端 ID + SN + 产品密钥 + 时间戳”拼接后的内容做 HMAC-SHA256 签名。输入设备发送的内容，即可查看它应有的签名。", clientId: "客户端 ID", productKey: "产品密钥", timestampMs: "时间戳（毫秒）", secret: "SN 密钥", deviceSignature: "设备发送的签名", deviceSignatureHint: "十六进制或 Base64；留空则只计算签名", check: "校验", content: "签名内容", computed: "应有的签名", matches: "一致", mismatch: "不一致", skew: "时钟偏差", skewSeconds: "{{count}} 秒（正数表示早于服务器时间）", jsonInvalid: "不是有效的 JSON：{{reason}}", format: "格式化", minify: "压缩" },
  oauth: {"addClient": "新增客户端", "clientId": "客户端 ID", "clientType": "客户端类型", "secret": "密钥", "none": "无", "grantTypes": "授权操作类型", "grantTypesRequired": "请至少选择一种操作类型。", "scopes": "访问域（授权范围）", "directAuthorization": "直接授权", "directAuthorizationHint": "APP 用户登录后不再询问是否同意授权。", "passwordNeeded": "需要密钥", "passwordNeededHint": "开启：机密客户端，需出示密钥；关闭：公开客户端（如手机 APP），必须使用 PKCE。", "redirectUris": "回调地址", "redirectUrisHint": "https 地址；http 仅限 127.0.0.1 或 localhost。每输入一个按回车。", "scopesHint": "客户端可申请的授权范围（来自配置列表）。", "productCategory": "产品品类", "roles": "授权角色", "rolesHint": "客户端自身令牌（客户端凭证模式）携带的角色，如 ROLE_VOICE。", "resources": "资源列表", "resourcesHint": "令牌面向的资源服务（受众）。", "accessTokenSeconds": "访问令牌有效期（秒）", "refreshTokenSeconds": "刷新令牌有效期（秒）", "resetSecret": "重置密钥", "resetSecretHint": "“{{name}}”当前的密钥将立即失效，是否继续？", "issuedTitle": "客户端已创建", "secretOnce": "请立即复制密钥：密钥仅显示这一次，之后无法再查看。", "publicClient": "公开客户端没有密钥，每个授权码都需用 PKCE 证明。", "type": {"alexa": "Amazon Alexa", "google": "Google 助理", "baidu": "百度 DuerOS", "third-party": "第三方服务", "internal": "平台内部"}, "addScope": "新增授权范围", "scope": "授权范围", "description": "描述", "descriptionHint": "APP 用户在授权页看到的说明。", "scopeResourcesHint": "该授权范围允许客户端读取的接口路径或资源名称。", "claims": "用户信息字段", "claimsHint": "持有该授权范围的令牌调用用户信息接口时返回的内容。", "claim": {"preferred_username": "账号", "email": "邮箱地址", "phone_number": "手机号"}, "revoke": "撤销", "revokeHint": "将撤销该令牌及同一次授权下的所有令牌，客户端需重新请求用户授权。", "revoked": "已撤销", "status": {"active": "有效", "expired": "已过期", "revoked": "已撤销"}, "userinfoHint": "签发给 APP 用户和客户端的令牌。撤销任一令牌将结束其所属的整个授权。", "subject": "APP 用户", "clientItself": "客户端自身", "kind": "令牌", "kindName": {"access": "访问令牌", "refresh": "刷新令牌"}, "issuedAt": "签发时间", "expiresAt": "过期时间", "consentTitle": "授权访问", "consentQuestion": "{{client}} 请求访问您的账号：", "appAccount": "APP 账号（邮箱或手机号）", "allow": "同意", "deny": "拒绝", "signInContinue": "登录并继续", "consentFootnote": "您可以随时在 APP 中或联系服务方撤回此授权。", "consentRefused": "无法完成此授权请求（{{error}}），请返回发起授权的应用或服务重试。"},
};

export default zhCn;
