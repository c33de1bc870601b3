//! Files users upload (contract 0.1.4). The browser streams the file to the host's
//! `/api/files/upload/<mount>/<purpose>` (the TS SDK's `UploadField`) and sends the upload id in
//! the route's JSON; the plugin claims it here. The host has measured it on the way (size, MD5,
//! SHA-256, the kind told from its content, an image's header) and refused what the manifest's
//! purpose does not take (too large, wrong kind, encrypted); the plugin adds its own rules, such
//! as [`require_image`].

use serde::{Deserialize, Serialize};

pub use crate::bindings::console::plugin::files::{ImageFacts, UploadedFile};
use crate::error::{PluginError, PluginResult};
use crate::host::Host;

/// A stored file as records keep it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredFile {
    pub file_name: String,
    /// The name under the plugin's object prefix.
    pub object: String,
    pub size: u64,
    pub sha256: String,
    #[serde(default)]
    pub md5: String,
}

impl From<&UploadedFile> for StoredFile {
    fn from(file: &UploadedFile) -> Self {
        StoredFile {
            file_name: file.file_name.clone(),
            object: file.name.clone(),
            size: file.size,
            sha256: file.sha256.clone(),
            md5: file.md5.clone(),
        }
    }
}

/// Claims the upload whose id the request carried in `field`, for the manifest's `purpose`:
/// from now on the file is the plugin's (`file.name`), kept if the call succeeds.
pub fn claim(host: &mut dyn Host, field: &str, upload_id: &str, purpose: &str) -> PluginResult<UploadedFile> {
    let upload_id = upload_id.trim();
    if upload_id.is_empty() {
        return Err(PluginError::required(field));
    }
    host.file_claim(upload_id, purpose).map_err(|why| {
        if why.contains("quota") {
            PluginError::localized(
                409,
                Some(field),
                [
                    "文件存储空间已用完，请删除不再需要的文件或联系管理员".into(),
                    "The file storage is full; delete files no longer needed or ask your administrator.".into(),
                    "Der Dateispeicher ist voll; löschen Sie nicht mehr benötigte Dateien oder wenden Sie sich an Ihren Administrator.".into(),
                    "El almacenamiento de archivos está lleno; elimine los archivos que ya no necesite o consulte a su administrador.".into(),
                    "L’espace de stockage des fichiers est plein ; supprimez les fichiers inutiles ou contactez votre administrateur.".into(),
                    "O armazenamento de ficheiros está cheio; elimine ficheiros de que já não precisa ou contacte o administrador.".into(),
                    "Хранилище файлов заполнено; удалите ненужные файлы или обратитесь к администратору.".into(),
                ],
            )
        } else {
            PluginError::localized(
                400,
                Some(field),
                [
                    "上传的文件已失效（上传后一小时内有效），请重新上传".into(),
                    "The uploaded file is no longer available (uploads are kept for an hour); please upload it again.".into(),
                    "Die hochgeladene Datei ist nicht mehr verfügbar (Uploads werden eine Stunde aufbewahrt); bitte laden Sie sie erneut hoch.".into(),
                    "El archivo subido ya no está disponible (se conserva una hora); vuelva a subirlo.".into(),
                    "Le fichier envoyé n’est plus disponible (les envois sont conservés une heure) ; veuillez l’envoyer à nouveau.".into(),
                    "O ficheiro carregado já não está disponível (os carregamentos são guardados durante uma hora); carregue-o novamente.".into(),
                    "Загруженный файл больше недоступен (загрузки хранятся один час); загрузите его снова.".into(),
                ],
            )
        }
    })
}

/// Makes a thumbnail of the image object `source` as the object `target`, at most `max_side`
/// pixels on its longer side (contract 0.1.15): the host decodes it within its bounds. The
/// error says why not (not an image, too large), for the plugin to word for its user.
pub fn thumbnail(host: &mut dyn Host, source: &str, target: &str, max_side: u32) -> Result<ImageFacts, String> {
    host.file_thumbnail(source, target, max_side)
}

/// One file of an archive: where it goes in the zip, and the object it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchiveEntry {
    pub path: String,
    pub object: String,
}

/// A URL that downloads the zip of `entries` for `ttl_seconds`, streamed by the host whatever
/// its size (contract 0.1.15). The listing is kept as the object `listing` (replace it, or
/// delete it once the URL has expired).
pub fn archive_url(
    host: &mut dyn Host,
    listing: &str,
    entries: &[ArchiveEntry],
    file_name: &str,
    ttl_seconds: u32,
) -> PluginResult<String> {
    let json = serde_json::to_vec(entries).map_err(|e| PluginError::internal(e.to_string()))?;
    host.file_put(listing, &json).map_err(PluginError::internal)?;
    host.file_archive_url(listing, file_name, ttl_seconds).map_err(PluginError::internal)
}

/// Image formats as the host names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
    Gif,
    Webp,
    Bmp,
}

impl ImageFormat {
    /// Whether the host's `format` fact (the format's first file extension: `png`, `jpg`, ...)
    /// is this format. A JPEG is `jpg` there: `jpeg` is taken too.
    fn is(self, format: &str) -> bool {
        match self {
            ImageFormat::Png => format == "png",
            ImageFormat::Jpeg => format == "jpg" || format == "jpeg",
            ImageFormat::Gif => format == "gif",
            ImageFormat::Webp => format == "webp",
            ImageFormat::Bmp => format == "bmp",
        }
    }

