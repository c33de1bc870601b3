//! The core's own menus and buttons. Synced into the database at every start, so each action a
//! core route requires exists as a grantable button (a test checks that it does).

use crate::db::{ButtonFields, Db, MenuFields};

pub struct MenuSeed {
    pub menu_id: i64,
    pub parent: i64,
    pub name: &'static str,
    pub kind: &'static str,
    pub path: &'static str,
    pub icon: &'static str,
    pub scope: &'static str,
    pub everyone: bool,
    pub hidden: bool,
    /// (action, button type, name)
    pub buttons: &'static [(&'static str, &'static str, &'static str)],
}

const fn group(
    menu_id: i64,
    name: &'static str,
    path: &'static str,
    icon: &'static str,
    scope: &'static str,
) -> MenuSeed {
    MenuSeed {
        menu_id,
        parent: 0,
        name,
        kind: "group",
        path,
        icon,
        scope,
        everyone: false,
        hidden: false,
        buttons: &[],
    }
}

const fn link(
    menu_id: i64,
    name: &'static str,
    path: &'static str,
    icon: &'static str,
    scope: &'static str,
) -> MenuSeed {
    MenuSeed { kind: "link", ..group(menu_id, name, path, icon, scope) }
}

const fn page(
    menu_id: i64,
    parent: i64,
    name: &'static str,
    path: &'static str,
    scope: &'static str,
    buttons: &'static [(&'static str, &'static str, &'static str)],
) -> MenuSeed {
    MenuSeed { menu_id, parent, name, kind: "page", path, icon: "", scope, everyone: false, hidden: false, buttons }
}

