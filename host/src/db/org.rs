//! Departments, roles and accounts of a tenant, and the grants of roles.

use serde::Serialize;
use sqlx::{FromRow, QueryBuilder};
use utoipa::ToSchema;

use super::{Db, Paging, like_pattern, now_ms};

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentRow {
    pub id: i64,
    pub tenant_id: i64,
    pub code: String,
    pub name: String,
    pub parent_id: i64,
    pub level: i64,
    /// development, test or operation; empty when none is given.
    pub department_role: String,
    pub created_at: i64,
    pub updated_at: i64,
}

pub struct DepartmentFields {
    pub code: String,
    pub name: String,
    pub parent_id: i64,
    pub level: i64,
    pub department_role: String,
}

/// What a role is; named for the OpenAPI document (stored as text).
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RoleType {
    Ordinary,
    Administrator,
}

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRow {
    pub id: i64,
    pub tenant_id: i64,
    pub name: String,
    #[schema(value_type = RoleType)]
    pub role_type: String,
    pub remark: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// How many accounts hold the role.
    pub bound_users: i64,
}

/// An account that holds a role, as the role's page lists it.
#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoundUser {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub disabled: bool,
}

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountRow {
    pub id: i64,
    pub tenant_id: i64,
    pub username: String,
    pub name: String,
    pub department_id: Option<i64>,
    pub avatar: String,
    pub phone: String,
    pub email: String,
    pub account_type: String,
    /// The account's number in another system.
    pub corresponding_id: String,
    pub disabled: bool,
    pub created_at: i64,
    pub updated_at: i64,
    #[serde(skip)]
    pub role_id_list: Option<String>,
    #[sqlx(skip)]
    pub role_ids: Vec<i64>,
}

pub struct AccountFields {
    pub username: String,
    pub name: String,
    pub department_id: Option<i64>,
    pub avatar: String,
    pub phone: String,
    pub email: String,
    pub account_type: String,
    pub corresponding_id: String,
    pub role_ids: Vec<i64>,
}

fn push_tenant_filter<'a, DB: sqlx::Database>(q: &mut QueryBuilder<'a, DB>, column: &str, tenant: Option<i64>)
where
    i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    match tenant {
        Some(id) => q.push(format!(" WHERE {column} = ")).push_bind(id),
        None => q.push(" WHERE 1 = 1"),
    };
}

impl Db {
    // ---- departments ----

