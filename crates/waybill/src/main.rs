//! `waybill`: serve the app, migrate the database, manage users.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use waybill_server::auth::{TokenKeys, password};
use waybill_server::config::Config;
use waybill_server::waybill_store::NewUser;
use waybill_server::{AppState, open_store, seed};

#[derive(Parser)]
#[command(name = "waybill", version, about = "Waybill: the chat assistant for logistics operations")]
struct Cli {
    /// Config file (default: ./waybill.toml when present).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// Data directory (SQLite database, signing key, files).
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate, seed a first run, and serve the web app and API.
    Serve {
        /// Address to listen on (default 127.0.0.1:3000).
        #[arg(long)]
        addr: Option<SocketAddr>,
        /// Order lines the demo facility generates on its first start (default about
        /// 6,000; up to 1,000,000 for benchmarks). Delete <data_dir>/demo.sqlite to
        /// generate it again.
        #[arg(long, value_name = "LINES")]
        demo_scale: Option<u32>,
        /// Do not serve the demo facility nor register its systems.
        #[arg(long)]
        no_demo: bool,
    },
    /// Apply pending database migrations and exit.
    Migrate,
    /// Manage user accounts.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Create a user, and the tenant and facilities when they do not exist yet.
    Create(CreateUser),
}

#[derive(Args)]
struct CreateUser {
    #[arg(long)]
    email: String,
    #[arg(long)]
    password: String,
    /// Tenant id (created when missing).
    #[arg(long)]
    tenant: String,
    /// Facility id within the tenant (created when missing); repeat for several.
    #[arg(long = "facility", required = true)]
    facilities: Vec<String>,
    /// Make the user an admin of the tenant.
    #[arg(long)]
    admin: bool,
    #[arg(long)]
    first_name: Option<String>,
    /// Display user name (default: the part of the email before '@').
    #[arg(long)]
    user_name: Option<String>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let mut config = Config::load(cli.config.as_deref())?;
    if let Some(dir) = cli.data_dir {
        config.data_dir = dir;
    }
    init_tracing(&config);
    match cli.command {
        Command::Serve { addr, demo_scale, no_demo } => {
            if let Some(addr) = addr {
                config.addr = addr;
            }
            if demo_scale.is_some() {
                config.demo.scale = demo_scale;
            }
            if no_demo {
                config.demo.enabled = false;
            }
            serve(config).await
        }
        Command::Migrate => {
            let store = open_store(&config).await?;
            waybill_server::families::registered(&config).migrate(&store).await?;
            store.close().await;
            println!("migrations applied");
            Ok(())
        }
        Command::User { command: UserCommand::Create(args) } => create_user(config, args).await,
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    tracing::debug!(?config, "configuration");
    let store = open_store(&config).await.context("opening the database")?;
    if let Some(admin) = seed::first_run(&store, &config).await? {
        print_first_admin(&admin, &config);
    }
    let keys = TokenKeys::load_or_create(&config.data_dir, config.auth.jwt_secret.as_ref(), config.auth.access_token_ttl_secs)?;
    let listener = tokio::net::TcpListener::bind(config.addr).await.with_context(|| format!("binding {}", config.addr))?;
    let addr = listener.local_addr()?;
    tracing::info!(%addr, backend = ?store.backend(), "Waybill is serving on http://{addr}");
    let demo = waybill_server::demo::open(&config).await?;
    let mut state = AppState::new(store.clone(), config, keys).await?;
    if let Some(demo) = demo {
        waybill_server::demo::register(&state, &demo, &waybill_server::demo::local_base(addr)).await?;
        state.demo = Some(demo);
    }
    let demo = state.demo.clone();
    waybill_server::serve(listener, state, shutdown_signal()).await?;
    if let Some(demo) = demo {
        demo.close().await;
    }
    store.close().await;
    Ok(())
}

fn print_first_admin(admin: &seed::FirstAdmin, config: &Config) {
    println!();
    println!("  First run: created tenant '{}' and an admin account.", seed::DEMO_TENANT.0);
    println!("    email:    {}", admin.email);
    match &admin.generated_password {
        Some(password) => println!("    password: {password}   (shown only this once)"),
        None => println!("    password: the one set in WAYBILL_ADMIN_PASSWORD"),
    }
    println!("  Sign in at http://{}/login", config.addr);
    println!();
}

async fn create_user(config: Config, args: CreateUser) -> anyhow::Result<()> {
    anyhow::ensure!(args.email.contains('@'), "--email must be an email address");
    anyhow::ensure!(args.password.chars().count() >= 8, "--password must be at least 8 characters");
    let store = open_store(&config).await?;
    store.ensure_tenant(&args.tenant, &args.tenant).await?;
    for facility in &args.facilities {
        store.ensure_facility(&args.tenant, facility, facility).await?;
    }
    let hash = password::hash(&args.password)?;
    let user_name = args.user_name.clone().unwrap_or_else(|| args.email.split('@').next().unwrap_or_default().to_owned());
    let user = store
        .create_user(NewUser { email: &args.email, password_hash: &hash, first_name: args.first_name.as_deref(), user_name: &user_name })
        .await
        .context("creating the user")?;
    let facilities: Vec<&str> = args.facilities.iter().map(String::as_str).collect();
    store.grant(&user.id, &args.tenant, &facilities, args.admin).await?;
    store.close().await;
    println!("created {} in tenant {} ({})", user.email, args.tenant, args.facilities.join(", "));
    Ok(())
}

fn init_tracing(config: &Config) {
    let filter = tracing_subscriber::EnvFilter::try_new(&config.log.filter).unwrap_or_else(|_| "info".into());
    // A closed log pipe must not turn into panics inside request handlers.
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).log_internal_errors(false);
    if config.log.json {
        builder.json().init();
    } else {
        builder.init();
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("shutting down");
}
