//! Templates a tenant writes are rendered in worker processes of their own: a template is
//! bounded by what it produces, not by how it is written, and no inspection of its text can tell
//! that. Nested lists turned into text (`{% set a = [r, r, r] %}{{ a|string }}`) build gigabytes
//! in one step of the engine's fuel, and a render on a thread cannot be stopped. A worker holds at
//! most [`MEMORY_MIB`] (the kernel refuses it more, and it dies), and one that has not answered by
//! the call's deadline is killed: neither the host's memory nor a thread is ever held past the call.
//!
//! The worker is this program run as `console-host render-worker`: one request per line on its
//! standard input (`{"source", "context"}`), one answer per line on its output (`{"ok"}` or
//! `{"err"}`). A pool keeps a few running; one that died or was killed is replaced.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout};

/// The first argument that makes this program a render worker.
pub const WORKER_ARG: &str = "render-worker";
/// The memory a worker may hold: its data, heap and anonymous mappings.
pub const MEMORY_MIB: u64 = 256;

#[derive(Serialize, Deserialize)]
struct Request {
    source: String,
    context: String,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Answer {
    Ok(String),
    Err(String),
}

/// The worker's side: renders each request of its input until the input ends (the host is gone).
pub fn serve_as_worker() -> std::process::ExitCode {
    limit_memory();
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let answer = match serde_json::from_str::<Request>(&line) {
            Ok(request) => match crate::plugins::capabilities::template::render(&request.source, &request.context) {
                Ok(rendered) => Answer::Ok(rendered),
                Err(why) => Answer::Err(why),
            },
            Err(err) => Answer::Err(format!("not a render request: {err}")),
        };
        let written = serde_json::to_writer(&mut out, &answer).is_ok() && out.write_all(b"\n").is_ok();
        if !written || out.flush().is_err() {
            break;
        }
    }
    std::process::ExitCode::SUCCESS
}

/// The kernel refuses the worker more than [`MEMORY_MIB`] of data, and kills it with its host.
fn limit_memory() {
    let bytes = MEMORY_MIB << 20;
    let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
    // SAFETY: plain system calls on this process, with a valid structure and no pointers kept.
    unsafe {
        libc::setrlimit(libc::RLIMIT_DATA, &limit);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    }
}

/// A running worker.
struct Worker {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Worker {
    fn start(program: &PathBuf) -> Result<Worker, String> {
        let mut child = tokio::process::Command::new(program)
            .arg(WORKER_ARG)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("the template renderer did not start: {e}"))?;
        let input = child.stdin.take().ok_or("the template renderer has no input")?;
        let output = BufReader::new(child.stdout.take().ok_or("the template renderer has no output")?);
        Ok(Worker { child, input, output })
    }

    /// One render: `Err` when the worker is gone (it died on its memory limit, or broke).
    async fn ask(&mut self, request: &str) -> std::io::Result<Answer> {
        self.input.write_all(request.as_bytes()).await?;
        self.input.write_all(b"\n").await?;
        self.input.flush().await?;
        let mut line = String::new();
        if self.output.read_line(&mut line).await? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        serde_json::from_str(&line).map_err(std::io::Error::other)
    }
}

/// The pool of render workers.
pub struct Renderers {
    program: PathBuf,
    idle: Mutex<Vec<Worker>>,
    /// Renders under way at once: one per worker.
    turns: tokio::sync::Semaphore,
}

impl Renderers {
    /// Workers run `program` (this host's own executable unless the configuration names one).
    pub fn new(program: PathBuf) -> Renderers {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 4);
        Renderers { program, idle: Mutex::default(), turns: tokio::sync::Semaphore::new(workers) }
    }

    /// Renders `source` with the JSON object `context`, within `deadline`.
    pub async fn render(&self, source: &str, context: &str, deadline: Duration) -> Result<String, String> {
        let until = tokio::time::Instant::now() + deadline;
        let late = || "rendering took longer than the call's deadline".to_string();
        let Ok(Ok(_turn)) = tokio::time::timeout_at(until, self.turns.acquire()).await else { return Err(late()) };
        let request = serde_json::to_string(&Request { source: source.into(), context: context.into() })
            .map_err(|e| e.to_string())?;
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut worker = match idle {
            Some(worker) => worker,
            None => Worker::start(&self.program)?,
        };
        match tokio::time::timeout_at(until, worker.ask(&request)).await {
            Ok(Ok(answer)) => {
                self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(worker);
                match answer {
                    Answer::Ok(rendered) => Ok(rendered),
                    Answer::Err(why) => Err(why),
                }
            }
            // Dropped, the worker is killed (`kill_on_drop`) and reaped by the runtime.
            Ok(Err(_)) => Err(format!("the template needs more memory than a template may take ({MEMORY_MIB} MiB)")),
            Err(_) => Err(late()),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}
