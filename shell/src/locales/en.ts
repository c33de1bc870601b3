const en = {
  app: { product: 'Device Console' },
  menu: {
    '1': 'Operation guide', '100': 'Enterprise', '101': 'Enterprises', '102': 'Departments', '103': 'Roles', '104': 'Accounts',
    '105': 'Personal centre', '200': 'System settings', '201': 'Menus', '202': 'Buttons', '203': 'Service areas', '204': 'Languages',
    '205': 'Plugins', '206': "Encryption tool", '207': "Tools", '300': 'Regions', '301': 'Region list', '400': 'Logs', '401': 'Operation records', '402': 'Login log', '500': "Process centre", '501': "Waiting for me", '502': "Decided by me", '600': "App management", '700': "Media", '800': "Process management", '900': "Data analysis",
  },
  layout: {
    logout: 'Sign out', personalCenter: 'Personal centre', allTenants: 'All enterprises', tenant: 'Enterprise',
    switchAllTitle: 'Prompt', switchAllContent: 'Act for all enterprises? Lists will show every enterprise\'s data, and new records belong to the platform.',
    language: 'Language', closeOthers: 'Close others', closeAll: 'Close all', tabActions: 'Tab actions', openPages: 'Open pages', home: 'Home',
  },
  login: { title: 'Sign in to Device Console', subtitle: 'Products, devices and services in one place', userName: 'User name', userNameHint: 'Enterprise accounts: name@ENTERPRISE (the enterprise\'s abbreviation)', password: 'Password', submit: 'Sign in', required: 'Required' },
  common: {
    add: 'Add', edit: 'Edit', delete: 'Delete', enable: 'Enable', disable: 'Disable', actions: 'Actions', status: 'Status', enabled: 'Enabled',
    disabled: 'Disabled', yes: 'Yes', no: 'No', name: 'Name', code: 'Code', remark: 'Remark', type: 'Type', createdAt: 'Created', updatedAt: 'Updated',
    saved: 'Saved', deleted: 'Deleted', keyword: 'Keyword', from: 'From', to: 'To', grant: 'Permissions', detail: 'Details', reload: 'Reload',
    confirmDisable: 'Disable "{{name}}"?', confirmEnable: 'Enable "{{name}}"?', user: 'User', time: 'Time', result: 'Result', all: 'All',
  },
  errors: {
    systemException: 'System exception, please try again later.', networkAbnormal: 'Network error: check your connection and try again.', remoteFailed: 'This page could not be loaded',
    remoteFailedHint: 'The feature "{{name}}" is unavailable right now. The rest of the console works; try again later.', retry: 'Retry',
  },
  guide: {
    title: 'Welcome to Device Console', intro: 'Manage enterprises, accounts, permissions and every feature your enterprise has enabled.',
    steps: ['Choose the enterprise you act for in the header (platform users).', 'Open a page from the menu; pages stay open as tabs.', 'Buttons appear only for the actions your roles allow.'],
  },
  tenants: { title: 'Enterprises', tenantName: 'Short name', fullName: 'Full name', abbrEn: 'English abbreviation', creditCode: 'Unified social credit code', description: 'Description', disabledUntil: 'Disabled until', disableUntilHint: 'Leave empty to disable until enabled again', kind: "Kind", kind_ordinary: "Ordinary", kind_robot: "Robot (internal management)", kindHint: "A robot-type enterprise is for internal management only; product models warn before relating it.", add: 'Add enterprise' },
  departments: { departmentRole: "Department role", title: 'Departments', parent: 'Parent department', level: 'Level', add: 'Add department', top: 'Top level' },
  roles: { boundUsers: "Bound users", boundUsersOf: "Accounts with the role \"{{name}}\"", noBoundUsers: "No account holds this role.", title: 'Roles', roleType: 'Role type', ordinary: 'Ordinary', administrator: 'Administrator', add: 'Add role', grantTitle: 'Permissions of "{{name}}"', adminAll: 'An administrator role holds every permission of its enterprise.' },
  accounts: { correspondingId: "Corresponding ID", correspondingIdHint: "The account's number in another system, such as the HR system.", avatar: 'Avatar', avatarRule: '200×200 PNG, JPEG or GIF, at most 500 KB', chooseAvatar: 'Choose an image', removeAvatar: 'Remove', title: 'Accounts', userName: 'User name', name: 'Name', department: 'Department', phone: 'Phone', email: 'Email', accountType: 'Account type', development: 'Development', operation: 'Operation', test: 'Test', roles: 'Roles', password: 'Password', confirmPassword: 'Confirm password', passwordRule: '6-18 characters combining letters, numbers and special characters', mismatch: 'The two passwords do not match', resetPassword: 'Reset password', rolesFailed: 'Failed to get the role list', add: 'Add account' },
  menus: { title: 'Menus', menuId: 'Menu ID', menuType: 'Type', group: 'Group', page: 'Page', link: 'Link', sortWeight: 'Sort weight', routePath: 'Route path', icon: 'Icon', parentMenuId: 'Parent menu ID', scope: 'Scope', platform: 'Platform', tenant: 'Enterprise', source: 'Source', add: 'Add menu', buttons: 'Buttons' },
  buttons: { title: 'Buttons', action: 'Action', buttonType: 'Button type', requestUrl: 'Request URL', description: 'Description', add: 'Add button' },
  regions: { initials: "Initials (English / Chinese)", title: 'Regions', regionEn: 'English identifier', regionFullEn: 'English full name', regionCh: 'Chinese name', regionAbbrEn: 'English abbreviation', regionAbbrShort: 'Short abbreviation', pinyin: 'Pinyin', parentId: 'Parent region', add: 'Add region' },
  languages: { title: 'Languages', nameEn: 'English name', isDefault: 'Default', add: 'Add language' },
  areas: { title: 'Service areas', areaCode: 'Area code', areaName: 'Area', defaultOpen: 'Open by default', add: 'Add service area' },
  process: { waiting: "Waiting for me", finished: "Decided by me", kind: "Request type", applicant: "Applicant", submitted: "Submitted", titleColumn: "Request", approve: "Approve", reject: "Reject", comment: "Comment", commentRequired: "Say why you reject it", decided: "Decision recorded", decidedAt: "Decided", decision: "Decision", approved: "Approved", rejected: "Rejected" },
  records: { title: 'Operation records', operation: 'Operation', method: 'Method', path: 'Path', ip: 'IP', data: 'Data', code: 'Result code' },
  loginLogs: { title: 'Login log', userAgent: 'User agent', loginAt: 'Signed in', logoutAt: 'Signed out', success: 'Success', bad_credentials: 'Wrong password', locked: 'Locked', disabled: 'Disabled' },
  plugins: { title: 'Plugins', version: 'Version', contract: 'Contract', mount: 'API mount', loaded: 'Loaded', failed: 'Failed', calls: 'Calls', traps: 'Traps', timeouts: 'Timeouts', memory: 'Memory peak', enabledByDefault: 'On by default', enterprises: 'Enterprises', enableFor: 'Use of "{{name}}" by enterprise', reloaded: 'Reloaded', deviceKeys: 'Device keys', deviceKeysFor: 'Device keys of "{{name}}"', platformDevices: 'The platform\'s own devices', keyName: 'Key name', keyHint: 'Ends with', lastUsed: 'Last used', never: 'Never', issue: 'Issue a key', issued: 'Copy the key now: it is shown only this once.', revoke: 'Revoke', requireSignature: 'Require signed requests', requireSignatureHint: 'Each request must carry a fresh HMAC-SHA256 signature made with the key (headers x-console-timestamp, x-console-nonce, x-console-signature); a replayed or altered request is refused.', signed: 'Signed', deviceKeysHint: 'Devices, apps and media servers call the plugin\'s device routes at /api/device/{{mount}}/... with the header authorization: Device <key>.' },
  personal: { avatarChanged: 'Avatar changed', title: 'Personal centre', oldPassword: 'Current password', newPassword: 'New password', changePassword: 'Change password', changed: 'Password changed; please sign in again.' },
  crypt: { title: "Encryption tool", operation: "Operation", encrypt: "Encrypt", decrypt: "Decrypt", algorithm: "Algorithm", key: "Key", keyHint: "{{count}} bytes", iv: "IV (nonce)", ivHint: "{{count}} bytes", generateIv: "Generate", input: "Input", source_text: "Text", source_file: "File", plaintext: "Plaintext", ciphertext: "Ciphertext", encoding: "Written as", encoding_text: "Text (UTF-8)", encoding_hex: "Hexadecimal", encoding_base64: "Base64", outputEncoding: "Result as", file: "File", chooseFile: "Choose a file", fileLimit: "At most {{mib}} MB", fileTooLarge: "The file is larger than {{mib}} MB", gcmNote: "GCM: the ciphertext is followed by its 16-byte authentication tag, as devices send it.", result: "Result ({{count}} bytes)", download: "Download", required: "Required" },
  tools: { title: "Tools", timestamp: "Time stamp", now: "Now", unit: "Read as", seconds: "Seconds", milliseconds: "Milliseconds", localTime: "Local time", notTimestamp: "Enter a time stamp in seconds or milliseconds.", pickTime: "Date and time", signature: "Device signature", signatureHint: "A device signs in with HMAC-SHA256 over its client ID, SN, product key and time stamp joined together, keyed with the SN's secret. Enter what the device sent to see what it should have signed.", clientId: "Client ID", productKey: "Product key", timestampMs: "Time stamp (ms)", secret: "SN secret", deviceSignature: "Signature sent by the device", deviceSignatureHint: "Hexadecimal or Base64; leave it empty to compute the signature only", check: "Check", content: "Signed content", computed: "Expected signature", matches: "Matches", mismatch: "Does not match", skew: "Clock difference", skewSeconds: "{{count}} s (positive: older than the host's clock)", jsonInvalid: "Not valid JSON: {{reason}}", format: "Format", minify: "Minify" },
};

export default en;
export type Strings = typeof en;
