//! The compared checks run natively: one line `name argument value` each,
//! which `run.mjs` reads and compares with the wasm exports.

fn main() {
    for (name, arg, native) in oware_wasm_check::NATIVE {
        println!("{name} {arg} {}", native(arg));
    }
}
