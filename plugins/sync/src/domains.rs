//! The configuration data this service carries: which plugin owns each domain (only it may
//! publish it) and where a receiving console applies it.

pub struct Domain {
    pub name: &'static str,
    /// The plugin that publishes it.
    pub owner: &'static str,
    /// The owner's mount, whose `/internal/sync/apply` applies it.
    pub mount: &'static str,
}

pub const DOMAINS: [Domain; 7] = [
    Domain { name: "module-text", owner: "globalization", mount: "i18n-service" },
    Domain { name: "return-code", owner: "globalization", mount: "i18n-service" },
    // The public and function copy libraries (a project library stays in its region).
    Domain { name: "copy-entry", owner: "app", mount: "app-service" },
    // Published thing-model versions, released models and products (with their pictures).
    Domain { name: "thing-model", owner: "product", mount: "product-service" },
    Domain { name: "product-model", owner: "product", mount: "product-service" },
    Domain { name: "product", owner: "product", mount: "product-service" },
    // Approved firmware packages, with their files (records of type `file`).
    Domain { name: "firmware", owner: "upgrade", mount: "upgrade-service" },
];

pub fn named(name: &str) -> Option<&'static Domain> {
    DOMAINS.iter().find(|d| d.name == name)
}
