//! Consumables of a category: filters, brushes, mop pads.

use console_plugin_sdk::choices::{Choice, MAX_CHOICES};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::categories::CATEGORIES;
use crate::templates::TEMPLATES;

/// A consumable's identifier starts with this.
pub const IDENTIFIER_PREFIX: &str = "reserved";
/// Ten years of continuous use: no consumable lasts longer.
pub const MAX_LIFETIME_HOURS: f64 = 87_600.0;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Consumable {
    pub category_id: String,
    pub identifier: String,
    pub name: String,
    pub lifetime_hours: f64,
    /// The template whose thing model reports this consumable's wear, if any.
    pub template_id: String,
    pub purchase_link: String,
    pub show_link: bool,
}

pub const CONSUMABLES: Collection<Consumable> = Collection::new("consumables");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ConsumableInput {
    category_id: String,
    identifier: String,
    name: String,
    /// A number; sent as text by some forms.
    lifetime_hours: Option<serde_json::Value>,
    template_id: String,
    purchase_link: String,
    show_link: bool,
}

/// The identifier must start with `reserved`, then letters, digits and `_`.
pub fn identifier(value: &str) -> PluginResult<String> {
    let value = validate::required("identifier", value, 64)?;
    let rest = value.strip_prefix(IDENTIFIER_PREFIX);
    if rest.is_some_and(|rest| rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')) {
        return Ok(value);
    }
    Err(PluginError::format(
        "identifier",
        [
            "以 reserved 开头，其后为字母、数字或下划线",
            "starting with reserved, then letters, digits or underscores",
            "beginnt mit reserved, dann Buchstaben, Ziffern oder Unterstriche",
            "empieza por reserved y sigue con letras, dígitos o guiones bajos",
            "commence par reserved, suivi de lettres, de chiffres ou de tirets bas",
            "começa por reserved, seguido de letras, dígitos ou sublinhados",
            "начинается с reserved, далее буквы, цифры или подчёркивания",
        ],
    ))
}

/// The lifetime must be a number (of hours), here above 0 and at most ten years.
pub fn lifetime_hours(value: Option<&serde_json::Value>) -> PluginResult<f64> {
    let hours = match value {
        None | Some(serde_json::Value::Null) => return Err(PluginError::required("lifetimeHours")),
        Some(serde_json::Value::Number(n)) => n.as_f64(),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => {
            return Err(PluginError::required("lifetimeHours"));
        }
        Some(serde_json::Value::String(s)) => s.trim().parse::<f64>().ok(),
        Some(_) => None,
    };
    match hours {
        Some(h) if h.is_finite() && h > 0.0 && h <= MAX_LIFETIME_HOURS => Ok(h),
        _ => Err(PluginError::format(
            "lifetimeHours",
            [
                format!("大于 0、不超过 {MAX_LIFETIME_HOURS} 的数字（小时）"),
                format!("a number of hours above 0 and at most {MAX_LIFETIME_HOURS}"),
                format!("eine Zahl von Stunden über 0 und höchstens {MAX_LIFETIME_HOURS}"),
                format!("un número de horas mayor que 0 y como máximo {MAX_LIFETIME_HOURS}"),
                format!("un nombre d’heures supérieur à 0 et au plus {MAX_LIFETIME_HOURS}"),
                format!("um número de horas maior que 0 e no máximo {MAX_LIFETIME_HOURS}"),
                format!("число часов больше 0 и не больше {MAX_LIFETIME_HOURS}"),
            ],
        )),
    }
}

impl ConsumableInput {
    fn validate(self, call: &mut Call<'_>) -> PluginResult<Consumable> {
        let identifier = identifier(&self.identifier)?;
        let name = validate::required("name", &self.name, SHORT_TEXT)?;
        let lifetime_hours = lifetime_hours(self.lifetime_hours.as_ref())?;
        let category_id = validate::required("categoryId", &self.category_id, 64)?;
        if CATEGORIES.get(call.host, &category_id)?.is_none() {
            return Err(PluginError::format(
                "categoryId",
                [
                    "已存在的分类",
                    "an existing category",
                    "eine vorhandene Kategorie",
                    "una categoría existente",
                    "une catégorie existante",
                    "uma categoria existente",
                    "существующая категория",
                ],
            ));
        }
        let purchase_link = validate::optional("purchaseLink", &self.purchase_link, 1024)?;
        if !(purchase_link.is_empty() || purchase_link.starts_with("https://") || purchase_link.starts_with("http://"))
        {
            return Err(PluginError::format("purchaseLink", console_plugin_sdk::expected::HTTP_URL));
        }
        // A link that is shown must exist.
        if self.show_link && purchase_link.is_empty() {
            return Err(PluginError::required("purchaseLink"));
        }
        Ok(Consumable {
            category_id,
            identifier,
            name,
            lifetime_hours,
            template_id: template_of(call, &self.template_id)?,
            purchase_link,
            show_link: self.show_link,
        })
    }
}

/// The template a consumable names (by its `templateKey`, the same for every version), or none.
fn template_of(call: &mut Call<'_>, value: &str) -> PluginResult<String> {
    let key = validate::optional("templateId", value, 64)?;
    if key.is_empty() || TEMPLATES.count(call.host, &Query::new().eq("templateKey", key.as_str()))? > 0 {
        return Ok(key);
    }
    Err(PluginError::format(
        "templateId",
        [
            "已存在的物模型模板",
            "an existing thing-model template",
            "eine vorhandene Dingmodell-Vorlage",
            "una plantilla de modelo de objeto existente",
            "un modèle d’objet existant",
            "um modelo de objeto existente",
            "существующий шаблон модели устройства",
        ],
    ))
}

/// `GET /consumable-templates?categoryId=`: the templates a consumable may name, for the
/// consumable form (its own route: the form's users need no right to the template page).
/// Those of the category first, by their newest version's name.
pub fn template_choices(call: &mut Call<'_>) -> PluginResult<Value> {
    let category = call.query("categoryId").unwrap_or_default().to_string();
    let latest =
        TEMPLATES.query(call.host, &Query::new().eq("latest", true).sort("name", false).page(1, MAX_CHOICES))?;
    let (mut choices, mut others): (Vec<Choice>, Vec<Choice>) = (Vec::new(), Vec::new());
    for doc in latest.list {
        let choice = Choice { id: doc.data.template_key.clone(), name: doc.data.name.clone() };
        if doc.data.category_id == category { choices.push(choice) } else { others.push(choice) }
    }
    choices.extend(others);
    Ok(json!(choices))
}

pub struct Consumables;

impl Resource for Consumables {
    type Data = Consumable;
    type Input = ConsumableInput;
    const COLLECTION: Collection<Consumable> = CONSUMABLES;
    const SEARCH: &'static [&'static str] = &["name", "identifier"];
    const FILTERS: &'static [&'static str] = &["categoryId"];
    const SORT: &'static [(&'static str, bool)] = &[("createdAt", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a consumable");

    fn name(consumable: &Consumable) -> &str {
        &consumable.name
    }

    fn validate(
        call: &mut Call<'_>,
        input: ConsumableInput,
        _current: Option<&Doc<Consumable>>,
    ) -> PluginResult<Consumable> {
        input.validate(call)
    }
}
