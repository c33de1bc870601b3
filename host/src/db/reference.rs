//! Platform reference data: regions, languages, service areas.

use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::{Db, now_ms};

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegionRow {
    pub id: i64,
    pub parent_id: i64,
    pub region_en: String,
    pub region_full_en: String,
    pub region_ch: String,
    pub region_abbr_en: String,
    pub region_abbr_short: String,
    pub pinyin: String,
    pub disable_eu_us: bool,
    /// The initials of the English name and of the Chinese name (its pinyin's), upper case: what
    /// the region lists group and jump by.
    pub initial_en: String,
    pub initial_ch: String,
}

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageRow {
    pub id: i64,
    pub name: String,
    pub name_en: String,
    pub code: String,
    pub is_default: bool,
}

#[derive(Debug, Clone, FromRow, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceAreaRow {
    pub id: i64,
    pub area_code: String,
    pub area_name: String,
    pub default_open: bool,
    /// Where the area's apps call the platform (`https://host[:port]`); empty until configured.
    pub api_server: String,
    /// Where the area's devices hold their MQTT sessions (`mqtts://host:port`); empty until
    /// configured.
    pub mqtt_server: String,
}

const SERVICE_AREA_COLUMNS: &str = "id, area_code, area_name, default_open, api_server, mqtt_server";

const REGION_COLUMNS: &str =
    "id, parent_id, region_en, region_full_en, region_ch, region_abbr_en, region_abbr_short, pinyin, disable_eu_us,
     UPPER(SUBSTR(region_en, 1, 1)) AS initial_en, UPPER(SUBSTR(pinyin, 1, 1)) AS initial_ch";

impl Db {
    // ---- regions ----

