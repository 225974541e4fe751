//! Just enough of the Chrome DevTools Protocol to drive a live page (the studio's): headless
//! Chromium started with a debugging port, one WebSocket to it (the few lines of RFC 6455 a
//! client needs, written here rather than a dependency), a page opened and attached to, and
//! commands sent on that page's session.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Browser {
    child: Child,
    ws: TcpStream,
    next: u64,
    session: String,
    _profile: super::common::TempDir,
}

impl Browser {
    /// Chromium, headless, with `url` open in a 1400 × 900 window.
    pub fn open(chromium: &Path, url: &str) -> Browser {
        let profile = super::common::TempDir::new("cdp");
        let mut child = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--window-size=1400,900",
                "--remote-debugging-port=0",
                &format!("--user-data-dir={}", profile.0.display()),
                "about:blank",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let stderr = child.stderr.take().expect("piped");
        let mut lines = BufReader::new(stderr).lines();
        let ws_url = loop {
            let line = lines
                .next()
                .expect("chromium says where DevTools listen")
                .expect("readable");
            if let Some(at) = line.find("ws://") {
                break line[at..].trim().to_string();
            }
        };
        // Keep reading stderr so chromium never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let rest = &ws_url["ws://".len()..];
        let (addr, path) = rest.split_at(rest.find('/').expect("a path"));
        let mut ws = TcpStream::connect(addr).expect("DevTools port");
        let hello = format!(
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dHRybWFwLXN0dWRpby10ZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        ws.write_all(hello.as_bytes()).unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8];
        while !head.ends_with(b"\r\n\r\n") {
            ws.read_exact(&mut byte).expect("handshake answer");
            head.push(byte[0]);
        }
        assert!(
            head.starts_with(b"HTTP/1.1 101"),
            "{}",
            String::from_utf8_lossy(&head)
        );
        ws.set_read_timeout(Some(Duration::from_secs(180))).unwrap();
        let mut b = Browser {
            child,
            ws,
            next: 0,
            session: String::new(),
            _profile: profile,
        };
        let target = b.call("Target.createTarget", json!({ "url": url }));
        let id = target["targetId"].as_str().expect("a target").to_string();
        let attached = b.call(
            "Target.attachToTarget",
            json!({ "targetId": id, "flatten": true }),
        );
        b.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        // The new tab starts on about:blank and then loads the page: wait for the page.
        let ready = "location.protocol === 'http:' && document.readyState === 'complete'";
        for _ in 0..400 {
            let r = b.try_call(
                "Runtime.evaluate",
                json!({ "expression": ready, "returnByValue": true }),
            );
            if r.is_ok_and(|v| v["result"]["value"] == json!(true)) {
                return b;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{url} did not load");
    }

    /// Sends a command (on the page's session once attached) and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.try_call(method, params)
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// [`Self::call`], the protocol's error returned rather than a panic.
    fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        self.next += 1;
        let mut msg = json!({ "id": self.next, "method": method, "params": params });
        if !self.session.is_empty() {
            msg["sessionId"] = json!(self.session);
        }
        self.send(msg.to_string().as_bytes());
        loop {
            let answer: Value = serde_json::from_slice(&self.receive()).expect("JSON");
            if answer["id"] == json!(self.next) {
                if let Some(e) = answer.get("error") {
                    return Err(e.clone());
                }
                return Ok(answer["result"].clone());
            }
        }
    }

    /// Evaluates `js` in the page (awaiting a promise) and returns its value.
    pub fn eval(&mut self, js: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": js, "awaitPromise": true, "returnByValue": true }),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{js}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Waits until the expression `cond` is truthy in the page (at most `secs` seconds) and
    /// returns its value, or null when it never was.
    pub fn wait(&mut self, cond: &str, secs: u64) -> Value {
        self.eval(&format!(
            "new Promise(function(done){{var t0=Date.now();(function poll(){{var v;try{{v=({cond});}}catch(e){{v=null;}}if(v)done(v);else if(Date.now()-t0>{ms})done(null);else setTimeout(poll,10);}})();}})",
            ms = secs * 1000
        ))
    }

    /// A mouse event at page coordinates.
    pub fn mouse(&mut self, kind: &str, x: f64, y: f64) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": "left", "buttons": if kind == "mouseReleased" { 0 } else { 1 }, "clickCount": 1 }),
        );
    }

    /// A PNG of the page.
    pub fn screenshot(&mut self) -> Vec<u8> {
        use base64::Engine;
        let r = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().expect("data"))
            .expect("base64")
    }

    fn send(&mut self, payload: &[u8]) {
        let mask = [0x5a, 0x13, 0xc7, 0x2e];
        let mut frame = vec![0x81];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend((n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend((n as u64).to_be_bytes());
            }
        }
        frame.extend(mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.ws.write_all(&frame).expect("DevTools socket");
    }

    fn receive(&mut self) -> Vec<u8> {
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            self.ws.read_exact(&mut head).expect("a DevTools frame");
            let len = match head[1] & 0x7f {
                126 => {
                    let mut l = [0u8; 2];
                    self.ws.read_exact(&mut l).unwrap();
                    u16::from_be_bytes(l) as usize
                }
                127 => {
                    let mut l = [0u8; 8];
                    self.ws.read_exact(&mut l).unwrap();
                    u64::from_be_bytes(l) as usize
                }
                n => n as usize,
            };
            let mut payload = vec![0u8; len];
            self.ws.read_exact(&mut payload).unwrap();
            match head[0] & 0x0f {
                0x8 => panic!("DevTools closed the connection"),
                0x9 | 0xa => continue,
                _ => message.extend(payload),
            }
            if head[0] & 0x80 != 0 {
                return message;
            }
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
