//! A `ttrmap studio` process for the tests: started on a map, its URL read from its first
//! line, stopped with SIGINT (as Ctrl-C) or killed when dropped.
#![allow(dead_code)] // the browser tests' crate includes it too and uses a subset

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Studio {
    pub child: Child,
    pub url: String,
    pub port: u16,
    pub token: String,
}

impl Studio {
    pub fn start(map: &Path) -> Studio {
        Studio::start_with(map, &[])
    }

    /// [`Studio::start`] with more arguments (`--play ...`).
    pub fn start_with(map: &Path, args: &[&str]) -> Studio {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
            .arg("studio")
            // Run in the map's folder, named as a designer names it (the page shows the name).
            .arg(map.file_name().expect("a file"))
            .args(args)
            .current_dir(map.parent().expect("a folder"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ttrmap studio starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the studio prints its URL");
        let url = line
            .trim()
            .strip_prefix("ttrmap studio: ")
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        let port = url
            .split(':')
            .nth(2)
            .and_then(|p| p.split('/').next())
            .and_then(|p| p.parse().ok())
            .expect("a port in the URL");
        let token = url.rsplit("token=").next().expect("a token").to_string();
        Studio {
            child,
            url,
            port,
            token,
        }
    }

    /// One HTTP/1.1 request with these headers; returns the status code and the body.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        let mut req = format!(
            "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str("\r\n");
        req.push_str(body);
        s.write_all(req.as_bytes()).unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        let code = out
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no status in {out:?}"));
        let body = out
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (code, body)
    }

    /// The studio's own Host header.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Sends SIGINT, as Ctrl-C does, and waits for the process to end (at most `limit`).
    #[cfg(unix)]
    pub fn interrupt(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Studio {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
