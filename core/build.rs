//! Records a fingerprint of the core's sources in the build (`SOURCE_HASH`), so that
//! `alhambra_lib.sim` can tell a build made from older sources in a checkout: FNV-1a
//! (64 bits) over `Cargo.toml` and each `src/*.rs` in name order, each as its path, a NUL,
//! its bytes and a NUL. `alhambra_lib/sim.py` computes the same.

use std::fs;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = fs::read_dir(root.join("src"))
        .expect("src/")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".rs"))
        .map(|name| format!("src/{name}"))
        .collect();
    files.sort();
    files.insert(0, "Cargo.toml".to_string());
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let bytes = fs::read(root.join(file)).expect("a source file");
        for &byte in file
            .as_bytes()
            .iter()
            .chain([0u8].iter())
            .chain(bytes.iter())
            .chain([0u8].iter())
        {
            hash ^= byte as u64;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        println!("cargo:rerun-if-changed={file}");
    }
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rustc-env=ALHAMBRA_CORE_SOURCE_HASH={hash:016x}");
}
