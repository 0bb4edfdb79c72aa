//! `menhir serve`: TEI over WebSocket for PTN Ninja (`menhir::serve`). Prints
//! where it listens on stderr; a `quit` line on stdin or Ctrl-C shuts it down cleanly.

use clap::Args;
use menhir::serve::{ServeConfig, Server};
use std::io::BufRead;

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free one, printed at start).
    #[arg(long, default_value_t = 7731)]
    port: u16,
    /// The address to listen on. Anything but loopback lets other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// A web page origin allowed besides https://ptn.ninja and local pages
    /// (repeatable), e.g. https://my-ptn-ninja.example.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Connections served at once; one more is refused.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    max_connections: u16,
}

pub fn run(args: &ServeArgs) -> Result<(), String> {
    let config = ServeConfig {
        host: args.host.clone(),
        port: args.port,
        allowed_origins: args.allow_origin.clone(),
        max_connections: args.max_connections as usize,
        ..ServeConfig::default()
    };
    let threads_cap = config.threads_cap();
    let server = Server::bind(config)
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = server.local_addr().map_err(|e| e.to_string())?;
    log::info!(
        "listening on ws://{addr} ({} connections at most, Threads up to {threads_cap} each); \
         type quit or press Ctrl-C to stop",
        args.max_connections
    );
    let handle = server.shutdown_handle();
    // A `quit` line on stdin stops the server; the end of stdin does not (it is
    // closed when the server runs in the background).
    let watcher = std::thread::Builder::new()
        .name("serve-stdin".into())
        .spawn(move || {
            for line in std::io::stdin().lock().lines() {
                match line {
                    Ok(l) if l.trim() == "quit" => {
                        handle.shutdown();
                        return;
                    }
                    Ok(_) => {}
                    Err(_) => return,
                }
            }
        });
    if let Err(e) = watcher {
        log::warn!("could not watch stdin for quit: {e}");
    }
    // Ctrl-C (SIGINT), SIGTERM and SIGHUP stop the server the same clean way.
    let interrupted = server.shutdown_handle();
    if let Err(e) = ctrlc::set_handler(move || interrupted.shutdown()) {
        log::warn!("could not catch Ctrl-C: {e}; it will end the process at once");
    }
    server.run();
    log::info!("stopped");
    Ok(())
}
