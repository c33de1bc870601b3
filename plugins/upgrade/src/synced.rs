//! Firmware packages in the other service regions (the sync service, `sdk::sync`): a package
//! approved here goes, with its files, to every region (a sync record of type `file`), where it
//! arrives approved and waits for that region's own test and release; devices and rollouts stay
//! regional. Deleting it here deletes the copies no region has started testing or releasing.
//!
//! The product and model travel by product key and model code (store ids differ per region):
//! both reach the other region through the product plugin's sync first.

use console_plugin_sdk::sync::{self, Change, Incoming, SyncedFile};
use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Query, Value, json};

use crate::flow::Status;
use crate::packages::{FirmwarePackage, PACKAGES, Rollout};
use crate::{products, steps};

pub const FIRMWARE: &str = "firmware";

/// What is this region's own: its review, test, rollout and history.
const REGIONAL: [&str; 15] = [
    "productId",
    "modelId",
    "status",
    "approvalId",
    "applicant",
    "testSns",
    "testConclusion",
    "pause",
    "grayStartedAt",
    "releasedAt",
    "roundStartedAt",
    "abortCountedFrom",
    "rollout",
    "createdAt",
    "updatedAt",
];

/// A package's natural key, the same in every region: a model has one package per target
/// version (the collection's unique key).
fn natural_key(product_key: &str, package: &FirmwarePackage) -> String {
    format!("{product_key}/{}/{}", package.model_code, package.target_version_code)
}

fn product_key(call: &mut Call<'_>, product_id: &str) -> PluginResult<String> {
    let found = products::options(call)?.into_iter().find(|p| p.product_id == product_id);
    Ok(found.map(|p| p.product_key).unwrap_or_default())
}

fn files(package: &FirmwarePackage) -> Vec<SyncedFile> {
    std::iter::once(&package.file)
        .chain(package.encrypted_file.as_ref())
        .map(|f| SyncedFile { name: f.object.clone(), size: f.size, sha256: f.sha256.clone() })
        .collect()
}

/// A package approved here.
pub fn approved(call: &mut Call<'_>, package: &FirmwarePackage) -> PluginResult<()> {
    let key = product_key(call, &package.product_id)?;
    let mut data = json!(package);
    if let Some(object) = data.as_object_mut() {
        for field in REGIONAL {
            object.remove(field);
        }
    }
    data["productKey"] = json!(key);
    let change = Change::upsert(FIRMWARE, &natural_key(&key, package), data).with_files(files(package));
    sync::publish(call.host, &change)
}

/// A package deleted here (only ever before devices had it).
pub fn deleted(call: &mut Call<'_>, package: &FirmwarePackage) -> PluginResult<()> {
    let key = product_key(call, &package.product_id)?;
    sync::publish(call.host, &Change::delete(FIRMWARE, &natural_key(&key, package)))
}

const NOT_HERE: [&str; 7] = [
    "本区域还没有这个产品或型号：它们同步过来后会再试。",
    "This region has no such product or model yet: it is tried again once they have been synchronised.",
    "Diese Region hat dieses Produkt oder Modell noch nicht: erneuter Versuch nach der Synchronisierung.",
    "Esta región aún no tiene ese producto o modelo: se vuelve a intentar tras su sincronización.",
    "Cette région n’a pas encore ce produit ou ce modèle : nouvel essai après leur synchronisation.",
    "Esta região ainda não tem esse produto ou modelo: tenta-se de novo após a sua sincronização.",
    "В этом регионе ещё нет такого продукта или модели: попытка повторится после синхронизации.",
];

const IN_USE_HERE: [&str; 7] = [
    "本区域已开始测试或发布这个升级包，不再接受其他区域的修改。",
    "This region has started testing or releasing this package: changes from other regions no longer apply to it.",
    "Diese Region testet oder veröffentlicht dieses Paket bereits: Änderungen anderer Regionen gelten nicht mehr dafür.",
    "Esta región ya ha empezado a probar o publicar este paquete: los cambios de otras regiones ya no se le aplican.",
    "Cette région a commencé à tester ou à publier ce paquet : les modifications des autres régions ne s’y appliquent plus.",
    "Esta região já começou a testar ou a publicar este pacote: as alterações de outras regiões já não se lhe aplicam.",
    "В этом регионе этот пакет уже тестируют или выпускают: изменения из других регионов к нему больше не применяются.",
];

fn refused(texts: [&str; 7]) -> PluginError {
    PluginError::localized(409, Some("data"), texts.map(str::to_string))
}

/// This region's copy: its model's package of the same target version.
fn copy_of(
    call: &mut Call<'_>,
    model_id: &str,
    target_version_code: i64,
) -> PluginResult<Option<Doc<FirmwarePackage>>> {
    let query = Query::new().eq("modelId", model_id).eq("targetVersionCode", target_version_code).page(1, 1);
    Ok(PACKAGES.query(call.host, &query)?.list.into_iter().next())
}

