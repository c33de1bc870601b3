//! Pet management: breeds, pets bound to litter boxes, and their usage, clearing and taste
//! records (spec device-and-product-domain.md §3 "Pet/cat").

mod breeds;
mod pets;
mod records;

use console_plugin_sdk::{Plugin, Router, export_plugin};

pub struct Pet;

impl Plugin for Pet {
    fn router() -> Router {
        Router::new()
            .resource::<breeds::Breeds>("/breeds", "/breeds/{id}")
            .get("/breed-options", breeds::options)
            // The detail adds the latest records to what the resource's own `GET` would show.
            .resource::<pets::Pets>("/pets", "/pets/{id}")
            .get("/pets/{id}", pets::detail)
            .get("/records", records::list)
            .post("/records", records::create)
    }
}

export_plugin!(Pet);
