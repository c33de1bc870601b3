//! Host bindings of the `console:plugin` contract (`wit/plugin.wit`). Every import is async (the
//! store awaits the database) and trappable (a host failure aborts the call and rolls it back).

wasmtime::component::bindgen!({
    path: "../wit",
    world: "plugin",
    imports: { default: async | trappable },
    exports: { default: async },
});
