//! The menu tree, buttons (the actions routes require) and what an account may see and do.

use std::collections::HashSet;

use serde::Serialize;
use sqlx::{FromRow, QueryBuilder};
use utoipa::ToSchema;

use super::{Db, Paging, like_pattern, now_ms};

/// What a menu is; stored as text, named here for the OpenAPI document (and the types the
/// console's SDK generates from it).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MenuType {
    Group,
    Page,
    Link,
}

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuRow {
    pub id: i64,
    pub menu_id: i64,
    pub name: String,
    #[schema(value_type = MenuType)]
    pub menu_type: String,
    pub sort_weight: i64,
    pub route_path: String,
    pub icon: String,
    pub parent_menu_id: i64,
    pub scope: String,
    pub everyone: bool,
    pub hidden: bool,
    pub source: String,
}

pub struct MenuFields {
    pub menu_id: i64,
    pub name: String,
    pub menu_type: String,
    pub sort_weight: i64,
    pub route_path: String,
    pub icon: String,
    pub parent_menu_id: i64,
    pub scope: String,
    pub everyone: bool,
    pub hidden: bool,
}

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ButtonRow {
    pub id: i64,
    pub menu_id: i64,
    pub button_type: String,
    pub name: String,
    pub description: String,
    pub request_url: String,
    pub action: String,
    pub source: String,
}

pub struct ButtonFields {
    pub menu_id: i64,
    pub button_type: String,
    pub name: String,
    pub description: String,
    pub request_url: String,
    pub action: String,
}

const MENU_COLUMNS: &str =
    "id, menu_id, name, menu_type, sort_weight, route_path, icon, parent_menu_id, scope, everyone, hidden, source";
const BUTTON_COLUMNS: &str = "id, menu_id, button_type, name, description, request_url, action, source";

/// SQL for "the menu is the core's, an operator's, or from a plugin in `$3` (a JSON array)".
fn reachable(engine: super::Engine) -> String {
    format!("(m.source IN ('core', 'custom') OR m.source IN ({}))", engine.json_texts(3))
}

/// SQL for "the account holds an administrator role".
const IS_ADMIN: &str = "EXISTS (SELECT 1 FROM account_roles ar JOIN roles r ON r.id = ar.role_id
                                WHERE ar.account_id = $1 AND r.role_type = 'administrator')";

