//! The compile cost of the static atom layer, as rustc's instructions: the
//! crates of `benches/compile-cost/` (one tiled MMA and two tiled copies;
//! a kernel built from them, CuTe's sgemm_sm80 for one CTA tile) are
//! checked (`cargo check`, no incremental compilation) as library crates
//! depending on cute-static, with rustc run under
//! `valgrind --tool=callgrind` for the crate itself (a `RUSTC_WRAPPER`
//! script; the dependencies compile as usual). The instructions do not
//! depend on the load of the machine, as `cargo check` seconds do
//! (`benches/compile-time.sh` prints both). They are compared with
//! `benches/compile-cost-baseline.json` (crate → millions of
//! instructions): more than 10 % above fails, more than 10 % below asks
//! for a new baseline, which
//! `CUTE_COMPILE_COST_BLESS=1 cargo test -p benches --features valgrind --test compile_cost`
//! writes. The figures depend on the compiler version. valgrind must be
//! installed: this test fails without it, it does not skip.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{Gate, cargo, gate, require_valgrind, summary, target_dir, workspace_root};

/// Fails above, and asks for a new baseline below, this relative change.
const TOLERANCE: f64 = 0.10;
/// The crates: name, and source under `benches/compile-cost/`.
const CRATES: [&str; 2] = ["atoms", "kernel"];

/// The `RUSTC_WRAPPER`: rustc under callgrind for the crate named in
/// `$CUTE_COMPILE_COST_CRATE` (output file `$CUTE_COMPILE_COST_OUT`), every
/// other rustc (dependencies, cargo's queries) as it is.
fn wrapper(dir: &Path, valgrind: &Path) -> PathBuf {
    let path = dir.join("rustc-callgrind.sh");
    let script = format!(
        "#!/bin/sh\n\
         # Written by benches/tests/compile_cost.rs.\n\
         for a in \"$@\"; do\n\
         \x20 if [ \"$a\" = \"$CUTE_COMPILE_COST_CRATE\" ]; then\n\
         \x20   exec '{}' --tool=callgrind --callgrind-out-file=\"$CUTE_COMPILE_COST_OUT\" \"$@\"\n\
         \x20 fi\n\
         done\n\
         exec \"$@\"\n",
        valgrind.display()
    );
    std::fs::write(&path, script).expect("writing the rustc wrapper");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .expect("making the rustc wrapper executable");
    }
    path
}

/// Millions of rustc instructions checking the crate `name`.
fn measure(target: &Path, wrapper: &Path, name: &str) -> f64 {
    let root = workspace_root();
    let dir = target.join("compile-cost").join(name);
    std::fs::create_dir_all(dir.join("src")).expect("creating the crate folder");
    let package = format!("cute-compile-cost-{name}");
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"{package}\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
             publish = false\n\n[dependencies]\ncute-static = {{ path = \"{}\" }}\n\n\
             [workspace]\n",
            root.join("cute-static").display()
        ),
    )
    .expect("writing Cargo.toml");
    // The workspace's versions of the dependencies.
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("copying Cargo.lock");
    let source = root
        .join("benches")
        .join("compile-cost")
        .join(format!("{name}.rs"));
    std::fs::copy(&source, dir.join("src").join("lib.rs"))
        .unwrap_or_else(|e| panic!("copying {}: {e}", source.display()));
    let out = dir.join("callgrind.out");
    let _ = std::fs::remove_file(&out);
    let run = |args: &[&str]| {
        let output = Command::new(cargo())
            .current_dir(&dir)
            .args(args)
            .arg("--target-dir")
            .arg(target)
            .env("CARGO_INCREMENTAL", "0")
            .env("RUSTC_WRAPPER", wrapper)
            .env("CUTE_COMPILE_COST_CRATE", package.replace('-', "_"))
            .env("CUTE_COMPILE_COST_OUT", &out)
            .output()
            .expect("running cargo");
        assert!(
            output.status.success(),
            "cargo {} in {} failed:\n{}",
            args.join(" "),
            dir.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    };
    // A full check of the crate (the dependencies are built on the first
    // run and reused after it).
    run(&["clean", "--quiet", "-p", &package]);
    run(&["check", "--quiet", "--lib"]);
    let instructions = summary(&out).unwrap_or_else(|| {
        panic!(
            "no callgrind summary in {} (was rustc run for {package}?)",
            out.display()
        )
    });
    instructions as f64 / 1e6
}

#[test]
fn atom_layer_compile_cost_matches_the_baseline() {
    let valgrind = require_valgrind();
    let target = target_dir();
    let dir = target.join("compile-cost");
    std::fs::create_dir_all(&dir).expect("creating target/compile-cost");
    let wrapper = wrapper(&dir, &valgrind);
    // One at a time: the checks share the target directory's lock.
    let measured: Vec<(&str, f64)> = CRATES
        .iter()
        .map(|name| (*name, measure(&target, &wrapper, name)))
        .collect();

    gate(
        &Gate {
            file: "compile-cost-baseline.json",
            test: "compile_cost",
            bless_var: "CUTE_COMPILE_COST_BLESS",
            heading: "millions of rustc instructions, cargo check of benches/compile-cost/*.rs (callgrind)",
            what: "crate",
            tolerance: TOLERANCE,
        },
        &measured,
    );
}