    pub async fn departments(&self, tenant: Option<i64>) -> Result<Vec<DepartmentRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            let mut q = QueryBuilder::new(
                "SELECT id, tenant_id, code, name, parent_id, level, department_role, created_at, updated_at FROM departments",
            );
            push_tenant_filter(&mut q, "tenant_id", tenant);
            q.push(" ORDER BY tenant_id, level, code");
            q.build_query_as().fetch_all(pool).await
        })
    }

    pub async fn department(&self, id: i64) -> Result<Option<DepartmentRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(
            "SELECT id, tenant_id, code, name, parent_id, level, department_role, created_at, updated_at FROM departments WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await
        })
    }

    pub async fn department_code_taken(&self, tenant: i64, code: &str, except: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM departments WHERE tenant_id = $1 AND code = $2 AND id <> $3)",
            )
            .bind(tenant)
            .bind(code)
            .bind(except)
            .fetch_one(pool)
            .await
        })
    }

    pub async fn insert_department(&self, tenant: i64, f: &DepartmentFields, by: i64) -> Result<i64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            sqlx::query_scalar(
            "INSERT INTO departments (tenant_id, code, name, parent_id, level, created_at, created_by, updated_at, updated_by, department_role)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        )
        .bind(tenant)
        .bind(&f.code)
        .bind(&f.name)
        .bind(f.parent_id)
        .bind(f.level)
        .bind(now)
        .bind(by)
        .bind(now)
        .bind(by)
        .bind(&f.department_role)
        .fetch_one(pool)
        .await
        })
    }

    /// Updates a department and, when it moved, the level of everything below it.
    pub async fn update_department(&self, id: i64, f: &DepartmentFields, by: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query(
            "UPDATE departments SET code = $1, name = $2, parent_id = $3, level = $4, updated_at = $5, updated_by = $6, department_role = $8 WHERE id = $7",
        )
        .bind(&f.code)
        .bind(&f.name)
        .bind(f.parent_id)
        .bind(f.level)
        .bind(now_ms())
        .bind(by)
        .bind(id)
        .bind(&f.department_role)
        .execute(&mut *tx)
        .await?;
            sqlx::query(
                "WITH RECURSIVE below(id, level) AS (
                 SELECT id, $2 + 1 FROM departments WHERE parent_id = $1
                 UNION ALL
                 SELECT d.id, below.level + 1 FROM departments d JOIN below ON d.parent_id = below.id
             )
             UPDATE departments SET level = (SELECT level FROM below WHERE below.id = departments.id)
             WHERE id IN (SELECT id FROM below)",
            )
            .bind(id)
            .bind(f.level)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })
    }

    /// How many sub-departments and accounts still hang on a department.
    pub async fn department_dependents(&self, id: i64) -> Result<(i64, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM departments WHERE parent_id = $1),
                    (SELECT COUNT(*) FROM accounts WHERE department_id = $1)",
            )
            .bind(id)
            .fetch_one(pool)
            .await
        })
    }

    pub async fn delete_department(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM departments WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }

    // ---- roles ----

    pub async fn roles(
        &self,
        tenant: Option<i64>,
        name: &str,
        paging: Paging,
    ) -> Result<(Vec<RoleRow>, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let filter = |q: &mut QueryBuilder<'_, _>| {
                push_tenant_filter(q, "tenant_id", tenant);
                if !name.is_empty() {
                    q.push(format!(" AND name {} ", self.engine().like()))
                        .push_bind(like_pattern(name))
                        .push(" ESCAPE '\\'");
                }
            };
            let mut count = QueryBuilder::new("SELECT COUNT(*) FROM roles");
            filter(&mut count);
            let total = count.build_query_scalar().fetch_one(pool).await?;
            let mut rows = QueryBuilder::new(
                "SELECT id, tenant_id, name, role_type, remark, created_at, updated_at, (SELECT COUNT(*) FROM account_roles ar WHERE ar.role_id = roles.id) AS bound_users FROM roles",
            );
            filter(&mut rows);
            rows.push(" ORDER BY id LIMIT ").push_bind(paging.page_size).push(" OFFSET ").push_bind(paging.offset());
            Ok((rows.build_query_as().fetch_all(pool).await?, total))
        })
    }

    /// The accounts that hold role `id`, by user name.
    pub async fn role_users(&self, id: i64) -> Result<Vec<BoundUser>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT a.id, a.username, a.name, a.disabled FROM accounts a
                 JOIN account_roles ar ON ar.account_id = a.id WHERE ar.role_id = $1 ORDER BY a.username",
            )
            .bind(id)
            .fetch_all(pool)
            .await
        })
    }

    pub async fn role(&self, id: i64) -> Result<Option<RoleRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT id, tenant_id, name, role_type, remark, created_at, updated_at, (SELECT COUNT(*) FROM account_roles ar WHERE ar.role_id = roles.id) AS bound_users FROM roles WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await
        })
    }

    pub async fn role_name_taken(&self, tenant: i64, name: &str, except: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM roles WHERE tenant_id = $1 AND name = $2 AND id <> $3)")
                .bind(tenant)
                .bind(name)
                .bind(except)
                .fetch_one(pool)
                .await
        })
    }

    pub async fn insert_role(
        &self,
        tenant: i64,
        name: &str,
        role_type: &str,
        remark: &str,
        by: i64,
    ) -> Result<i64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            sqlx::query_scalar(
                "INSERT INTO roles (tenant_id, name, role_type, remark, created_at, created_by, updated_at, updated_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            )
            .bind(tenant)
            .bind(name)
            .bind(role_type)
            .bind(remark)
            .bind(now)
            .bind(by)
            .bind(now)
            .bind(by)
            .fetch_one(pool)
            .await
        })
    }

    pub async fn update_role(
        &self,
        id: i64,
        name: &str,
        role_type: &str,
        remark: &str,
        by: i64,
    ) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("UPDATE roles SET name = $1, role_type = $2, remark = $3, updated_at = $4, updated_by = $5 WHERE id = $6")
            .bind(name)
            .bind(role_type)
            .bind(remark)
            .bind(now_ms())
            .bind(by)
            .bind(id)
            .execute(pool)
            .await
            .map(drop)
        })
    }

    pub async fn role_account_count(&self, id: i64) -> Result<i64, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM account_roles WHERE role_id = $1").bind(id).fetch_one(pool).await
        })
    }

    pub async fn delete_role(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM roles WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }

    /// The menu ids and button ids granted to a role.
    pub async fn role_grants(&self, id: i64) -> Result<(Vec<i64>, Vec<i64>), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let menus = sqlx::query_scalar("SELECT menu_id FROM role_menus WHERE role_id = $1 ORDER BY menu_id")
                .bind(id)
                .fetch_all(pool)
                .await?;
            let buttons =
                sqlx::query_scalar("SELECT button_id FROM role_buttons WHERE role_id = $1 ORDER BY button_id")
                    .bind(id)
                    .fetch_all(pool)
                    .await?;
            Ok((menus, buttons))
        })
    }

    pub async fn set_role_grants(&self, id: i64, menu_ids: &[i64], button_ids: &[i64]) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query("DELETE FROM role_menus WHERE role_id = $1").bind(id).execute(&mut *tx).await?;
            sqlx::query("DELETE FROM role_buttons WHERE role_id = $1").bind(id).execute(&mut *tx).await?;
            for menu_id in menu_ids {
                sqlx::query("INSERT INTO role_menus (role_id, menu_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(menu_id)
                    .execute(&mut *tx)
                    .await?;
            }
            for button_id in button_ids {
                sqlx::query("INSERT INTO role_buttons (role_id, button_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(button_id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await
        })
    }

    /// Roles among `ids` that belong to `tenant`: to refuse granting another tenant's roles.
    pub async fn roles_of_tenant(&self, tenant: i64, ids: &[i64]) -> Result<usize, sqlx::Error> {
        super::with_pool!(self, |pool| {
            let mut q = QueryBuilder::new("SELECT COUNT(*) FROM roles WHERE tenant_id = ");
            q.push_bind(tenant).push(" AND id IN (");
            let mut list = q.separated(", ");
            for id in ids {
                list.push_bind(id);
            }
            q.push(")");
            let count: i64 = if ids.is_empty() { 0 } else { q.build_query_scalar().fetch_one(pool).await? };
            Ok(usize::try_from(count).unwrap_or(0))
        })
    }

    // ---- accounts ----

    pub async fn accounts(
        &self,
        tenant: Option<i64>,
        keyword: &str,
        department_id: Option<i64>,
        paging: Paging,
    ) -> Result<(Vec<AccountRow>, i64), sqlx::Error> {
        super::with_pool!(self, |pool| {
            let filter = |q: &mut QueryBuilder<'_, _>| {
                push_tenant_filter(q, "a.tenant_id", tenant);
                if !keyword.is_empty() {
                    let pattern = like_pattern(keyword);
                    q.push(format!(" AND (a.username {} ", self.engine().like()))
                        .push_bind(pattern.clone())
                        .push(" ESCAPE '\\'");
                    q.push(format!(" OR a.name {} ", self.engine().like())).push_bind(pattern).push(" ESCAPE '\\')");
                }
                if let Some(dept) = department_id {
                    q.push(" AND a.department_id = ").push_bind(dept);
                }
            };
            let mut count = QueryBuilder::new("SELECT COUNT(*) FROM accounts a");
            filter(&mut count);
            let total = count.build_query_scalar().fetch_one(pool).await?;
            let mut rows = QueryBuilder::new(
                "SELECT a.id, a.tenant_id, a.username, a.name, a.department_id, a.avatar, a.phone, a.email,
                    a.account_type, a.corresponding_id, a.disabled, a.created_at, a.updated_at,
                    (SELECT string_agg(CAST(role_id AS TEXT), ',') FROM account_roles WHERE account_id = a.id) AS role_id_list
             FROM accounts a",
            );
            filter(&mut rows);
            rows.push(" ORDER BY a.id LIMIT ").push_bind(paging.page_size).push(" OFFSET ").push_bind(paging.offset());
            let mut list: Vec<AccountRow> = rows.build_query_as().fetch_all(pool).await?;
            list.iter_mut().for_each(AccountRow::split_role_ids);
            Ok((list, total))
        })
    }

    pub async fn account(&self, id: i64) -> Result<Option<AccountRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            let mut row: Option<AccountRow> = sqlx::query_as(
                "SELECT a.id, a.tenant_id, a.username, a.name, a.department_id, a.avatar, a.phone, a.email,
                    a.account_type, a.corresponding_id, a.disabled, a.created_at, a.updated_at,
                    (SELECT string_agg(CAST(role_id AS TEXT), ',') FROM account_roles WHERE account_id = a.id) AS role_id_list
             FROM accounts a WHERE a.id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await?;
            if let Some(row) = row.as_mut() {
                row.split_role_ids();
            }
            Ok(row)
        })
    }

    /// Within its enterprise only: whether another enterprise has the name is none of the
    /// caller's business.
    pub async fn username_taken(&self, tenant: i64, username: &str, except: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM accounts WHERE tenant_id = $1 AND username = $2 COLLATE NOCASE AND id <> $3)",
        )
        .bind(tenant)
        .bind(username)
        .bind(except)
        .fetch_one(pool)
        .await
        })
    }

    pub async fn insert_account(
        &self,
        tenant: i64,
        f: &AccountFields,
        password_hash: &str,
        by: i64,
    ) -> Result<i64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            let mut tx = pool.begin().await?;
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO accounts (tenant_id, username, name, department_id, avatar, password_hash, phone, email,
                                   account_type, created_at, created_by, updated_at, updated_by, corresponding_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
            )
            .bind(tenant)
            .bind(&f.username)
            .bind(&f.name)
            .bind(f.department_id)
            .bind(&f.avatar)
            .bind(password_hash)
            .bind(&f.phone)
            .bind(&f.email)
            .bind(&f.account_type)
            .bind(now)
            .bind(by)
            .bind(now)
            .bind(by)
            .bind(&f.corresponding_id)
            .fetch_one(&mut *tx)
            .await?;
            for role_id in &f.role_ids {
                sqlx::query("INSERT INTO account_roles (account_id, role_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(role_id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(id)
        })
    }

    pub async fn update_account(&self, id: i64, f: &AccountFields, by: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "UPDATE accounts SET username = $1, name = $2, department_id = $3, avatar = $4, phone = $5, email = $6,
                                 account_type = $7, updated_at = $8, updated_by = $9, corresponding_id = $11
             WHERE id = $10",
            )
            .bind(&f.username)
            .bind(&f.name)
            .bind(f.department_id)
            .bind(&f.avatar)
            .bind(&f.phone)
            .bind(&f.email)
            .bind(&f.account_type)
            .bind(now_ms())
            .bind(by)
            .bind(id)
            .bind(&f.corresponding_id)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM account_roles WHERE account_id = $1").bind(id).execute(&mut *tx).await?;
            for role_id in &f.role_ids {
                sqlx::query("INSERT INTO account_roles (account_id, role_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(role_id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await
        })
    }

    pub async fn set_account_disabled(&self, id: i64, disabled: bool, by: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("UPDATE accounts SET disabled = $1, updated_at = $2, updated_by = $3 WHERE id = $4")
                .bind(disabled)
                .bind(now_ms())
                .bind(by)
                .bind(id)
                .execute(pool)
                .await
                .map(drop)
        })
    }

    /// One's own avatar (the personal centre).
    /// The avatars the accounts of `tenant` name (their addresses).
    pub async fn account_avatars(&self, tenant: i64) -> Result<Vec<String>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT DISTINCT avatar FROM accounts WHERE tenant_id = $1 AND avatar <> ''")
                .bind(tenant)
                .fetch_all(pool)
                .await
        })
    }

    pub async fn set_account_avatar(&self, id: i64, avatar: &str) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("UPDATE accounts SET avatar = $1, updated_at = $2, updated_by = $3 WHERE id = $4")
                .bind(avatar)
                .bind(now_ms())
                .bind(id)
                .bind(id)
                .execute(pool)
                .await
                .map(drop)
        })
    }

    pub async fn set_account_password(&self, id: i64, password_hash: &str, by: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("UPDATE accounts SET password_hash = $1, updated_at = $2, updated_by = $3 WHERE id = $4")
                .bind(password_hash)
                .bind(now_ms())
                .bind(by)
                .bind(id)
                .execute(pool)
                .await
                .map(drop)
        })
    }

    pub async fn account_password_hash(&self, id: i64) -> Result<Option<String>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT password_hash FROM accounts WHERE id = $1").bind(id).fetch_optional(pool).await
        })
    }

    pub async fn delete_account(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM accounts WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }

    pub async fn account_count(&self) -> Result<i64, sqlx::Error> {
        super::with_pool!(self, |pool| { sqlx::query_scalar("SELECT COUNT(*) FROM accounts").fetch_one(pool).await })
    }
}

impl AccountRow {
    fn split_role_ids(&mut self) {
        self.role_ids =
            self.role_id_list.as_deref().unwrap_or("").split(',').filter_map(|id| id.parse().ok()).collect();
    }
}
