//! Product models: name, code, alias prefix and SN suffix digits (what the model's SNs are made
//! of), related enterprises and products, and the anti-diversion flag. A model is released after a
//! confirmation, like a template; from then on what its SNs are made of (code, alias prefix, suffix
//! digits) no longer changes.

use console_plugin_sdk::host::Host;
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use console_plugin_sdk::{platform, validate};
use serde::{Deserialize, Serialize};

use crate::sn_rules::SN_RULES;
use crate::templates::{CONFIGURING, PUBLISHED};

pub const RELEASED: &str = PUBLISHED;
pub const MAX_SUFFIX_DIGITS: u32 = 12;
pub const MAX_RELATED: usize = 200;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductModel {
    pub name: String,
    pub code: String,
    pub alias_prefix: String,
    pub sn_suffix_digits: u32,
    pub enterprise_ids: Vec<i64>,
    pub product_ids: Vec<String>,
    pub anti_diversion: bool,
    /// `configuring` or `published` (released).
    pub status: String,
    pub released_at: Option<i64>,
}

pub const MODELS: Collection<ProductModel> = Collection::new("models");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ModelInput {
    name: String,
    code: String,
    alias_prefix: String,
    sn_suffix_digits: Option<u32>,
    enterprise_ids: Vec<i64>,
    product_ids: Vec<String>,
    anti_diversion: bool,
    /// The user confirmed relating a robot-type enterprise (one for internal management only).
    robot_confirmed: bool,
}

/// A model name is 2 to 16 letters and digits.
pub fn model_name(value: &str) -> PluginResult<String> {
    let value = validate::length("name", value, 2, 16)?;
    if value.chars().all(char::is_alphanumeric) {
        return Ok(value);
    }
    Err(PluginError::format(
        "name",
        [
            "2 到 16 位字母和数字",
            "2 to 16 letters and digits",
            "2 bis 16 Buchstaben und Ziffern",
            "de 2 a 16 letras y dígitos",
            "2 à 16 lettres et chiffres",
            "2 a 16 letras e dígitos",
            "от 2 до 16 букв и цифр",
        ],
    ))
}

fn letters_and_digits(field: &str, value: &str, max: usize, extra: &[char]) -> PluginResult<String> {
    let value = validate::required(field, value, max)?;
    if value.chars().all(|c| c.is_ascii_alphanumeric() || extra.contains(&c)) {
        Ok(value)
    } else {
        Err(PluginError::format(field, console_plugin_sdk::expected::CODE))
    }
}

fn locked(field: &str) -> PluginError {
    PluginError::localized(
        409,
        Some(field),
        [
            "型号已发布：编码、别名前缀和 SN 后缀位数不能再修改".into(),
            "The model is released: its code, alias prefix and SN suffix digits can no longer change.".into(),
            "Das Modell ist freigegeben: Code, Alias-Präfix und SN-Suffixstellen können nicht mehr geändert werden.".into(),
            "El modelo está publicado: su código, prefijo de alias y dígitos del sufijo del SN ya no pueden cambiar.".into(),
            "Le modèle est publié : son code, son préfixe d’alias et les chiffres du suffixe SN ne peuvent plus changer.".into(),
            "O modelo está publicado: o código, o prefixo de alias e os dígitos do sufixo do SN já não podem mudar.".into(),
            "Модель выпущена: код, префикс псевдонима и число цифр суффикса SN больше менять нельзя.".into(),
        ],
    )
}