    pub async fn regions(&self) -> Result<Vec<RegionRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {REGION_COLUMNS} FROM regions ORDER BY parent_id, region_en"))
                .fetch_all(pool)
                .await
        })
    }

    pub async fn region(&self, id: i64) -> Result<Option<RegionRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {REGION_COLUMNS} FROM regions WHERE id = $1"))
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn region_en_taken(&self, region_en: &str, except: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM regions WHERE region_en = $1 AND id <> $2)")
                .bind(region_en)
                .bind(except)
                .fetch_one(pool)
                .await
        })
    }

    /// Inserts (`id` None) or updates a region.
    pub async fn save_region(&self, id: Option<i64>, r: &RegionRow) -> Result<i64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            match id {
                None => {
                    sqlx::query_scalar(
                        "INSERT INTO regions (parent_id, region_en, region_full_en, region_ch, region_abbr_en,
                                          region_abbr_short, pinyin, disable_eu_us, created_at, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
                    )
                    .bind(r.parent_id)
                    .bind(&r.region_en)
                    .bind(&r.region_full_en)
                    .bind(&r.region_ch)
                    .bind(&r.region_abbr_en)
                    .bind(&r.region_abbr_short)
                    .bind(&r.pinyin)
                    .bind(r.disable_eu_us)
                    .bind(now)
                    .bind(now)
                    .fetch_one(pool)
                    .await
                }
                Some(id) => {
                    sqlx::query(
                        "UPDATE regions SET parent_id = $1, region_en = $2, region_full_en = $3, region_ch = $4,
                                        region_abbr_en = $5, region_abbr_short = $6, pinyin = $7, disable_eu_us = $8,
                                        updated_at = $9
                     WHERE id = $10",
                    )
                    .bind(r.parent_id)
                    .bind(&r.region_en)
                    .bind(&r.region_full_en)
                    .bind(&r.region_ch)
                    .bind(&r.region_abbr_en)
                    .bind(&r.region_abbr_short)
                    .bind(&r.pinyin)
                    .bind(r.disable_eu_us)
                    .bind(now)
                    .bind(id)
                    .execute(pool)
                    .await?;
                    Ok(id)
                }
            }
        })
    }

    pub async fn region_children(&self, id: i64) -> Result<i64, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM regions WHERE parent_id = $1").bind(id).fetch_one(pool).await
        })
    }

    pub async fn delete_region(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM regions WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }

    // ---- languages ----

    pub async fn languages(&self) -> Result<Vec<LanguageRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as("SELECT id, name, name_en, code, is_default FROM languages ORDER BY id")
                .fetch_all(pool)
                .await
        })
    }

    pub async fn language(&self, id: i64) -> Result<Option<LanguageRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as("SELECT id, name, name_en, code, is_default FROM languages WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn language_code_taken(&self, code: &str, except: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM languages WHERE code = $1 AND id <> $2)")
                .bind(code)
                .bind(except)
                .fetch_one(pool)
                .await
        })
    }

    /// Inserts or updates a language; making it the default clears the previous default.
    pub async fn save_language(&self, id: Option<i64>, l: &LanguageRow) -> Result<i64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            let mut tx = pool.begin().await?;
            if l.is_default {
                sqlx::query("UPDATE languages SET is_default = FALSE WHERE is_default").execute(&mut *tx).await?;
            }
            let id = match id {
                None => {
                    sqlx::query_scalar(
                        "INSERT INTO languages (name, name_en, code, is_default, created_at, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                    )
                    .bind(&l.name)
                    .bind(&l.name_en)
                    .bind(&l.code)
                    .bind(l.is_default)
                    .bind(now)
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await?
                }
                Some(id) => {
                    sqlx::query(
                    "UPDATE languages SET name = $1, name_en = $2, code = $3, is_default = $4, updated_at = $5 WHERE id = $6",
                )
                .bind(&l.name)
                .bind(&l.name_en)
                .bind(&l.code)
                .bind(l.is_default)
                .bind(now)
                .bind(id)
                .execute(&mut *tx)
                .await?;
                    id
                }
            };
            tx.commit().await?;
            Ok(id)
        })
    }

    pub async fn delete_language(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM languages WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }

    // ---- service areas ----

    pub async fn service_areas(&self) -> Result<Vec<ServiceAreaRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {SERVICE_AREA_COLUMNS} FROM service_areas ORDER BY id"))
                .fetch_all(pool)
                .await
        })
    }

    pub async fn service_area(&self, id: i64) -> Result<Option<ServiceAreaRow>, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_as(&format!("SELECT {SERVICE_AREA_COLUMNS} FROM service_areas WHERE id = $1"))
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn area_code_taken(&self, code: &str, except: i64) -> Result<bool, sqlx::Error> {
        super::with_pool!(self, |pool| {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM service_areas WHERE area_code = $1 AND id <> $2)")
                .bind(code)
                .bind(except)
                .fetch_one(pool)
                .await
        })
    }

    pub async fn save_service_area(&self, id: Option<i64>, a: &ServiceAreaRow) -> Result<i64, sqlx::Error> {
        super::with_writer!(self, |pool| {
            let now = now_ms();
            match id {
                None => {
                    sqlx::query_scalar(
                        "INSERT INTO service_areas (area_code, area_name, default_open, created_at, updated_at)
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                    )
                    .bind(&a.area_code)
                    .bind(&a.area_name)
                    .bind(a.default_open)
                    .bind(now)
                    .bind(now)
                    .fetch_one(pool)
                    .await
                }
                Some(id) => {
                    sqlx::query("UPDATE service_areas SET area_code = $1, area_name = $2, default_open = $3, updated_at = $4 WHERE id = $5")
                    .bind(&a.area_code)
                    .bind(&a.area_name)
                    .bind(a.default_open)
                    .bind(now)
                    .bind(id)
                    .execute(pool)
                    .await?;
                    Ok(id)
                }
            }
        })
    }

    /// The servers of an area (its configuration); its name and code are not touched.
    pub async fn save_service_area_servers(
        &self,
        id: i64,
        api_server: &str,
        mqtt_server: &str,
    ) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("UPDATE service_areas SET api_server = $1, mqtt_server = $2, updated_at = $3 WHERE id = $4")
                .bind(api_server)
                .bind(mqtt_server)
                .bind(now_ms())
                .bind(id)
                .execute(pool)
                .await
                .map(drop)
        })
    }

    pub async fn delete_service_area(&self, id: i64) -> Result<(), sqlx::Error> {
        super::with_writer!(self, |pool| {
            sqlx::query("DELETE FROM service_areas WHERE id = $1").bind(id).execute(pool).await.map(drop)
        })
    }
}
