//! The desktop client's version check: older than the minimum must upgrade, older than the
//! latest may; a client that sends no version predates the check; a malformed one is refused.

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(the_version_check_decides_the_upgrade_prompt);

async fn the_version_check_decides_the_upgrade_prompt(app: &TestApp) {
    // Anyone may ask (the desktop client asks before signing in); the defaults are 1.0.0.
    let client = app.client();
    let check = |current: &'static str| {
        let url = format!("/api/desktop/version?current={current}");
        let client = &client;
        async move { client.get(&url).await }
    };
    let (_, old) = check("0.9.12").await;
    assert_eq!((old["data"]["upgradeRequired"].as_bool(), old["data"]["upgradeAvailable"].as_bool()), (Some(true), Some(true)), "{old}");
    let (_, same) = check("1.0").await;
    assert_eq!((same["data"]["upgradeRequired"].as_bool(), same["data"]["upgradeAvailable"].as_bool()), (Some(false), Some(false)), "{same}");
    let (_, newer) = check("v1.0.1").await;
    assert_eq!(newer["data"]["upgradeRequired"], false);
    assert_eq!(newer["data"]["latest"], "1.0.0");
    let (_, none) = check("").await;
    assert_eq!(none["data"]["upgradeRequired"], true, "{none}");
    let (status, bad) = check("1.x").await;
    assert_eq!((status, bad["code"].as_str()), (400, Some("A0400")), "{bad}");
}
