//! The AI data plugin against the in-memory host: a device returned to its factory state
//! (`device.initialised`) loses every picture it uploaded, with their files; the other devices'
//! stay. Collection, thumbnails, export and review run against the real host (host/tests/it).

use ai_data::{AiData, Item};
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::upload::StoredFile;
use console_plugin_sdk::{Collection, Context, Plugin, Query, json};

const ITEMS: Collection<Item> = Collection::new("items");

fn picture(host: &mut MemoryHost, sn: &str, n: usize) {
    picture_in(host, sn, n, "collected");
}

fn picture_in(host: &mut MemoryHost, sn: &str, n: usize, status: &str) {
    use console_plugin_sdk::Host as _;
    let (object, thumb) = (format!("uploads/{sn}{n}"), format!("thumbs/{sn}{n}.img"));
    host.file_put(&object, b"png").expect("image");
    host.file_put(&thumb, b"jpg").expect("thumb");
    let image = StoredFile { file_name: "o.png".into(), object, ..StoredFile::default() };
    let item = Item { sn: sn.into(), image, thumb, status: status.into(), ..Item::default() };
    ITEMS.insert(host, &item).expect("item");
}

#[test]
fn a_device_returned_to_its_factory_state_loses_its_pictures_and_their_files() {
    let mut host = MemoryHost::new();
    for n in 0..3 {
        picture(&mut host, "RV-1", n);
    }
    picture(&mut host, "RV-2", 0);
    AiData::on_event(&mut host, "device.initialised", &json!({ "sn": "RV-1" }), &Context::default()).expect("heard");
    let left = ITEMS.query(&mut host, &Query::new()).expect("items").list;
    assert_eq!(left.iter().map(|i| i.data.sn.as_str()).collect::<Vec<_>>(), ["RV-2"]);
    let mut files: Vec<&String> = host.files.keys().collect();
    files.sort();
    assert_eq!(files, ["thumbs/RV-20.img", "uploads/RV-20"], "RV-1's originals and thumbnails are deleted");
}

#[test]
fn a_device_with_more_pictures_than_one_call_deletes_is_erased_by_the_schedule() {
    let mut host = MemoryHost::new();
    for n in 0..450 {
        picture_in(&mut host, "RV-9", n, "approved");
    }
    AiData::on_event(&mut host, "device.initialised", &json!({ "sn": "RV-9" }), &Context::default()).expect("heard");
    let left = |host: &mut MemoryHost| ITEMS.query(host, &Query::new()).expect("items").total;
    assert_eq!(left(&mut host), 250, "a first batch of 200 at once");
    AiData::run_job(&mut host, "erasures", &Context::default()).expect("ran");
    assert_eq!(left(&mut host), 50);
    AiData::run_job(&mut host, "erasures", &Context::default()).expect("ran");
    assert_eq!((left(&mut host), host.files.len()), (0, 0), "every picture and file gone");
    AiData::run_job(&mut host, "erasures", &Context::default()).expect("nothing left to do");
}
