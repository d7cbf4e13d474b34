//! Gives the shared library `liboware_ffi.so` its SONAME on Linux, from the
//! crate's version: `liboware_ffi.so.MAJOR`, or `liboware_ffi.so.0.MINOR`
//! before 1.0, where (as Cargo reads versions) a new minor version may
//! break the API. `make install` (oware-ffi/Makefile) installs the library
//! under that name.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" {
        let major = env!("CARGO_PKG_VERSION_MAJOR");
        let soversion = if major == "0" {
            format!("0.{}", env!("CARGO_PKG_VERSION_MINOR"))
        } else {
            major.to_owned()
        };
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,liboware_ffi.so.{soversion}");
    }
}
