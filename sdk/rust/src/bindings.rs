//! Bindings to the `console:plugin` contract, generated from `wit/` at the repository root.

wit_bindgen::generate!({
    path: "../../wit",
    world: "plugin",
    pub_export_macro: true,
    export_macro_name: "__export_plugin_world",
    default_bindings_module: "console_plugin_sdk::bindings",
});