/// A copy this region may still replace or delete: not tested, not released here.
fn replaceable(status: Status) -> bool {
    matches!(status, Status::Approved | Status::PendingReview | Status::Rejected)
}

/// `POST /internal/sync/apply` (the sync service only).
pub fn apply(call: &mut Call<'_>) -> PluginResult<Value> {
    if call.host.calling_plugin().as_deref() != Some(sync::SYNC_PLUGIN) {
        return Err(PluginError::forbidden());
    }
    let incoming: Incoming = call.body()?;
    if incoming.change.domain != FIRMWARE {
        return Err(PluginError::format_values("domain", FIRMWARE));
    }
    let mut data = incoming.change.data.clone();
    if incoming.change.op == "delete" {
        return delete_copy(call, &incoming.change.key);
    }
    let product_key = data["productKey"].as_str().unwrap_or_default().to_string();
    let model_code = data["modelCode"].as_str().unwrap_or_default().to_string();
    let product = products::options(call)?.into_iter().find(|p| p.product_key == product_key);
    let model = product.as_ref().and_then(|p| p.models.iter().find(|m| m.code == model_code).cloned());
    let (Some(product), Some(model)) = (product, model) else { return Err(refused(NOT_HERE)) };
    if let Some(object) = data.as_object_mut() {
        object.remove("productKey");
    }
    data["productId"] = json!(product.product_id);
    data["productName"] = json!(product.product_name);
    data["modelId"] = json!(model.id);
    data["status"] = json!(Status::Approved);
    data["approvalId"] = json!("");
    data["applicant"] = json!(format!("sync:{}", incoming.from_node));
    data["testSns"] = json!([]);
    data["testConclusion"] = json!("");
    data["rollout"] = json!(Rollout::default());
    let mut package: FirmwarePackage =
        serde_json::from_value(data).map_err(|e| PluginError::format_values("data", &e.to_string()))?;
    // Only the files that came with it, kept under the sending region's prefix.
    let carried: Vec<&str> = incoming.change.files.iter().map(|f| f.name.as_str()).collect();
    if files(&package).iter().any(|f| !carried.contains(&f.name.as_str())) {
        return Err(PluginError::format_values("files", &package.file.object));
    }
    for file in std::iter::once(&mut package.file).chain(package.encrypted_file.as_mut()) {
        file.object = sync::local_name(&incoming.from_node, &file.object);
    }
    let current = copy_of(call, &package.model_id, package.target_version_code)?;
    if let Some(copy) = &current
        && !replaceable(copy.data.status)
    {
        return Err(refused(IN_USE_HERE));
    }
    // The files first: a network request comes before the call's first write.
    sync::fetch_files(call.host, &incoming)?;
    let by = format!("sync:{}", incoming.from_node);
    let saved = match &current {
        Some(copy) => {
            let saved = PACKAGES.update(call.host, &copy.id, &package, None)?;
            let kept: Vec<String> = files(&package).into_iter().map(|f| f.name).collect();
            for gone in files(&copy.data).into_iter().filter(|f| !kept.contains(&f.name)) {
                call.host.file_delete(&gone.name).map_err(PluginError::internal)?;
            }
            steps::record_by(call, &saved, Some(copy.data.status), "synchronised", String::new(), &by)?;
            saved
        }
        None => {
            let saved = PACKAGES.insert(call.host, &package)?;
            steps::record_by(call, &saved, None, "synchronised", String::new(), &by)?;
            saved
        }
    };
    call.host.audit("Synchronise a firmware package", &crate::packages::describe(&saved.data));
    Ok(Value::Null)
}

/// A delete names the package by its key alone: `{productKey}/{modelCode}/{targetVersionCode}`.
fn delete_copy(call: &mut Call<'_>, key: &str) -> PluginResult<Value> {
    let parts: Vec<&str> = key.split('/').collect();
    let [product_key, model_code, target] = parts.as_slice() else { return Ok(Value::Null) };
    let product = products::options(call)?.into_iter().find(|p| p.product_key == *product_key);
    let Some(model) = product.and_then(|p| p.models.into_iter().find(|m| m.code == *model_code)) else {
        return Ok(Value::Null);
    };
    let Some(copy) = copy_of(call, &model.id, target.parse::<i64>().unwrap_or(-1))? else { return Ok(Value::Null) };
    if !replaceable(copy.data.status) {
        return Err(refused(IN_USE_HERE));
    }
    PACKAGES.delete(call.host, &copy.id)?;
    for file in files(&copy.data) {
        call.host.file_delete(&file.name).map_err(PluginError::internal)?;
    }
    Ok(Value::Null)
}
