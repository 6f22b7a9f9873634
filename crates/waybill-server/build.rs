// The web app is embedded from web/dist in release builds: rebuild when it changes.
fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
}
