//! The migrations are embedded by `sqlx::migrate!`: a new or changed migration file must rebuild
//! the crate, which cargo does not know by itself.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