pub const CORE_MENUS: &[MenuSeed] = &[
    MenuSeed {
        menu_id: 1,
        parent: 0,
        name: "操作指南",
        kind: "page",
        path: "/operation-guide",
        icon: "BookOutlined",
        scope: "tenant",
        everyone: true,
        hidden: false,
        buttons: &[],
    },
    group(100, "企业管理", "/system", "TeamOutlined", "tenant"),
    page(
        101,
        100,
        "企业信息",
        "/productGroup/tenantInfo",
        "platform",
        &[
            ("tenant:view", "view", "查看企业"),
            ("tenant:add", "add", "新增企业"),
            ("tenant:edit", "edit", "修改企业"),
            ("tenant:delete", "delete", "删除企业"),
            ("tenant:disable", "disable", "启用/禁用企业"),
        ],
    ),
    page(
        102,
        100,
        "部门管理",
        "/system/department",
        "tenant",
        &[
            ("department:view", "view", "查看部门"),
            ("department:add", "add", "新增部门"),
            ("department:edit", "edit", "修改部门"),
            ("department:delete", "delete", "删除部门"),
        ],
    ),
    page(
        103,
        100,
        "角色管理",
        "/system/role",
        "tenant",
        &[
            ("role:view", "view", "查看角色"),
            ("role:add", "add", "新增角色"),
            ("role:edit", "edit", "修改角色"),
            ("role:delete", "delete", "删除角色"),
            ("role:grant", "grant", "分配权限"),
        ],
    ),
    page(
        104,
        100,
        "账号管理",
        "/system/user",
        "tenant",
        &[
            ("account:view", "view", "查看账号"),
            ("account:add", "add", "新增账号"),
            ("account:edit", "edit", "修改账号"),
            ("account:delete", "delete", "删除账号"),
            ("account:disable", "disable", "启用/禁用账号"),
            ("account:reset-password", "reset", "重置密码"),
        ],
    ),
    MenuSeed {
        menu_id: 105,
        parent: 100,
        name: "个人中心",
        kind: "page",
        path: "/system/userCenter",
        icon: "",
        scope: "tenant",
        everyone: true,
        hidden: true,
        buttons: &[],
    },
    group(200, "系统配置", "/system-config", "SettingOutlined", "platform"),
    page(
        201,
        200,
        "菜单管理",
        "/system-config/menu",
        "platform",
        &[
            ("menu:view", "view", "查看菜单"),
            ("menu:add", "add", "新增菜单"),
            ("menu:edit", "edit", "修改菜单"),
            ("menu:delete", "delete", "删除菜单"),
        ],
    ),
    page(
        202,
        200,
        "按钮管理",
        "/system-config/system-button",
        "platform",
        &[
            ("button:view", "view", "查看按钮"),
            ("button:add", "add", "新增按钮"),
            ("button:edit", "edit", "修改按钮"),
            ("button:delete", "delete", "删除按钮"),
        ],
    ),
    page(
        203,
        200,
        "服务区域",
        "/system-config/service-area",
        "platform",
        &[
            ("service-area:add", "add", "新增服务区域"),
            ("service-area:edit", "edit", "修改服务区域"),
            ("service-area:delete", "delete", "删除服务区域"),
        ],
    ),
    // Each area's servers: where its apps and devices connect.
    page(
        211,
        200,
        "服务区域配置",
        "/system-config/service-area-config",
        "platform",
        &[("service-area-config:edit", "edit", "配置服务区域服务器")],
    ),
    page(
        204,
        200,
        "语言管理",
        "/system-config/globalization-lang",
        "platform",
        &[
            ("language:add", "add", "新增语言"),
            ("language:edit", "edit", "修改语言"),
            ("language:delete", "delete", "删除语言"),
        ],
    ),
    page(
        205,
        200,
        "插件管理",
        "/system-config/plugins",
        "platform",
        &[
            ("plugin:view", "view", "查看插件"),
            ("plugin:enable", "enable", "启用/停用插件"),
            ("plugin:reload", "reload", "重新加载插件"),
            ("plugin:device-key", "device-key", "管理设备密钥"),
        ],
    ),
    page(206, 200, "加解密工具", "/system-config/encrypt-decode", "platform", &[("crypt:use", "use", "加密/解密")]),
    page(207, 200, "工具", "/system-config/tools", "platform", &[("tools:use", "use", "使用工具")]),
    // The platform's own organisation, roles and accounts: the enterprise pages' routes, asked
    // with the `platform` tenancy (tenant 0 alone), under actions of their own so that these
    // rights are granted apart from the enterprises'. See `platform_action`.
    page(
        208,
        200,
        "组织架构",
        "/system-config/organization-structure",
        "platform",
        &[
            ("platform-department:view", "view", "查看平台部门"),
            ("platform-department:add", "add", "新增平台部门"),
            ("platform-department:edit", "edit", "修改平台部门"),
            ("platform-department:delete", "delete", "删除平台部门"),
        ],
    ),
    page(
        209,
        200,
        "系统角色",
        "/system-config/system-role",
        "platform",
        &[
            ("platform-role:view", "view", "查看平台角色"),
            ("platform-role:add", "add", "新增平台角色"),
            ("platform-role:edit", "edit", "修改平台角色"),
            ("platform-role:delete", "delete", "删除平台角色"),
            ("platform-role:grant", "grant", "分配平台角色权限"),
        ],
    ),
    page(
        210,
        200,
        "系统账号",
        "/system-config/system-account",
        "platform",
        &[
            ("platform-account:view", "view", "查看平台账号"),
            ("platform-account:add", "add", "新增平台账号"),
            ("platform-account:edit", "edit", "修改平台账号"),
            ("platform-account:delete", "delete", "删除平台账号"),
            ("platform-account:disable", "disable", "启用/禁用平台账号"),
            ("platform-account:reset-password", "reset", "重置平台账号密码"),
        ],
    ),
    group(300, "区域管理", "/regional-manage", "GlobalOutlined", "platform"),
    page(
        301,
        300,
        "区域列表",
        "/regional-manage/list",
        "platform",
        &[
            ("region:add", "add", "新增区域"),
            ("region:edit", "edit", "修改区域"),
            ("region:delete", "delete", "删除区域"),
        ],
    ),
    group(400, "日志管理", "/operate-record", "FileSearchOutlined", "tenant"),
    page(401, 400, "操作记录", "/operate-record/record", "tenant", &[("operate-record:view", "view", "查看操作记录")]),
    page(402, 400, "登录日志", "/operate-record/login-log", "tenant", &[("login-log:view", "view", "查看登录日志")]),
    // The process centre: every user sees what they may decide (the kinds' own actions filter it).
    group(500, "流程中心", "/process-center", "AuditOutlined", "tenant"),
    everyone_page(501, 500, "待办任务", "/process-center/task-waiting"),
    everyone_page(502, 500, "已办任务", "/process-center/task-finish"),
    // App management: a group the plugins of its pages share (app upgrades, app users, ...); it
    // shows once one of them gives it a page the user may open.
    group(600, "APP管理", "/app-manage", "AppstoreOutlined", "tenant"),
    // Media: object domains, and the content pages to come.
    group(700, "媒体管理", "/media", "CloudServerOutlined", "tenant"),
    // External links: their address comes from the configuration, per environment (`links.rs`);
    // without one for the environment the shell leaves them out. Third-party access: the
    // enterprise's OAuth clients, their scopes and the tokens issued (host/src/oauth).
    group(1000, "第三方接入", "/third-party-access", "ApiOutlined", "tenant"),
    page(
        1001,
        1000,
        "客户端列表",
        "/third-party-access/client-list",
        "tenant",
        &[
            ("oauth:client:view", "view", "查看客户端"),
            ("oauth:client:add", "add", "新增客户端"),
            ("oauth:client:edit", "edit", "修改客户端"),
            ("oauth:client:delete", "delete", "删除客户端"),
        ],
    ),
    page(
        1002,
        1000,
        "配置列表",
        "/third-party-access/configuration-list",
        "tenant",
        &[("oauth:scope:view", "view", "查看授权范围"), ("oauth:scope:edit", "edit", "编辑授权范围")],
    ),
    page(
        1003,
        1000,
        "用户信息列表",
        "/third-party-access/userinfo-list",
        "tenant",
        &[("oauth:token:view", "view", "查看令牌"), ("oauth:token:revoke", "revoke", "撤销令牌")],
    ),
    link(800, "流程管理", "/process-manage", "ApartmentOutlined", "tenant"),
    link(900, "数据分析", "/data-analysis", "AreaChartOutlined", "platform"),
];

