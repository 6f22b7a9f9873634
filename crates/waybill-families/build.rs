// Every folder of src/ with a mod.rs is a family module: listed here so that adding a
// family touches no shared file of this crate (the server registers it in one line).
use std::fmt::Write;
use std::path::PathBuf;

fn main() {
    let src = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("src");
    println!("cargo:rerun-if-changed={}", src.display());
    let mut families: Vec<String> = std::fs::read_dir(&src)
        .expect("src/ is readable")
        .filter_map(Result::ok)
        .filter(|entry| entry.path().join("mod.rs").is_file())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .collect();
    families.sort();
    let mut list = String::new();
    for family in families {
        let path = src.join(&family).join("mod.rs");
        writeln!(list, "#[path = {:?}]\npub mod {family};", path.display().to_string()).expect("writing to a string");
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("families.rs");
    std::fs::write(out, list).expect("OUT_DIR is writable");
}
