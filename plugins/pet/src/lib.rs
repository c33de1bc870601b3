//! Pet management: breeds, pets (cats) bound to litter boxes, and their usage, clearing and taste
//! records.

mod breeds;
mod pets;
mod records;

use console_plugin_sdk::describe::{PAGING, QueryParam};
use console_plugin_sdk::{Doc, Plugin, Router, export_plugin};

pub struct Pet;

const RECORD_QUERY: [QueryParam; 7] = [
    QueryParam::text("petId", "The pet's records."),
    QueryParam::text("kind", "usage, clearing or taste."),
    QueryParam::text("deviceSn", "The litter box's records."),
    QueryParam::integer("startTime", "From (Unix milliseconds)."),
    QueryParam::integer("endTime", "To (Unix milliseconds)."),
    PAGING[0],
    PAGING[1],
];

impl Plugin for Pet {
    fn router() -> Router {
        Router::new()
            .resource::<breeds::Breeds>("/breeds", "/breeds/{id}")
            .get("/breed-options", breeds::options)
            .with_data_list::<breeds::BreedOption>()
            // The detail adds the latest records to what the resource's own `GET` would show.
            .resource::<pets::Pets>("/pets", "/pets/{id}")
            .get("/pets/{id}", pets::detail)
            .with_data::<Doc<pets::PetInfo>>()
            .get("/records", records::list)
            .with_query(&RECORD_QUERY)
            .with_data_page::<Doc<records::PetRecord>>()
            .post("/records", records::create)
            .with_body::<records::RecordInput>()
            .with_data::<Doc<records::PetRecord>>()
    }
}

export_plugin!(Pet);
