//! The device data plane at fleet scale, as an operator sizes a host:
//!
//! - `BENCH_ONLY=idle`: 50,000 MQTT sessions (`BENCH_IDLE_SESSIONS`) held open on one release
//!   host, keep-alive 60 s, each pinging every 30 s as a device does; what the host spends on them, in CPU
//!   and in memory per 1,000. The sessions are plain sockets speaking MQTT 3.1.1 from addresses
//!   spread over 127.0.0.0/8 (one address has too few ports, and the gateway lets one address
//!   sign in eight at a time).
//! - `BENCH_ONLY=history`: one device's property over 30 days read in 500 buckets through the
//!   device drawer's route, among 100,000,000 stored points (`BENCH_SERIES_POINTS`); then a
//!   day of 10,000,000 points dropped as the retention passes it while devices report, each
//!   report's time beside the drop's.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::mqtt::{Host, activated_fleet, bounded};
use console_host::db::series::DAY_MS;

use super::{login, ms, percentile};

const KEEP_ALIVE_SECS: u16 = 60;
/// How long the idle host is watched once every session is in.
const WATCHED: Duration = Duration::from_secs(60);

fn idle_sessions() -> u32 {
    std::env::var("BENCH_IDLE_SESSIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(50_000)
}

/// Lets this process and the host it starts hold as many sockets as the machine allows (the
/// soft limit raised to the hard one, which the host inherits): how many that is.
fn raise_open_files() -> u64 {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit read and write the struct they are given, nothing else.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0, "open files limit");
        limit.rlim_cur = limit.rlim_max;
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &limit), 0, "open files limit");
    }
    limit.rlim_max
}

/// A length as MQTT writes it (variable byte integer).
fn remaining_length(mut n: usize, into: &mut Vec<u8>) {
    loop {
        let mut byte = (n % 128) as u8;
        n /= 128;
        if n > 0 {
            byte |= 0x80;
        }
        into.push(byte);
        if n == 0 {
            break;
        }
    }
}

/// An MQTT 3.1.1 CONNECT with a clean session, a user name and a password.
fn connect_packet(client_id: &str, user: &str, password: &str, keep_alive: u16) -> Vec<u8> {
    let mut body = vec![0, 4, b'M', b'Q', b'T', b'T', 4, 0xC2];
    body.extend_from_slice(&keep_alive.to_be_bytes());
    for field in [client_id, user, password] {
        body.extend_from_slice(&u16::try_from(field.len()).expect("short field").to_be_bytes());
        body.extend_from_slice(field.as_bytes());
    }
    let mut packet = vec![0x10];
    remaining_length(body.len(), &mut packet);
    packet.extend_from_slice(&body);
    packet
}

/// The `n`th of the sessions' source addresses: 127.1.0.1 on, 200 sessions each.
fn source(n: usize) -> SocketAddr {
    let address = n / 200;
    let (b, c) = ((address / 250) as u8, (address % 250) as u8 + 1);
    SocketAddr::from((Ipv4Addr::new(127, 1 + b, c, 1), 0))
}

/// Signs one device in over a plain socket from `from`: the socket, once CONNACK accepted it.
async fn signed_in(port: u16, from: SocketAddr, (sn, product_key, key): (String, String, String)) -> TcpStream {
    for attempt in 0..20 {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.bind(from).expect("bind a loopback address");
        let Ok(mut stream) = socket.connect(SocketAddr::from(([127, 0, 0, 1], port))).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let (user, client_id, password) = devsim::mqtt::credentials(&sn, &product_key, &key, devsim::now_ms());
        stream.write_all(&connect_packet(&client_id, &user, &password, KEEP_ALIVE_SECS)).await.expect("CONNECT");
        let mut connack = [0u8; 4];
        let read = tokio::time::timeout(Duration::from_secs(10), stream.read_exact(&mut connack)).await;
        if matches!(read, Ok(Ok(_))) && connack[0] == 0x20 && connack[3] == 0 {
            return stream;
        }
        // Refused for now (the host busy signing others in): a moment later, as a device would.
        tokio::time::sleep(Duration::from_millis(200 * (attempt + 1))).await;
    }
    panic!("{sn} did not sign in");
}

/// How often each session pings: well within its keep-alive (the host lets a session go after
/// one and a half keep-alives of silence).
const PING_EVERY: Duration = Duration::from_secs(30);

