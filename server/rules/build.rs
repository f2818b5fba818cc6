//! Embeds torch's graph-break registry (the `GBnnnn` catalog, data from the
//! torch wheel) into the crate. The file is not part of the repository: it
//! is read from `EXPORTLENS_GB_REGISTRY` if set, else from the shared
//! reference folder beside the repository (`../shared/reference`). Without
//! it the catalog is empty and graph-break codes are described by their
//! code and site URL only.

use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-env-changed=EXPORTLENS_GB_REGISTRY");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    // The default is given relative to this package, as cargo reads a
    // relative rerun-if-changed path: a copy of the repository elsewhere
    // (the install test's clean checkout) then shares the build.
    let source = std::env::var_os("EXPORTLENS_GB_REGISTRY")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../../../shared/reference/graph_break_registry.json"));
    println!("cargo::rerun-if-changed={}", source.display());
    let source = manifest.join(source);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"))
        .join("graph_break_registry.json");
    let text = match std::fs::read_to_string(&source) {
        Ok(text) => text,
        Err(e) => {
            println!(
                "cargo::warning=graph-break registry not embedded ({}: {e}); `exportlens rule GBnnnn` will only give the code's URL",
                source.display()
            );
            "{}".to_string()
        }
    };
    std::fs::write(&out, text).expect("write into OUT_DIR");
}