    fn label(self) -> &'static str {
        match self {
            ImageFormat::Png => "PNG",
            ImageFormat::Jpeg => "JPEG",
            ImageFormat::Gif => "GIF",
            ImageFormat::Webp => "WebP",
            ImageFormat::Bmp => "BMP",
        }
    }
}

/// What an uploaded image must be (app icons, splash screens, product pictures):
/// `width` × `height` pixels exactly (0: any), of `format`, with an alpha channel when
/// `transparent`, and at most `max_kb` KB (1000 bytes).
pub fn require_image(
    field: &str,
    file: &UploadedFile,
    width: u32,
    height: u32,
    format: ImageFormat,
    transparent: bool,
    max_kb: u64,
) -> PluginResult<()> {
    require_image_of(field, file, width, height, &[format], transparent, max_kb)
}

/// The avatar rule: 200 × 200 pixels, PNG, JPEG or GIF, at most 500 KB,
/// read from the file itself, not from its name.
pub fn require_avatar(field: &str, file: &UploadedFile) -> PluginResult<()> {
    require_image_of(field, file, 200, 200, &[ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif], false, 500)
}

/// As [`require_image`], for a rule that takes several formats (a startup guide's: png, jpg or
/// gif).
pub fn require_image_of(
    field: &str,
    file: &UploadedFile,
    width: u32,
    height: u32,
    formats: &[ImageFormat],
    transparent: bool,
    max_kb: u64,
) -> PluginResult<()> {
    let fits = file.image.as_ref().is_some_and(|image| {
        formats.iter().any(|format| format.is(&image.format))
            && (width == 0 || image.width == width)
            && (height == 0 || image.height == height)
            && (!transparent || image.alpha)
    }) && file.size <= max_kb * 1000;
    if fits {
        return Ok(());
    }
    let f = formats.iter().map(|format| format.label()).collect::<Vec<_>>().join("/");
    let size = if width == 0 || height == 0 { String::new() } else { format!("{width}×{height}") };
    let (zh_t, en_t, de_t, es_t, fr_t, pt_t, ru_t) = if transparent {
        ("透明", "transparent ", "transparentes ", " transparente", " transparente", " transparente", "прозрачное ")
    } else {
        ("", "", "", "", "", "", "")
    };
    let px = |unit: &str| if size.is_empty() { String::new() } else { format!(" {size} {unit}") };
    Err(PluginError::format(
        field,
        [
            format!(
                "{}不超过 {max_kb} KB 的{zh_t}{f} 图片",
                if size.is_empty() { String::new() } else { format!("{size} 像素、") }
            ),
            format!(
                "a {en_t}{f} image{}, at most {max_kb} KB",
                if size.is_empty() { String::new() } else { format!(" of {size} px") }
            ),
            format!(
                "ein {de_t}{f}-Bild{}, höchstens {max_kb} KB",
                if size.is_empty() { String::new() } else { format!(" mit {size} px") }
            ),
            format!(
                "una imagen {f}{es_t}{}, de {max_kb} KB como máximo",
                if size.is_empty() { String::new() } else { format!(" de {size} px") }
            ),
            format!(
                "une image {f}{fr_t}{}, de {max_kb} Ko au plus",
                if size.is_empty() { String::new() } else { format!(" de {size} px") }
            ),
            format!(
                "uma imagem {f}{pt_t}{}, com no máximo {max_kb} KB",
                if size.is_empty() { String::new() } else { format!(" de {size} px") }
            ),
            format!("{ru_t}изображение {f}{}, не больше {max_kb} КБ", px("пикс.")),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::MemoryHost;

    fn png(width: u32, height: u32, alpha: bool, size: u64) -> UploadedFile {
        UploadedFile {
            name: "uploads/x".into(),
            file_name: "icon.png".into(),
            size,
            md5: String::new(),
            sha256: String::new(),
            kind: "image".into(),
            content_type: "image/png".into(),
            image: Some(ImageFacts { format: "png".into(), width, height, alpha }),
        }
    }

    #[test]
    fn images_are_held_to_their_rule() {
        let rule = |file: &UploadedFile| require_image("icon", file, 480, 480, ImageFormat::Png, true, 100);
        assert!(rule(&png(480, 480, true, 99_000)).is_ok());
        for wrong in [png(480, 481, true, 1), png(480, 480, false, 1), png(480, 480, true, 100_001)] {
            let err = rule(&wrong).expect_err("refused");
            assert_eq!(err.field.as_deref(), Some("icon"));
            assert!(
                err.render("en").contains("a transparent PNG image of 480×480 px, at most 100 KB"),
                "{}",
                err.render("en")
            );
            assert!(err.render("ru").contains("прозрачное изображение PNG 480×480 пикс."), "{}", err.render("ru"));
        }
        let mut jpeg = png(480, 480, true, 1);
        jpeg.image.as_mut().expect("image").format = "jpeg".into();
        assert!(rule(&jpeg).is_err());
        jpeg.image = None;
        assert!(rule(&jpeg).is_err(), "not an image at all");
    }

    #[test]
    fn a_claim_takes_the_upload_once() {
        let mut host = MemoryHost::new();
        let id = host.add_upload("firmware", "fw.bin", b"\x7fELF firmware".to_vec());
        let file = claim(&mut host, "file", &id, "firmware").expect("claimed");
        assert_eq!((file.size, file.file_name.as_str()), (13, "fw.bin"));
        assert_eq!(host.files.get(&file.name).map(Vec::len), Some(13));
        let again = claim(&mut host, "file", &id, "firmware").expect_err("claimed already");
        assert_eq!(again.field.as_deref(), Some("file"));
        assert!(claim(&mut host, "file", " ", "firmware").is_err(), "no id");
    }
}