impl Db {
    pub async fn menus(&self) -> Result<Vec<MenuRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {MENU_COLUMNS} FROM menus ORDER BY parent_menu_id, sort_weight, menu_id"))
                .fetch_all(pool)
                .await
        })
    }

    pub async fn menu(&self, id: i64) -> Result<Option<MenuRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {MENU_COLUMNS} FROM menus WHERE id = $1"))
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn menu_by_menu_id(&self, menu_id: i64) -> Result<Option<MenuRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {MENU_COLUMNS} FROM menus WHERE menu_id = $1"))
                .bind(menu_id)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn menu_children(&self, menu_id: i64) -> Result<i64, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM menus WHERE parent_menu_id = $1")
                .bind(menu_id)
                .fetch_one(pool)
                .await
        })
    }

    /// Inserts or, for `source` entries already present, updates a menu (catalogue sync).
    pub async fn upsert_menu(&self, f: &MenuFields, source: &str) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            sqlx::query(
                "INSERT INTO menus (menu_id, name, menu_type, sort_weight, route_path, icon, parent_menu_id, scope,
                                everyone, hidden, source, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
             ON CONFLICT (menu_id) DO UPDATE SET name = excluded.name, menu_type = excluded.menu_type,
               sort_weight = excluded.sort_weight, route_path = excluded.route_path, icon = excluded.icon,
               parent_menu_id = excluded.parent_menu_id, scope = excluded.scope, everyone = excluded.everyone,
               hidden = excluded.hidden, updated_at = excluded.updated_at
             WHERE menus.source = excluded.source",
            )
            .bind(f.menu_id)
            .bind(&f.name)
            .bind(&f.menu_type)
            .bind(f.sort_weight)
            .bind(&f.route_path)
            .bind(&f.icon)
            .bind(f.parent_menu_id)
            .bind(&f.scope)
            .bind(f.everyone)
            .bind(f.hidden)
            .bind(source)
            .bind(now)
            .bind(now)
            .execute(pool)
            .await
            .map(drop)
        })
    }

    pub async fn update_menu(&self, id: i64, f: &MenuFields) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query(
            "UPDATE menus SET menu_id = $1, name = $2, menu_type = $3, sort_weight = $4, route_path = $5, icon = $6,
                              parent_menu_id = $7, scope = $8, everyone = $9, hidden = $10, updated_at = $11
             WHERE id = $12",
        )
        .bind(f.menu_id)
        .bind(&f.name)
        .bind(&f.menu_type)
        .bind(f.sort_weight)
        .bind(&f.route_path)
        .bind(&f.icon)
        .bind(f.parent_menu_id)
        .bind(&f.scope)
        .bind(f.everyone)
        .bind(f.hidden)
        .bind(now_ms())
        .bind(id)
        .execute(pool)
        .await
        .map(drop)
        })
    }

    pub async fn delete_menu(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM menus WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }

    pub async fn buttons(
        &self,
        menu_id: Option<i64>,
        keyword: &str,
        paging: Paging,
    ) -> Result<(Vec<ButtonRow>, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let filter = |q: &mut QueryBuilder<'_, _>| {
                q.push(" WHERE 1 = 1");
                if let Some(menu_id) = menu_id {
                    q.push(" AND menu_id = ").push_bind(menu_id);
                }
                if !keyword.is_empty() {
                    let pattern = like_pattern(keyword);
                    q.push(format!(" AND (name {} ", self.engine().like()))
                        .push_bind(pattern.clone())
                        .push(" ESCAPE '\\'");
                    q.push(format!(" OR action {} ", self.engine().like())).push_bind(pattern).push(" ESCAPE '\\')");
                }
            };
            let mut count = QueryBuilder::new("SELECT COUNT(*) FROM buttons");
            filter(&mut count);
            let total = count.build_query_scalar().fetch_one(pool).await?;
            let mut rows = QueryBuilder::new(format!("SELECT {BUTTON_COLUMNS} FROM buttons"));
            filter(&mut rows);
            rows.push(" ORDER BY menu_id, id LIMIT ")
                .push_bind(paging.page_size)
                .push(" OFFSET ")
                .push_bind(paging.offset());
            Ok((rows.build_query_as().fetch_all(pool).await?, total))
        })
    }

    pub async fn all_buttons(&self) -> Result<Vec<ButtonRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {BUTTON_COLUMNS} FROM buttons ORDER BY menu_id, id")).fetch_all(pool).await
        })
    }

    pub async fn button(&self, id: i64) -> Result<Option<ButtonRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {BUTTON_COLUMNS} FROM buttons WHERE id = $1"))
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn action_taken(&self, action: &str, except: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM buttons WHERE action = $1 AND id <> $2)")
                .bind(action)
                .bind(except)
                .fetch_one(pool)
                .await
        })
    }

    pub async fn upsert_button(&self, f: &ButtonFields, source: &str) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            sqlx::query(
            "INSERT INTO buttons (menu_id, button_type, name, description, request_url, action, source, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (action) DO UPDATE SET menu_id = excluded.menu_id, button_type = excluded.button_type,
               name = excluded.name, description = excluded.description, request_url = excluded.request_url,
               updated_at = excluded.updated_at
             WHERE buttons.source = excluded.source",
        )
        .bind(f.menu_id)
        .bind(&f.button_type)
        .bind(&f.name)
        .bind(&f.description)
        .bind(&f.request_url)
        .bind(&f.action)
        .bind(source)
        .bind(now)
        .bind(now)
        .execute(pool)
        .await
        .map(drop)
        })
    }

    pub async fn update_button(&self, id: i64, f: &ButtonFields) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query(
            "UPDATE buttons SET menu_id = $1, button_type = $2, name = $3, description = $4, request_url = $5, action = $6,
                                updated_at = $7
             WHERE id = $8",
        )
        .bind(f.menu_id)
        .bind(&f.button_type)
        .bind(&f.name)
        .bind(&f.description)
        .bind(&f.request_url)
        .bind(&f.action)
        .bind(now_ms())
        .bind(id)
        .execute(pool)
        .await
        .map(drop)
        })
    }

    pub async fn delete_button(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM buttons WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }

    /// Names of platform-scope menus and buttons among the given ids: what no enterprise role
    /// may be granted.
    pub async fn platform_only_among(&self, menu_ids: &[i64], button_ids: &[i64]) -> Result<Vec<String>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            let mut q = QueryBuilder::new("SELECT name FROM menus WHERE scope = 'platform' AND menu_id IN (NULL");
            for id in menu_ids {
                q.push(", ").push_bind(id);
            }
            q.push(") UNION ALL SELECT b.name FROM buttons b JOIN menus m ON m.menu_id = b.menu_id");
            q.push(" WHERE m.scope = 'platform' AND b.id IN (NULL");
            for id in button_ids {
                q.push(", ").push_bind(id);
            }
            q.push(")");
            q.build_query_scalar().fetch_all(pool).await
        })
    }

    /// How many of the ids exist, to refuse grants of unknown menus and buttons.
    pub async fn known_grants(&self, menu_ids: &[i64], button_ids: &[i64]) -> Result<(usize, usize), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let mut menus = QueryBuilder::new("SELECT COUNT(*) FROM menus WHERE menu_id IN (NULL");
            for id in menu_ids {
                menus.push(", ").push_bind(id);
            }
            menus.push(")");
            let mut buttons = QueryBuilder::new("SELECT COUNT(*) FROM buttons WHERE id IN (NULL");
            for id in button_ids {
                buttons.push(", ").push_bind(id);
            }
            buttons.push(")");
            let menus: i64 = menus.build_query_scalar().fetch_one(pool).await?;
            let buttons: i64 = buttons.build_query_scalar().fetch_one(pool).await?;
            Ok((usize::try_from(menus).unwrap_or(0), usize::try_from(buttons).unwrap_or(0)))
        })
    }

    /// The button actions an account holds: every button in its reach for an administrator
    /// role, else the buttons granted to its roles. Platform-scope buttons only for platform
    /// accounts, whatever the grants say.
    /// `plugins`: the plugins enabled for the tenant; other plugins' buttons are out of reach.
    pub async fn account_actions(
        &self,
        account_id: i64,
        is_platform: bool,
        plugins: &[String],
    ) -> Result<HashSet<String>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            let reachable = reachable(self.engine());
            let rows: Vec<String> = sqlx::query_scalar(&format!(
                "SELECT b.action FROM buttons b JOIN menus m ON m.menu_id = b.menu_id
             WHERE (m.scope = 'tenant' OR $2) AND {reachable}
               AND ({IS_ADMIN}
                    OR b.id IN (SELECT rb.button_id FROM role_buttons rb
                                JOIN account_roles ar ON ar.role_id = rb.role_id WHERE ar.account_id = $1))"
            ))
            .bind(account_id)
            .bind(is_platform)
            .bind(serde_json::to_string(plugins).unwrap_or_default())
            .fetch_all(pool)
            .await?;
            Ok(rows.into_iter().collect())
        })
    }

    /// Whether the account holds an administrator role.
    pub async fn account_is_admin(&self, account_id: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar(&format!("SELECT {IS_ADMIN}")).bind(account_id).fetch_one(pool).await
        })
    }

    /// The actions a set of roles grants explicitly, and whether any of them is an administrator
    /// role (which grants everything in its reach).
    pub async fn roles_grant(&self, role_ids: &[i64]) -> Result<(HashSet<String>, bool), sqlx::Error> {
        super::with_pool!(self, |pool| {
            if role_ids.is_empty() {
                return Ok((HashSet::new(), false));
            }
            let ids = serde_json::to_string(role_ids).unwrap_or_default();
            let listed = self.engine().json_integers(1);
            let actions: Vec<String> = sqlx::query_scalar(&format!(
                "SELECT b.action FROM buttons b JOIN role_buttons rb ON rb.button_id = b.id
                 WHERE rb.role_id IN ({listed})"
            ))
            .bind(&ids)
            .fetch_all(pool)
            .await?;
            let admin: bool = sqlx::query_scalar(&format!(
                "SELECT EXISTS (SELECT 1 FROM roles WHERE role_type = 'administrator' AND id IN ({listed}))"
            ))
            .bind(&ids)
            .fetch_one(pool)
            .await?;
            Ok((actions.into_iter().collect(), admin))
        })
    }

    /// The menus an account may see directly (ancestors are added when the tree is built).
    pub async fn account_menu_ids(
        &self,
        account_id: i64,
        is_platform: bool,
        plugins: &[String],
    ) -> Result<HashSet<i64>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            let reachable = reachable(self.engine());
            let rows: Vec<i64> = sqlx::query_scalar(&format!(
                "SELECT m.menu_id FROM menus m
             WHERE (m.scope = 'tenant' OR $2) AND {reachable}
               AND (m.everyone OR {IS_ADMIN}
                    OR m.menu_id IN (SELECT rm.menu_id FROM role_menus rm
                                     JOIN account_roles ar ON ar.role_id = rm.role_id WHERE ar.account_id = $1)
                    OR m.menu_id IN (SELECT b.menu_id FROM buttons b JOIN role_buttons rb ON rb.button_id = b.id
                                     JOIN account_roles ar ON ar.role_id = rb.role_id WHERE ar.account_id = $1))"
            ))
            .bind(account_id)
            .bind(is_platform)
            .bind(serde_json::to_string(plugins).unwrap_or_default())
            .fetch_all(pool)
            .await?;
            Ok(rows.into_iter().collect())
        })
    }
}