impl ModelInput {
    fn validate(self, current: Option<&Doc<ProductModel>>) -> PluginResult<ProductModel> {
        let name = model_name(&self.name)?;
        let code = letters_and_digits("code", &self.code, 32, &['-', '_'])?;
        let alias_prefix = letters_and_digits("aliasPrefix", &self.alias_prefix, 16, &[])?;
        let digits = validate::some("snSuffixDigits", self.sn_suffix_digits)?;
        if !(1..=MAX_SUFFIX_DIGITS).contains(&digits) {
            return Err(PluginError::format(
                "snSuffixDigits",
                console_plugin_sdk::error::integer_range(1, MAX_SUFFIX_DIGITS),
            ));
        }
        let mut enterprise_ids = self.enterprise_ids;
        enterprise_ids.sort_unstable();
        enterprise_ids.dedup();
        if enterprise_ids.iter().any(|id| *id <= 0) {
            return Err(PluginError::format_values("enterpriseIds", "1, 2, 3…"));
        }
        let mut product_ids = self.product_ids;
        product_ids.sort_unstable();
        product_ids.dedup();
        for (field, count) in [("enterpriseIds", enterprise_ids.len()), ("productIds", product_ids.len())] {
            if count > MAX_RELATED {
                return Err(PluginError::invalid(
                    field,
                    console_plugin_sdk::Message::TooMany { field: field.into(), max: MAX_RELATED },
                ));
            }
        }
        let (status, released_at) = match current {
            Some(current) if current.data.status == RELEASED => {
                let was = &current.data;
                for (field, same) in [
                    ("code", was.code == code),
                    ("aliasPrefix", was.alias_prefix == alias_prefix),
                    ("snSuffixDigits", was.sn_suffix_digits == digits),
                ] {
                    if !same {
                        return Err(locked(field));
                    }
                }
                (was.status.clone(), was.released_at)
            }
            _ => (CONFIGURING.to_string(), None),
        };
        Ok(ProductModel {
            name,
            code,
            alias_prefix,
            sn_suffix_digits: digits,
            enterprise_ids,
            product_ids,
            anti_diversion: self.anti_diversion,
            status,
            released_at,
        })
    }
}

/// The related products are products of the model's enterprise: an id of another enterprise's
/// (or of none) would be kept as a link to nothing, and every SN of the model refused.
fn related_products(host: &mut dyn console_plugin_sdk::Host, ids: &[String]) -> PluginResult<()> {
    for id in ids {
        if crate::products::PRODUCTS.get(host, id)?.is_none() {
            return Err(PluginError::format(
                "productIds",
                [
                    "本企业已有的产品",
                    "products of this enterprise",
                    "Produkte dieses Unternehmens",
                    "productos de esta empresa",
                    "des produits de cette entreprise",
                    "produtos desta empresa",
                    "продукты этого предприятия",
                ],
            ));
        }
    }
    Ok(())
}

/// The related enterprises exist for the caller; a robot-type one is for internal
/// management only and is newly related only once the user confirmed it (`robotConfirmed`);
/// one related `before` was confirmed then.
pub fn related_enterprises(
    host: &mut dyn Host,
    ids: &[i64],
    before: &[i64],
    robot_confirmed: bool,
) -> PluginResult<()> {
    let found = platform::existing_enterprises(host, "enterpriseIds", ids)?;
    match found.iter().find(|e| e.kind == platform::ROBOT && !before.contains(&e.id)) {
        Some(robot) if !robot_confirmed => {
            let name = &robot.name;
            Err(PluginError::localized(
                400,
                Some("enterpriseIds"),
                [
                    format!("{name} 是机器人类型企业，仅用于内部管理，不能应用于产品；确认后才能关联"),
                    format!(
                        "{name} is a robot-type enterprise, for internal management only, and is not applied to products: confirm to relate it anyway."
                    ),
                    format!(
                        "{name} ist ein Unternehmen vom Typ Roboter, nur für die interne Verwaltung, und wird nicht auf Produkte angewendet: bestätigen Sie, um es dennoch zuzuordnen."
                    ),
                    format!(
                        "{name} es una empresa de tipo robot, solo para gestión interna, y no se aplica a productos: confirme para relacionarla de todos modos."
                    ),
                    format!(
                        "{name} est une entreprise de type robot, réservée à la gestion interne, et ne s’applique pas aux produits : confirmez pour la lier quand même."
                    ),
                    format!(
                        "{name} é uma empresa do tipo robô, apenas para gestão interna, e não se aplica a produtos: confirme para a associar mesmo assim."
                    ),
                    format!(
                        "{name} — предприятие типа «робот», только для внутреннего управления, к продуктам не применяется: подтвердите, чтобы всё же связать его."
                    ),
                ],
            ))
        }
        _ => Ok(()),
    }
}