/// Keeps a signed-in session alive as a device does, pinging every [`PING_EVERY`] (the first at
/// a moment of its own in the period) until `stop`; then whether the host still holds it: every
/// ping it sent answered, a last one included.
async fn keep_alive(mut stream: TcpStream, n: usize, stop: tokio_util::sync::CancellationToken) -> bool {
    let offset = PING_EVERY.mul_f64((n % 1000) as f64 / 1000.0);
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + offset, PING_EVERY);
    let mut pings = 0usize;
    loop {
        tokio::select! {
            _ = tick.tick() => {
                if stream.write_all(&[0xC0, 0]).await.is_err() {
                    return false;
                }
                pings += 1;
            }
            () = stop.cancelled() => break,
        }
    }
    if stream.write_all(&[0xC0, 0]).await.is_err() {
        return false;
    }
    pings += 1;
    // The PINGRESPs, two bytes each, waited in the socket.
    let mut answers = vec![0u8; pings * 2];
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_exact(&mut answers)).await;
    matches!(read, Ok(Ok(_))) && answers.chunks(2).all(|pair| pair == [0xD0, 0])
}

/// A signed-in session keeping alive until told to stop: whether the host held it throughout.
struct Session(tokio::task::JoinHandle<bool>);

/// `BENCH_ONLY=idle`: the host's cost of sessions that only keep alive.
pub async fn idle(dir: &Path, cache: &Path, plugins: &Path) {
    let open_files = raise_open_files();
    // The host holds a socket per session besides its own files: a machine whose hard limit is
    // below that (a container without CAP_SYS_RESOURCE) measures fewer, per 1,000 all the same.
    let room = u32::try_from(open_files.saturating_sub(2_000)).unwrap_or(u32::MAX);
    let count = idle_sessions().min(room);
    if count < idle_sessions() {
        println!(
            "\nopen files limited to {open_files} a process here: {count} sessions instead of {}",
            idle_sessions()
        );
    }
    let data = dir.join("idle-host");
    let port = super::mosquitto::free_port();
    let host = Host::start(&data, cache, plugins, &[("CONSOLE_MQTT_LISTEN", format!("127.0.0.1:{port}"))]).await;
    let token = login(&reqwest::Client::new(), &format!("{}/api", host.origin)).await;
    let (fleet, activating) = activated_fleet(&host.origin, &token, count).await;
    println!("\n{count} devices activated over HTTP in {:.1} s", activating.as_secs_f64());
    let accounts: Vec<(usize, (String, String, String))> =
        fleet.into_iter().map(|(device, product_key, key)| (device.sn, product_key, key)).enumerate().collect();
    tokio::time::sleep(Duration::from_secs(5)).await;
    let (cpu_before, rss_before, own_before) = (host.cpu_secs(), host.rss_kib(), host.anonymous_kib());
    // As many at once as the gateway lets sixty-four addresses sign in.
    // As many at once as the gateway lets sixty-four addresses sign in; each session keeps alive
    // from its sign-in on.
    let stop = tokio_util::sync::CancellationToken::new();
    let stopping = stop.clone();
    let sign_in = move |(n, account): (usize, (String, String, String))| {
        let stop = stopping.clone();
        Box::pin(async move {
            let stream = signed_in(port, source(n), account).await;
            Session(tokio::spawn(keep_alive(stream, n, stop)))
        }) as std::pin::Pin<Box<dyn std::future::Future<Output = Session> + Send>>
    };
    let (sessions, signing_in) = bounded(accounts, 64, sign_in).await;
    let sign_in_cpu = host.cpu_secs() - cpu_before;
    // Settled: what the sign-ins left behind (their batches, the allocator's pages) is done.
    tokio::time::sleep(Duration::from_secs(10)).await;
    let (cpu_start, watch_start) = (host.cpu_secs(), Instant::now());
    tokio::time::sleep(WATCHED).await;
    let watched = watch_start.elapsed().as_secs_f64();
    let idle_core = (host.cpu_secs() - cpu_start) / watched;
    let (rss_after, own_after) = (host.rss_kib(), host.anonymous_kib());
    // Every session still there: each answered every ping, a last one included.
    stop.cancel();
    let mut alive = 0usize;
    for session in sessions {
        alive += usize::from(session.0.await.unwrap_or(false));
    }
    let per_1000 = |before: u64, after: u64| after.saturating_sub(before) as f64 / 1024.0 / (f64::from(count) / 1000.0);
    println!("\n{count} idle MQTT sessions on one release host (SQLite), keep-alive {KEEP_ALIVE_SECS} s, each pinging");
    println!(
        "{:<44} {:>10.0}/s   ({:.1} s, host CPU {:.0} µs a sign-in)",
        "sign-ins (64 at once, 250 addresses)",
        f64::from(count) / signing_in.as_secs_f64(),
        signing_in.as_secs_f64(),
        sign_in_cpu / f64::from(count) * 1e6
    );
    println!(
        "{:<44} {:>10.1} %   of one core, watched {watched:.0} s (a ping each 30 s)",
        "host CPU while they idle",
        idle_core * 100.0
    );
    println!(
        "{:<44} {:>10.1} MiB per 1,000 sessions (its own memory {} -> {} MiB; with the database's mapped pages {:.1} per 1,000, RSS {} -> {} MiB)",
        "host memory",
        per_1000(own_before, own_after),
        own_before / 1024,
        own_after / 1024,
        per_1000(rss_before, rss_after),
        rss_before / 1024,
        rss_after / 1024
    );
    println!("{:<44} {:>10} of {count} answered every ping", "sessions alive at the end", alive);
    drop(host);
}

