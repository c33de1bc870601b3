//! App QR codes (app-qrcode): a QR code of an app's download or pairing address, as SVG (drawn
//! in the page) and PNG (downloaded), made by the `qrcode` crate.

use console_plugin_sdk::export::ExportedFile;
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Resource, Value, json};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use serde::{Deserialize, Serialize};

use crate::app_products::link;

pub const PURPOSES: [&str; 2] = ["download", "pairing"];

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppQrCode {
    pub label: String,
    pub purpose: String,
    /// The address the code carries.
    pub content: String,
    pub svg: String,
}

pub const QR_CODES: Collection<AppQrCode> = Collection::new("qr_codes");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct QrInput {
    label: String,
    purpose: String,
    content: String,
}

/// The code of `content` (medium error correction: a logo or a smudge may cover a corner).
fn code(content: &str) -> PluginResult<QrCode> {
    QrCode::with_error_correction_level(content.as_bytes(), EcLevel::M).map_err(|_| {
        PluginError::format(
            "content",
            [
                "可生成二维码的地址（不超过约 2,000 个字符）",
                "an address a QR code can hold (about 2,000 characters at most)",
                "eine Adresse, die ein QR-Code fassen kann (höchstens etwa 2.000 Zeichen)",
                "una dirección que quepa en un código QR (unos 2000 caracteres como máximo)",
                "une adresse qu’un code QR peut contenir (environ 2 000 caractères au plus)",
                "um endereço que caiba num código QR (cerca de 2000 caracteres no máximo)",
                "адрес, который поместится в QR-код (не более примерно 2000 символов)",
            ],
        )
    })
}

pub fn svg_of(content: &str) -> PluginResult<String> {
    Ok(code(content)?.render::<svg::Color<'_>>().min_dimensions(240, 240).quiet_zone(true).build())
}

/// A PNG of the code: each module `scale` pixels, with the standard four-module quiet zone.
pub fn png_of(content: &str, scale: u32) -> PluginResult<Vec<u8>> {
    let code = code(content)?;
    let image = code.render::<image::Luma<u8>>().module_dimensions(scale, scale).quiet_zone(true).build();
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(image.as_raw(), image.width(), image.height(), image::ExtendedColorType::L8)
        .map_err(|e| PluginError::internal(e.to_string()))?;
    Ok(png)
}

use image::ImageEncoder as _;

impl QrInput {
    fn validate(self) -> PluginResult<AppQrCode> {
        let content = link("content", &self.content, true)?;
        Ok(AppQrCode {
            label: validate::required("label", &self.label, SHORT_TEXT)?,
            purpose: validate::one_of("purpose", &self.purpose, &PURPOSES)?,
            svg: svg_of(&content)?,
            content,
        })
    }
}

pub struct QrCodes;

impl Resource for QrCodes {
    type Data = AppQrCode;
    type Input = QrInput;
    const COLLECTION: Collection<AppQrCode> = QR_CODES;
    const SEARCH: &'static [&'static str] = &["label"];
    const FILTERS: &'static [&'static str] = &["purpose"];
    const AUDIT_CREATE: Option<&'static str> = Some("Generate an app QR code");

    fn name(data: &AppQrCode) -> &str {
        &data.label
    }

    fn validate(_: &mut Call<'_>, input: QrInput, _: Option<&Doc<AppQrCode>>) -> PluginResult<AppQrCode> {
        input.validate()
    }
}

/// `GET /qr-codes/{id}/png`: the code as a PNG file.
pub fn png(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let qr = QR_CODES.find(call.host, &id)?;
    let bytes = png_of(&qr.data.content, 8)?;
    let name = format!("{}.png", console_plugin_sdk::export::file_stem(&qr.data.label));
    Ok(json!(ExportedFile::new(name, "image/png", &bytes)))
}
