//! Products: what a device is an instance of. A product is built on a published template version,
//! connects over WiFi, Bluetooth or both, has its pairing and startup guides, multilingual content
//! (the console's seven languages, Arabic and Hindi), a launch splash, customer-service contacts
//! and introductions, and is offered in service regions.

use std::collections::BTreeMap;

use console_plugin_sdk::upload::{self, ImageFormat, StoredFile};
use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::categories::REGIONS;
use crate::templates::{PUBLISHED, TEMPLATES};

pub const CONNECTIONS: [&str; 3] = ["wifi", "bluetooth", "wifi-bluetooth"];
/// Product status; changed through the status audit.
pub const STATUSES: [&str; 5] = ["unpublished", "development", "testing", "product-testing", "done"];
/// Languages of product content: the console's seven, Arabic and Hindi.
pub const CONTENT_LANGS: [&str; 9] = ["zhCn", "en", "de", "es", "fr", "pt", "ru", "ar", "hi"];
/// Up to 3 images per upload field.
pub const MAX_IMAGES: usize = 3;
pub const MAX_GUIDE_STEPS: usize = 10;
pub const UPLOAD_PURPOSE: &str = "product-picture";

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PairingGuide {
    pub title: String,
    pub instructions: String,
    /// 480×480 PNG, transparent, at most 100 KB.
    pub picture: Option<StoredFile>,
    pub scene_picture: Option<StoredFile>,
    pub steps: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StartupGuide {
    /// Up to 3, each 480×480 png, jpg or gif, at most 500 KB.
    pub images: Vec<StoredFile>,
    pub confirm_description: String,
    pub button_text: String,
    pub screens: u32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Splash {
    pub image: Option<StoredFile>,
    /// Seconds the splash plays.
    pub duration_s: u32,
    pub resource_version: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LocalText {
    pub name: String,
    pub description: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    /// Names the product in device topics (`/sys/{productKey}/{sn}/...`); given once, never changed.
    pub product_key: String,
    pub name: String,
    pub image: Option<StoredFile>,
    pub template_id: String,
    pub transport_protocol: String,
    pub connection: String,
    pub bluetooth_prefix: String,
    pub hotspot_prefix: String,
    pub clear_history: bool,
    pub pairing_guide: PairingGuide,
    pub startup_guide: StartupGuide,
    pub content: BTreeMap<String, LocalText>,
    pub splash: Splash,
    pub service_phone: String,
    pub service_email: String,
    pub intro_zh: String,
    pub intro_en: String,
    pub video_link: String,
    pub regions: Vec<String>,
    pub status: String,
    pub sort: i64,
}

pub const PRODUCTS: Collection<Product> = Collection::new("products");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PairingGuideInput {
    title: String,
    instructions: String,
    /// An upload id, or the stored picture's object name to keep it; empty for none.
    picture: String,
    scene_picture: String,
    steps: Vec<String>,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct StartupGuideInput {
    /// Upload ids, or stored images' object names to keep them.
    images: Vec<String>,
    confirm_description: String,
    button_text: String,
    screens: u32,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SplashInput {
    image: String,
    duration_s: u32,
    resource_version: String,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductInput {
    name: String,
    image: String,
    template_id: String,
    connection: String,
    bluetooth_prefix: String,
    hotspot_prefix: String,
    clear_history: bool,
    pairing_guide: PairingGuideInput,
    startup_guide: StartupGuideInput,
    content: BTreeMap<String, LocalText>,
    splash: SplashInput,
    service_phone: String,
    service_email: String,
    intro_zh: String,
    intro_en: String,
    video_link: String,
    regions: Vec<String>,
}

/// A product name is 2 to 16 letters, digits and special symbols (no spaces).
pub fn product_name(value: &str) -> PluginResult<String> {
    let value = validate::length("name", value, 2, 16)?;
    if value.chars().all(|c| c.is_alphanumeric() || c.is_ascii_punctuation()) {
        return Ok(value);
    }
    Err(PluginError::format(
        "name",
        [
            "2 到 16 位字母、数字和特殊符号",
            "2 to 16 letters, digits and special symbols",
            "2 bis 16 Buchstaben, Ziffern und Sonderzeichen",
            "de 2 a 16 letras, dígitos y símbolos especiales",
            "2 à 16 lettres, chiffres et symboles spéciaux",
            "2 a 16 letras, dígitos e símbolos especiais",
            "от 2 до 16 букв, цифр и специальных символов",
        ],
    ))
}

/// A contact phone: digits, optionally a leading `+`, spaces and hyphens; 5 to 20 digits.
pub fn phone(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::optional(field, value, 32)?;
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let body = value.strip_prefix('+').unwrap_or(&value);
    if value.is_empty()
        || ((5..=20).contains(&digits) && body.chars().all(|c| c.is_ascii_digit() || c == ' ' || c == '-'))
    {
        return Ok(value);
    }
    Err(PluginError::format(
        field,
        [
            "电话号码（数字，可含 +、空格和 -）",
            "a phone number (digits, with +, spaces and - allowed)",
            "eine Telefonnummer (Ziffern, auch +, Leerzeichen und -)",
            "un número de teléfono (dígitos; se admiten +, espacios y -)",
            "un numéro de téléphone (chiffres ; +, espaces et - admis)",
            "um número de telefone (dígitos; +, espaços e - permitidos)",
            "номер телефона (цифры, допустимы +, пробелы и -)",
        ],
    ))
}

/// A contact e-mail address: one `@`, a dotted domain, no spaces.
pub fn email(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::optional(field, value, 254)?;
    let well_formed = value.split_once('@').is_some_and(|(local, domain)| {
        !local.is_empty()
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains('@')
    }) && !value.contains(char::is_whitespace);
    if value.is_empty() || well_formed {
        return Ok(value);
    }
    Err(PluginError::format(
        field,
        [
            "电子邮箱地址",
            "an e-mail address",
            "eine E-Mail-Adresse",
            "una dirección de correo",
            "une adresse e-mail",
            "um endereço de e-mail",
            "адрес электронной почты",
        ],
    ))
}

fn http_url(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::optional(field, value, 1024)?;
    if value.is_empty() || value.starts_with("https://") || value.starts_with("http://") {
        Ok(value)
    } else {
        Err(PluginError::format(field, console_plugin_sdk::expected::HTTP_URL))
    }
}

/// What a picture field must be: size, formats, transparency, KB.
struct PictureRule {
    side: u32,
    formats: &'static [ImageFormat],
    transparent: bool,
    max_kb: u64,
}

const PAIRING_PICTURE: PictureRule =
    PictureRule { side: 480, formats: &[ImageFormat::Png], transparent: true, max_kb: 100 };
const STARTUP_IMAGE: PictureRule = PictureRule {
    side: 480,
    formats: &[ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif],
    transparent: false,
    max_kb: 500,
};
/// Product, scene and splash pictures: any size, any of the web's formats, within 500 KB.
const ANY_PICTURE: PictureRule = PictureRule {
    side: 0,
    formats: &[ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif, ImageFormat::Webp],
    transparent: false,
    max_kb: 500,
};

/// A picture field: kept when it names a picture the product has, claimed when it is an upload id.
fn picture(
    call: &mut Call<'_>,
    field: &str,
    given: &str,
    kept: &[&StoredFile],
    rule: &PictureRule,
) -> PluginResult<Option<StoredFile>> {
    let given = given.trim();
    if given.is_empty() {
        return Ok(None);
    }
    if let Some(file) = kept.iter().find(|f| f.object == given) {
        return Ok(Some((*file).clone()));
    }
    let file = upload::claim(call.host, field, given, UPLOAD_PURPOSE)?;
    upload::require_image_of(field, &file, rule.side, rule.side, rule.formats, rule.transparent, rule.max_kb)?;
    Ok(Some(StoredFile::from(&file)))
}

fn stored_files(product: Option<&Doc<Product>>) -> Vec<&StoredFile> {
    let Some(p) = product else { return Vec::new() };
    let d = &p.data;
    d.image
        .iter()
        .chain(d.pairing_guide.picture.iter())
        .chain(d.pairing_guide.scene_picture.iter())
        .chain(d.startup_guide.images.iter())
        .chain(d.splash.image.iter())
        .collect()
}

fn product_key(id_hint: i64, now_ms: i64) -> String {
    // Not a secret: unique and stable. The clock and the count of products spread it.
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut n = (now_ms as u64)
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(id_hint as u64 * 1_442_695_040_888_963_407);
    (0..11)
        .map(|_| {
            n = n.rotate_left(5) ^ 0x9e37_79b9_7f4a_7c15;
            n = n.wrapping_mul(0xbf58_476d_1ce4_e5b9);
            ALPHABET[(n >> 59) as usize % ALPHABET.len()] as char
        })
        .collect()
}

impl ProductInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<Product>>) -> PluginResult<Product> {
        let name = product_name(&self.name)?;
        let template_id = validate::required("templateId", &self.template_id, 64)?;
        let template =
            TEMPLATES.get(call.host, &template_id)?.filter(|t| t.data.status == PUBLISHED).ok_or_else(|| {
                PluginError::format(
                    "templateId",
                    [
                        "已发布的模板版本",
                        "a published template version",
                        "eine veröffentlichte Vorlagenversion",
                        "una versión de plantilla publicada",
                        "une version de modèle publiée",
                        "uma versão de modelo publicada",
                        "опубликованная версия шаблона",
                    ],
                )
            })?;
        let connection = validate::one_of("connection", &self.connection, &CONNECTIONS)?;
        let prefix = |field: &str, value: &str, needed: bool| {
            if needed { validate::required(field, value, 32) } else { validate::optional(field, value, 32) }
        };
        let bluetooth_prefix = prefix("bluetoothPrefix", &self.bluetooth_prefix, connection.contains("bluetooth"))?;
        let hotspot_prefix = prefix("hotspotPrefix", &self.hotspot_prefix, connection.contains("wifi"))?;

        let kept = stored_files(current);
        let guide = self.pairing_guide;
        if guide.steps.len() > MAX_GUIDE_STEPS {
            return Err(PluginError::invalid(
                "pairingGuide.steps",
                console_plugin_sdk::Message::TooMany { field: "pairingGuide.steps".into(), max: MAX_GUIDE_STEPS },
            ));
        }
        let steps = guide
            .steps
            .iter()
            .enumerate()
            .map(|(n, step)| validate::required(&format!("pairingGuide.steps.{n}"), step, LONG_TEXT))
            .collect::<PluginResult<Vec<String>>>()?;
        let pairing_guide = PairingGuide {
            title: validate::optional("pairingGuide.title", &guide.title, SHORT_TEXT)?,
            instructions: validate::optional("pairingGuide.instructions", &guide.instructions, LONG_TEXT)?,
            picture: picture(call, "pairingGuide.picture", &guide.picture, &kept, &PAIRING_PICTURE)?,
            scene_picture: picture(call, "pairingGuide.scenePicture", &guide.scene_picture, &kept, &ANY_PICTURE)?,
            steps,
        };
        let startup = self.startup_guide;
        if startup.images.len() > MAX_IMAGES {
            return Err(PluginError::invalid(
                "startupGuide.images",
                console_plugin_sdk::Message::TooMany { field: "startupGuide.images".into(), max: MAX_IMAGES },
            ));
        }
        let mut images = Vec::new();
        for given in &startup.images {
            images.extend(picture(call, "startupGuide.images", given, &kept, &STARTUP_IMAGE)?);
        }
        if startup.screens > 10 {
            return Err(PluginError::format("startupGuide.screens", console_plugin_sdk::error::integer_range(0, 10)));
        }
        let startup_guide = StartupGuide {
            images,
            confirm_description: validate::optional(
                "startupGuide.confirmDescription",
                &startup.confirm_description,
                LONG_TEXT,
            )?,
            button_text: validate::optional("startupGuide.buttonText", &startup.button_text, SHORT_TEXT)?,
            screens: startup.screens,
        };

        let mut content = BTreeMap::new();
        for (lang, text) in self.content {
            if !CONTENT_LANGS.contains(&lang.as_str()) {
                return Err(PluginError::format_values("content", &CONTENT_LANGS.join(" / ")));
            }
            let local = LocalText {
                name: validate::optional(&format!("content.{lang}.name"), &text.name, SHORT_TEXT)?,
                description: validate::optional(&format!("content.{lang}.description"), &text.description, LONG_TEXT)?,
            };
            if !(local.name.is_empty() && local.description.is_empty()) {
                content.insert(lang, local);
            }
        }

        let splash_input = self.splash;
        if splash_input.duration_s > 30 {
            return Err(PluginError::format("splash.durationS", console_plugin_sdk::error::integer_range(0, 30)));
        }
        let splash = Splash {
            image: picture(call, "splash.image", &splash_input.image, &kept, &ANY_PICTURE)?,
            duration_s: splash_input.duration_s,
            resource_version: validate::optional("splash.resourceVersion", &splash_input.resource_version, 32)?,
        };

        let mut regions = Vec::new();
        for region in &self.regions {
            let region = validate::one_of("regions", region, &REGIONS)?;
            if !regions.contains(&region) {
                regions.push(region);
            }
        }
        if regions.is_empty() {
            return Err(PluginError::required("regions"));
        }
        let (product_key, status, sort) = match current {
            Some(c) => (c.data.product_key.clone(), c.data.status.clone(), c.data.sort),
            None => {
                let count = PRODUCTS.count(call.host, &Query::new())?;
                (product_key(count as i64, call.host.now_ms()), STATUSES[0].to_string(), count as i64)
            }
        };
        Ok(Product {
            product_key,
            name,
            image: picture(call, "image", &self.image, &kept, &ANY_PICTURE)?,
            template_id,
            transport_protocol: template.data.transport_protocol,
            connection,
            bluetooth_prefix,
            hotspot_prefix,
            clear_history: self.clear_history,
            pairing_guide,
            startup_guide,
            content,
            splash,
            service_phone: phone("servicePhone", &self.service_phone)?,
            service_email: email("serviceEmail", &self.service_email)?,
            intro_zh: validate::optional("introZh", &self.intro_zh, LONG_TEXT)?,
            intro_en: validate::optional("introEn", &self.intro_en, LONG_TEXT)?,
            video_link: http_url("videoLink", &self.video_link)?,
            regions,
            status,
            sort,
        })
    }
}

pub struct Products;

impl Resource for Products {
    type Data = Product;
    type Input = ProductInput;
    const COLLECTION: Collection<Product> = PRODUCTS;
    const SEARCH: &'static [&'static str] = &["name", "productKey"];
    const FILTERS: &'static [&'static str] = &["status", "templateId", "connection"];
    const SORT: &'static [(&'static str, bool)] = &[("sort", false)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a product");

    fn name(product: &Product) -> &str {
        &product.name
    }

    fn validate(call: &mut Call<'_>, input: ProductInput, current: Option<&Doc<Product>>) -> PluginResult<Product> {
        input.validate(call, current)
    }

    fn after_create(call: &mut Call<'_>, created: &Doc<Product>) -> PluginResult<()> {
        crate::synced::product_saved(call, &created.data)
    }

    fn after_update(call: &mut Call<'_>, updated: &Doc<Product>) -> PluginResult<()> {
        crate::synced::product_saved(call, &updated.data)
    }

    fn before_delete(call: &mut Call<'_>, doc: &Doc<Product>) -> PluginResult<()> {
        crate::synced::product_deleted(call, &doc.data)
    }

    fn shown(call: &mut Call<'_>, doc: &Doc<Product>) -> Value {
        let mut value = json!(doc);
        if let Some(image) = &doc.data.image
            && let Ok(url) = call.host.file_access_url(&image.object, &image.file_name, 3600)
        {
            value["imageUrl"] = json!(url);
        }
        value
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SortInput {
    /// Every product's id, in the new order.
    ids: Vec<String>,
}

/// Saves the order of the products. Sorting needs every product on page one, so the order
/// given must name each product exactly once.
pub fn sort(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: SortInput = call.body()?;
    let all = PRODUCTS.query(call.host, &Query::new().sort("sort", false).page(1, 1000))?;
    let mut given = input.ids.clone();
    given.sort();
    given.dedup();
    let mut known: Vec<String> = all.list.iter().map(|p| p.id.clone()).collect();
    known.sort();
    if all.total > all.list.len() as u64 || given.len() != input.ids.len() || given != known {
        return Err(PluginError::localized(
            400,
            Some("ids"),
            [
                "请在第一页显示全部产品后再排序".into(),
                "Please sort only after showing all products on page one.".into(),
                "Bitte sortieren Sie erst, wenn alle Produkte auf der ersten Seite angezeigt werden.".into(),
                "Ordene solo después de mostrar todos los productos en la primera página.".into(),
                "Veuillez trier seulement après avoir affiché tous les produits sur la première page.".into(),
                "Ordene apenas depois de mostrar todos os produtos na primeira página.".into(),
                "Сортируйте только после того, как все продукты показаны на первой странице.".into(),
            ],
        ));
    }
    for (position, id) in input.ids.iter().enumerate() {
        let doc = all.list.iter().find(|p| &p.id == id).expect("checked above");
        if doc.data.sort != position as i64 {
            let mut product = doc.data.clone();
            product.sort = position as i64;
            PRODUCTS.update(call.host, id, &product, Some(doc.version))?;
        }
    }
    call.host.audit("Sort products", &format!("{} products", input.ids.len()));
    Ok(Value::Null)
}

/// `GET /model-products`: the products a model may be related to, for the model page, whose
/// users may not read the products themselves.
pub fn model_options(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(console_plugin_sdk::choices::of(call.host, &PRODUCTS, |product| &product.name)?))
}