/// Points loaded per statement: a day's in a few statements, each in key order.
const LOAD_CHUNK: i64 = 2_000_000;

/// Runs `sql` (numbered parameters `$1`, `$2`... bound to `binds`) on either engine.
async fn run(db: &console_host::db::Db, sql: &str, binds: &[Bind<'_>]) -> u64 {
    macro_rules! bound {
        ($pool:expr) => {{
            let mut query = sqlx::query(sql);
            for bind in binds {
                query = match bind {
                    Bind::Int(n) => query.bind(*n),
                    Bind::Text(t) => query.bind(*t),
                };
            }
            query.execute($pool).await.expect("loaded").rows_affected()
        }};
    }
    match (db.sqlite(), db.postgres()) {
        (Some(pool), _) => bound!(pool),
        (_, Some(pool)) => bound!(pool),
        _ => unreachable!("one engine"),
    }
}

enum Bind<'a> {
    Int(i64),
    Text(&'a str),
}

/// Numbers from `$1` to `$2` (excluded) as the rows `k(x)` a load selects from.
fn numbers(db: &console_host::db::Db) -> &'static str {
    if db.postgres().is_some() {
        "WITH k(x) AS (SELECT generate_series($1::bigint, $2::bigint - 1))"
    } else {
        "WITH RECURSIVE k(x) AS (SELECT $1 UNION ALL SELECT x + 1 FROM k WHERE x + 1 < $2)"
    }
}

/// Where a day's points go: its table on SQLite, the partitioned table on PostgreSQL.
fn day_table(db: &console_host::db::Db, day: i64) -> String {
    if db.postgres().is_some() { "series".into() } else { console_host::db::series::table_of(day) }
}

/// Loads `per_day` points a day for `days` days from `first_day`: other devices' batteries, a
/// reading each 10 s, in key order.
async fn load_days(db: &console_host::db::Db, tenant: i64, first_day: i64, days: i64, per_day: i64) {
    let subject = if db.postgres().is_some() {
        "'LOAD-' || lpad((x / 8640)::text, 7, '0')"
    } else {
        "printf('LOAD-%07d', x / 8640)"
    };
    for day in first_day..first_day + days {
        let mut done = 0;
        while done < per_day {
            let n = LOAD_CHUNK.min(per_day - done);
            let sql = format!(
                "{} INSERT INTO {} (tenant_id, plugin_id, subject, name, at, value)
                 SELECT $3, 'device', {subject}, 'battery', $4 + (x % 8640) * 10000, x % 101 FROM k",
                numbers(db),
                day_table(db, day)
            );
            run(db, &sql, &[Bind::Int(done), Bind::Int(done + n), Bind::Int(tenant), Bind::Int(day * DAY_MS)]).await;
            done += n;
        }
    }
}