pub struct Models;

impl Resource for Models {
    type Data = ProductModel;
    type Input = ModelInput;
    const COLLECTION: Collection<ProductModel> = MODELS;
    const SEARCH: &'static [&'static str] = &["name", "code"];
    const FILTERS: &'static [&'static str] = &["status"];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a product model");

    fn name(model: &ProductModel) -> &str {
        &model.name
    }

    fn validate(
        call: &mut Call<'_>,
        input: ModelInput,
        current: Option<&Doc<ProductModel>>,
    ) -> PluginResult<ProductModel> {
        let robot_confirmed = input.robot_confirmed;
        let model = input.validate(current)?;
        related_products(call.host, &model.product_ids)?;
        let related_before = current.map(|c| c.data.enterprise_ids.as_slice()).unwrap_or_default();
        related_enterprises(call.host, &model.enterprise_ids, related_before, robot_confirmed)?;
        Ok(model)
    }

    fn after_update(call: &mut Call<'_>, model: &Doc<ProductModel>) -> PluginResult<()> {
        crate::synced::model_saved(call, &model.data)
    }

    fn before_delete(call: &mut Call<'_>, model: &Doc<ProductModel>) -> PluginResult<()> {
        if model.data.status == RELEASED {
            return Err(PluginError::localized(
                409,
                None,
                [
                    "已发布的型号不能删除".into(),
                    "A released model cannot be deleted.".into(),
                    "Ein freigegebenes Modell kann nicht gelöscht werden.".into(),
                    "Un modelo publicado no se puede eliminar.".into(),
                    "Un modèle publié ne peut pas être supprimé.".into(),
                    "Um modelo publicado não pode ser eliminado.".into(),
                    "Выпущенную модель нельзя удалить.".into(),
                ],
            ));
        }
        // Its SN rules go with it, in the same transaction.
        SN_RULES.delete_where(call.host, &Query::new().eq("modelId", model.id.as_str()))?;
        Ok(())
    }
}

/// Releases a model (after a confirmation, like a template).
pub fn release(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let current = MODELS.find(call.host, &id)?;
    if current.data.status == RELEASED {
        return Err(PluginError::localized(
            409,
            None,
            [
                "该型号已发布".into(),
                "This model is already released.".into(),
                "Dieses Modell ist bereits freigegeben.".into(),
                "Este modelo ya está publicado.".into(),
                "Ce modèle est déjà publié.".into(),
                "Este modelo já está publicado.".into(),
                "Эта модель уже выпущена.".into(),
            ],
        ));
    }
    let mut model = current.data;
    model.status = RELEASED.into();
    model.released_at = Some(call.host.now_ms());
    let expected = call.version().or(Some(current.version));
    let released = MODELS.update(call.host, &id, &model, expected)?;
    crate::synced::model_saved(call, &released.data)?;
    call.host.audit("Release a product model", &released.data.name);
    Ok(json!(released))
}
/// A released model as the SN pages' pickers show it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelOption {
    pub id: String,
    pub name: String,
    pub code: String,
    pub alias_prefix: String,
    pub sn_suffix_digits: u32,
    /// The values a generated group asks for, in sort order.
    pub rules: Vec<crate::sn_rules::SnRule>,
}

/// The released models, by name, with their SN rules (SN groups are made of released models).
pub fn released_options(call: &mut Call<'_>) -> PluginResult<Value> {
    let page = MODELS.query(call.host, &Query::new().eq("status", RELEASED).sort("name", false).page(1, 1000))?;
    let mut options = Vec::new();
    for m in page.list {
        let rules =
            SN_RULES.query(call.host, &Query::new().eq("modelId", m.id.as_str()).sort("sort", false).page(1, 1000))?;
        options.push(ModelOption {
            id: m.id,
            name: m.data.name,
            code: m.data.code,
            alias_prefix: m.data.alias_prefix,
            sn_suffix_digits: m.data.sn_suffix_digits,
            rules: rules.list.into_iter().map(|r| r.data).collect(),
        });
    }
    Ok(json!(options))
}