/// A page every signed-in user has: what it shows is filtered by the user's rights.
const fn everyone_page(menu_id: i64, parent: i64, name: &'static str, path: &'static str) -> MenuSeed {
    MenuSeed {
        menu_id,
        parent,
        name,
        kind: "page",
        path,
        icon: "",
        scope: "tenant",
        everyone: true,
        hidden: false,
        buttons: &[],
    }
}

/// Brings the core menus and buttons in the database up to this build's catalogue. Entries an
/// operator created (source 'custom') are left alone.
pub async fn sync(db: &Db) -> Result<(), sqlx::Error> {
    for (sort, seed) in CORE_MENUS.iter().enumerate() {
        let menu = MenuFields {
            menu_id: seed.menu_id,
            name: seed.name.into(),
            menu_type: seed.kind.into(),
            sort_weight: i64::try_from(sort).unwrap_or(0) * 10,
            route_path: seed.path.into(),
            icon: seed.icon.into(),
            parent_menu_id: seed.parent,
            scope: seed.scope.into(),
            everyone: seed.everyone,
            hidden: seed.hidden,
        };
        db.upsert_menu(&menu, "core").await?;
        for (action, button_type, name) in seed.buttons {
            let button = ButtonFields {
                menu_id: seed.menu_id,
                button_type: (*button_type).into(),
                name: (*name).into(),
                description: String::new(),
                request_url: String::new(),
                action: (*action).into(),
            };
            db.upsert_button(&button, "core").await?;
        }
    }
    Ok(())
}

/// What a route's `action` requires when the request acts for the platform's own records
/// (`tenantId: platform`): the action of the system-configuration page that mirrors the
/// enterprise page (`platform-role:edit` for `role:edit`), or the action itself where no page
/// mirrors it. Holding `role:edit` for enterprises does not give the platform's roles, nor the
/// reverse.
pub fn platform_action(action: &str) -> &str {
    CORE_MENUS
        .iter()
        .flat_map(|m| m.buttons.iter().map(|(a, _, _)| *a))
        .find(|mirror| mirror.strip_prefix(PLATFORM_PREFIX) == Some(action))
        .unwrap_or(action)
}

const PLATFORM_PREFIX: &str = "platform-";

/// Every action the core catalogue defines.
pub fn core_actions() -> impl Iterator<Item = &'static str> {
    CORE_MENUS.iter().flat_map(|m| m.buttons.iter().map(|(action, _, _)| *action))
}