/// `BENCH_ONLY=history`: a device drawer's chart over 100,000,000 points, and a day dropped
/// under load.
pub async fn history(db: &console_host::db::Db, base: &str, token: &str) {
    let engine = if db.postgres().is_some() { "PostgreSQL" } else { "SQLite" };
    let total: i64 = std::env::var("BENCH_SERIES_POINTS").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000_000);
    let origin = base.trim_end_matches("/api");
    let (mut fleet, _) = activated_fleet(origin, token, 16).await;
    let now = console_host::db::now_ms();
    let today = console_host::db::series::day_of(now);
    // 31 days: the oldest is the one the retention will pass; it holds a tenth of the points.
    let dropped_points = total / 10;
    let per_day = (total - dropped_points) / 30;
    let started = Instant::now();
    db.keep_series_days(today, 31).await.expect("days made");
    load_days(db, 0, today - 30, 1, dropped_points).await;
    load_days(db, 0, today - 29, 30, per_day).await;
    // The bench device reported a reading a minute for 30 days.
    let (device, _, _) = &fleet[0];
    let (minute, month) = (60_000, 30 * DAY_MS);
    let mut own = 0;
    for day in today - 30..=today {
        let (from, to) = ((day * DAY_MS).max(now - month), ((day + 1) * DAY_MS).min(now));
        let Some(readings) = (to - from).checked_div(minute).filter(|n| *n > 0) else { continue };
        let first = (from - (now - month) + minute - 1) / minute;
        let sql = format!(
            "{} INSERT INTO {} (tenant_id, plugin_id, subject, name, at, value)
             SELECT 0, 'device', $3, 'battery', $4 + x * $5, x % 101 FROM k WHERE $4 + x * $5 < $6",
            numbers(db),
            day_table(db, day)
        );
        let binds = [
            Bind::Int(first),
            Bind::Int(first + readings + 1),
            Bind::Text(&device.sn),
            Bind::Int(now - month),
            Bind::Int(minute),
            Bind::Int(to),
        ];
        own += run(db, &sql, &binds).await;
    }
    // Loaded beside the batches: each day's ten-minute rollups summed from its points, as the
    // batches would have fed them.
    for day in today - 30..=today {
        db.roll_up_day(day).await.expect("rolled up");
    }
    // A fleet's history in its steady state: PostgreSQL has vacuumed and analysed what was
    // loaded (its first readers would otherwise set every row's hint bits, and autovacuum would
    // run beside the measurement).
    if let Some(pool) = db.postgres() {
        for table in ["series", "series_rollups"] {
            sqlx::query(&format!("VACUUM (ANALYZE) {table}")).execute(pool).await.expect("vacuumed");
        }
    }
    println!(
        "\nhistory on {engine}: {} points loaded in {:.0} s ({} on the oldest day), the bench device's {} among them",
        total + own as i64,
        started.elapsed().as_secs_f64(),
        dropped_points,
        own
    );
    let client = reqwest::Client::new();
    let url = format!(
        "{base}/device-service/devices/{}/history?identifier=battery&from={}&to={now}&buckets=500",
        device.sn,
        now - month
    );
    let mut took = Vec::new();
    for round in 0..120 {
        let at = Instant::now();
        let answer: serde_json::Value =
            client.get(&url).header("authorization", token).send().await.expect("history").json().await.expect("json");
        if round >= 20 {
            took.push(at.elapsed());
        }
        let buckets = answer["data"]["buckets"].as_array().map_or(0, Vec::len);
        // Read from the ten-minute rollups: 500 asked, each a whole number of ten minutes wide
        // (an hour and a half), so 481.
        assert!(buckets >= 480, "about 500 buckets of 30 days: {answer}");
    }
    took.sort();
    println!(
        "{:<44} p50 {}, p95 {}, p99 {}   (30 days, a reading a minute, 500 buckets)",
        "one device's history through its route",
        ms(percentile(&took, 0.50)),
        ms(percentile(&took, 0.95)),
        ms(percentile(&took, 0.99))
    );

    // Sixteen devices report as fast as they are answered; the retention passes the oldest day.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut reporters = tokio::task::JoinSet::new();
    for (mut device, _, _) in fleet.drain(..) {
        let stop = stop.clone();
        reporters.spawn(async move {
            let mut took = Vec::new();
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                n += 1;
                let params = serde_json::json!({ "battery": n % 101 }).as_object().cloned().expect("params");
                let at = Instant::now();
                device.report(params).await.expect("report answered");
                took.push((at, at.elapsed()));
            }
            took
        });
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let drop_started = Instant::now();
    let dropped = db.keep_series_days(today, 30).await.expect("the day dropped");
    let drop_took = drop_started.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut during = Vec::new();
    let mut all = Vec::new();
    while let Some(reports) = reporters.join_next().await {
        for (at, took) in reports.expect("reporter") {
            all.push(took);
            // A report under way at any moment of the drop.
            if at < drop_started + drop_took && at + took > drop_started {
                during.push(took);
            }
        }
    }
    all.sort();
    during.sort();
    assert_eq!(dropped, 1, "the oldest day dropped");
    println!(
        "{:<44} {} for {} points; {} reports under way meanwhile, the slowest {} (all {}: p50 {}, p99 {})",
        "a day dropped under 16 reporting devices",
        ms(drop_took),
        dropped_points,
        during.len(),
        ms(during.last().copied().unwrap_or_default()),
        all.len(),
        ms(percentile(&all, 0.50)),
        ms(percentile(&all, 0.99))
    );
}
