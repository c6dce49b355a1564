//! Records a fingerprint of the core's sources in the build (`SOURCE_HASH`), so that
//! `alhambra_lib.sim` can tell a build made from older sources in a checkout: FNV-1a
//! (64 bits) over `Cargo.toml` and each `.rs` file under `src/` (its modules' folders too)
//! in path order, each as its path, a NUL, its bytes and a NUL. `alhambra_lib/sim.py`
//! computes the same.

use std::fs;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(root, Path::new("src"), &mut files);
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

/// The `.rs` files under `dir` (relative to `root`), as paths with `/`, in any order.
fn rust_files(root: &Path, dir: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(root.join(dir))
        .expect("a source folder")
        .flatten()
    {
        let path = dir.join(entry.file_name());
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            rust_files(root, &path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path.to_string_lossy().replace('\\', "/"));
        }
    }
}
