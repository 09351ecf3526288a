//! `eduhub`: serve, migrate, seed the demo data.

use anyhow::Context;
use api::{Application, Config};
use clap::{Parser, Subcommand};
use storage::seed::{DEMO_ACCOUNTS, DEMO_PASSWORD};
use storage::Db;

#[derive(Parser)]
#[command(name = "eduhub", about = "EduHub: the staff workbench server")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API, the sockets and the web app (EDUHUB_ADDR, default 127.0.0.1:8080).
    Serve {
        /// Seed the demo data into an empty database first.
        #[arg(long)]
        demo: bool,
    },
    /// Apply database migrations and exit.
    Migrate,
    /// Seed the demo accounts (when the database has no user yet) and generate the data-centre
    /// records (when there are none yet), then exit. The same seed and day give the same records.
    SeedDemo {
        /// `small` (a few schools, hundreds of students) or `large` (20 schools, 2,000
        /// teachers, 50,000 students, a year of lessons).
        #[arg(long, default_value = "small")]
        scale: storage::datacentre::generate::Scale,
        #[arg(long, default_value_t = storage::seed::DEMO_SEED)]
        seed: u64,
        /// The records end the day before this one (`YYYY-MM-DD`, China time; default today).
        #[arg(long, value_parser = parse_day)]
        until: Option<time::Date>,
    },
    /// Import source records of the data centre from a CSV file (formats in docs/import.md):
    /// good rows are stored, bad rows printed with their line and reason.
    Import {
        /// `lessons`, `attendance`, `refunds` or `services` (docs/import.md).
        kind: storage::datacentre::import::ImportKind,
        file: std::path::PathBuf,
    },
    /// Print how many of the spec's calls (docs/spec/calls.tsv) each area implements, and which not.
    Coverage {
        /// Only the table, without the missing rows.
        #[arg(long)]
        summary: bool,
    },
    /// Print the OpenAPI document.
    Openapi,
    /// Administration from the command line.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create a super user with the admin role (the password is read from standard input, or
    /// from EDUHUB_ADMIN_PASSWORD). On an empty database, `--school` names the first school.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// The first school's name (needed while no school exists).
        #[arg(long)]
        school: Option<String>,
        /// The first school's province code (see `provinces` in the web's set-up page).
        #[arg(long, default_value = "110000")]
        province: String,
    },
}

fn print_demo_accounts() {
    println!("Demo accounts (password: {DEMO_PASSWORD}):");
    for account in DEMO_ACCOUNTS {
        println!("  {:<24} {} ({})", account.email, account.name, account.roles.join(", "));
    }
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into())).init();
    let cli = Cli::parse();
    let config = Config::from_env();
    match cli.command {
        Command::Serve { demo } => {
            let app = Application::build(config.clone(), demo).await.context("starting the server")?;
            if demo {
                print_demo_accounts();
            }
            println!(
                "EduHub serving on http://{}:{} (database: {}, bus: {})",
                host_of(&config.addr),
                app.port(),
                backend_name(&config.database_url),
                app.state().hub.bus_kind()
            );
            if !demo {
                if let Some(path) = api::handlers::admin::links::setup_link(&app.state().db).await? {
                    println!(
                        "No account exists yet. Open this one-time link within 24 hours to create the first super user and school:\n  http://{}:{}{path}\n(or run `eduhub admin create --email … --name … --school …`)",
                        host_of(&config.addr),
                        app.port()
                    );
                }
            }
            app.run_until_terminated().await?;
        }
        Command::Admin { command: AdminCommand::Create { email, name, school, province } } => {
            let email = email.trim().to_lowercase();
            anyhow::ensure!(protocol::validation::is_email(&email), "not an e-mail address: {email}");
            anyhow::ensure!(!name.trim().is_empty(), "the name is empty");
            let password = match std::env::var("EDUHUB_ADMIN_PASSWORD") {
                Ok(p) => p,
                Err(_) => {
                    eprintln!("Password for {email} (one line on standard input):");
                    let mut line = String::new();
                    std::io::stdin().read_line(&mut line)?;
                    line.trim_end_matches(['\r', '\n']).to_owned()
                }
            };
            if let Some(problem) = protocol::validation::password_problem(&password) {
                anyhow::bail!("{problem}");
            }
            std::fs::create_dir_all(&config.data_dir)?;
            let db = Db::connect(&config.database_url).await?;
            db.migrate().await?;
            storage::seed::reference(&db).await?;
            anyhow::ensure!(storage::accounts::by_email(&db, &email).await?.is_none(), "{email} already has an account");
            let hash = storage::password::hash(&password)?;
            let school = school.as_deref().map(|s| (s, province.as_str()));
            let user = api::handlers::admin::links::create_first_admin(&db, &email, name.trim(), hash, school).await?;
            println!("super user {} created (id {})", user.email, user.id);
        }
        Command::Migrate => {
            std::fs::create_dir_all(&config.data_dir)?;
            let db = Db::connect(&config.database_url).await?;
            db.migrate().await?;
            storage::seed::reference(&db).await?;
            println!("migrated");
        }
        Command::SeedDemo { scale, seed, until } => {
            std::fs::create_dir_all(&config.data_dir)?;
            let db = Db::connect(&config.database_url).await?;
            db.migrate().await?;
            let seeded = storage::seed::demo(&db).await?;
            println!("{}", if seeded { "demo accounts seeded" } else { "the database already has users; no account seeded" });
            let started = std::time::Instant::now();
            match storage::seed::demo_records(&db, scale, seed, until.unwrap_or_else(storage::datacentre::calendar::today)).await? {
                Some(summary) => println!("records generated in {:.1} s: {summary:?}", started.elapsed().as_secs_f64()),
                None => println!("the database already has records; none generated"),
            }
            let started = std::time::Instant::now();
            let questions = storage::seed::demo_questions(&db, scale).await?;
            println!("{questions} questions generated in {:.1} s", started.elapsed().as_secs_f64());
            print_demo_accounts();
        }
        Command::Import { kind, file } => {
            let db = Db::connect(&config.database_url).await?;
            db.migrate().await?;
            let data = std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            let result = storage::datacentre::import::import(&db, kind, &data).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("{}: {} rows read, {} stored, {} refused", result.kind, result.total, result.stored, result.errors.len());
            for error in &result.errors {
                println!("  line {}: {}", error.line, error.reason);
            }
        }
        Command::Coverage { summary } => print!("{}", api::coverage::report(&api::routes::table(), !summary)),
        Command::Openapi => println!("{}", api::openapi::document_json()),
    }
    Ok(())
}

fn parse_day(text: &str) -> Result<time::Date, String> {
    storage::datacentre::calendar::parse_day(text).ok_or_else(|| format!("not a YYYY-MM-DD day: {text}"))
}

fn host_of(addr: &str) -> &str {
    addr.rsplit_once(':').map(|(h, _)| h).unwrap_or(addr)
}

fn backend_name(url: &str) -> &'static str {
    if url.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    }
}
