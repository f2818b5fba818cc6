//! What a project's configuration (`[tool.exportlens]`, `exportlens.toml`)
//! says of the analysis of one file, for both front ends: how modules
//! without entry points are built and fed.

/// The `[tool.exportlens.modules]` settings that apply to the file at
/// `path`, as the tracer takes them.
pub fn module_overrides(
    settings: &pyenv::settings::Settings,
    path: &std::path::Path,
) -> Vec<tracer::entry::ModuleOverride> {
    let origin = settings
        .file
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    settings
        .modules_for(path)
        .into_iter()
        .map(|m| tracer::entry::ModuleOverride {
            name: m.name.clone(),
            init: m.init.clone(),
            inputs: m.inputs.clone(),
            origin: origin.clone(),
        })
        .collect()
}
