//! The number of guide screens: how many startup-guide screens the apps show for products made
//! here. A thing model exported from this console says the number it was made for, and imports
//! only where the number is the same (the guide screens must match the platform's before an
//! import), as it does for the languages.

use console_plugin_sdk::{Call, Collection, Host, PluginError, PluginResult, Value, json, validate};
use serde::{Deserialize, Serialize};

/// Up to ten screens, as a product's startup guide numbers them.
pub const MAX_SCREENS: i64 = 10;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct GuideSettings {
    pub screens: u32,
}

/// Three until set: the startup guide's three pictures.
impl Default for GuideSettings {
    fn default() -> Self {
        GuideSettings { screens: 3 }
    }
}

const GUIDE: Collection<GuideSettings> = Collection::new("guide");

pub fn screens(host: &mut dyn Host) -> PluginResult<u32> {
    Ok(GUIDE.single(host)?.map(|d| d.data).unwrap_or_default().screens)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct GuideInput {
    screens: Option<f64>,
}

/// `GET /guide-screens`.
pub fn get(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(GuideSettings { screens: screens(call.host)? }))
}

/// `PUT /guide-screens`.
pub fn save(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: GuideInput = call.body()?;
    let settings = GuideSettings { screens: validate::integer("screens", input.screens, 1, MAX_SCREENS)? as u32 };
    GUIDE.save_single(call.host, &settings)?;
    call.host.audit("Set the number of guide screens", &settings.screens.to_string());
    Ok(json!(settings))
}

/// A document that names its number of guide screens imports only where it is this one.
/// Alibaba's TSL names none: it is taken as it is.
pub fn same_screens(document: &Value, ours: u32) -> PluginResult<()> {
    let Some(theirs) = document.get("guideScreens") else { return Ok(()) };
    if theirs.as_u64() == Some(u64::from(ours)) {
        return Ok(());
    }
    let theirs = theirs.to_string();
    Err(PluginError::localized(
        400,
        Some("document"),
        [
            format!("物模型按 {theirs} 个引导页制作，与平台的引导页数量（{ours}）不一致，请先调整引导页数量"),
            format!(
                "The thing model was made for {theirs} guide screens and this platform has {ours}; change the number of guide screens first."
            ),
            format!(
                "Das Dingmodell wurde für {theirs} Einführungsbildschirme erstellt, die Plattform hat {ours}; ändern Sie zuerst die Anzahl der Einführungsbildschirme."
            ),
            format!(
                "El modelo de objeto se hizo para {theirs} pantallas de guía y esta plataforma tiene {ours}; cambie primero el número de pantallas de guía."
            ),
            format!(
                "Le modèle d’objet a été conçu pour {theirs} écrans de guide et cette plateforme en a {ours} ; modifiez d’abord le nombre d’écrans de guide."
            ),
            format!(
                "O modelo do objeto foi feito para {theirs} ecrãs de guia e esta plataforma tem {ours}; altere primeiro o número de ecrãs de guia."
            ),
            format!(
                "Число экранов-подсказок в модели устройства ({theirs}) не совпадает с их числом на платформе ({ours}); сначала измените число экранов-подсказок."
            ),
        ],
    ))
}
