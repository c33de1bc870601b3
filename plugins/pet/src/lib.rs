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
            .get("/breeds", breeds::list)
            .post("/breeds", breeds::create)
            .put("/breeds/{id}", breeds::update)
            .delete("/breeds/{id}", breeds::delete)
            .get("/breed-options", breeds::options)
            .get("/pets", pets::list)
            .get("/pets/{id}", pets::detail)
            .post("/pets", pets::create)
            .put("/pets/{id}", pets::update)
            .delete("/pets/{id}", pets::delete)
            .get("/records", records::list)
            .post("/records", records::create)
    }
}

export_plugin!(Pet);
