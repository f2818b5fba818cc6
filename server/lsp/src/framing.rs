//! The input filter in front of tower-lsp-server's decoder. That decoder
//! ends the input stream at the first message it cannot decode (a missing
//! or unparsable `Content-Length`, a `Content-Type` without a UTF-8
//! charset, a body that is not UTF-8 JSON-RPC), and the server then exits:
//! one bad message from a client would take the server down (found by
//! `tests/fuzz_lsp.rs`). [`Reframe`] reads the client's bytes, passes on
//! only the messages that decoder accepts, each with a plain
//! `Content-Length` header, and drops the others with a warning in the log,
//! resynchronising on the next `Content-Length` header.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, ReadBuf};
use tower_lsp_server::jsonrpc::{Request, Response};

/// Larger bodies are refused unread (the server's documents are text).
const MAX_BODY: usize = 1 << 30;
/// A header block longer than this is garbage.
const MAX_HEADER: usize = 8 << 10;
const HEADER_NAME: &[u8] = b"Content-Length";

/// An [`AsyncRead`] that yields only well-formed JSON-RPC messages of
/// `inner`.
pub struct Reframe<R> {
    inner: R,
    /// Bytes read and not yet framed.
    pending: Vec<u8>,
    /// Framed messages waiting to be read, from `out_pos` on.
    out: Vec<u8>,
    out_pos: usize,
    eof: bool,
}

impl<R> Reframe<R> {
    pub fn new(inner: R) -> Self {
        Self {
            inner,
            pending: Vec::new(),
            out: Vec::new(),
            out_pos: 0,
            eof: false,
        }
    }

    /// Frames every complete message of `pending` into `out`.
    fn frame(&mut self) {
        loop {
            let Some(header_end) = find(&self.pending, b"\r\n\r\n") else {
                if self.pending.len() > MAX_HEADER {
                    self.skip_to_next_header();
                    continue;
                }
                return;
            };
            let Some(length) = content_length(&self.pending[..header_end]) else {
                tracing::warn!("dropped a message with an unusable header");
                self.skip_to_next_header();
                continue;
            };
            let start = header_end + 4;
            if self.pending.len() < start + length {
                return;
            }
            let body = &self.pending[start..start + length];
            if is_message(body) {
                self.out
                    .extend_from_slice(format!("Content-Length: {length}\r\n\r\n").as_bytes());
                self.out.extend_from_slice(body);
            } else {
                tracing::warn!(length, "dropped a message that is not JSON-RPC");
            }
            self.pending.drain(..start + length);
        }
    }

    /// Drops bytes up to the next `Content-Length` that does not start
    /// `pending` (all but a possible partial name at the end if none).
    fn skip_to_next_header(&mut self) {
        let next = self
            .pending
            .get(1..)
            .and_then(|rest| find(rest, HEADER_NAME))
            .map(|i| i + 1);
        let cut = next.unwrap_or_else(|| self.pending.len().saturating_sub(HEADER_NAME.len()));
        self.pending.drain(..cut.max(1).min(self.pending.len()));
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The `Content-Length` of a header block, when every line is a header and
/// a `Content-Type`, if any, names UTF-8 (what tower-lsp-server decodes).
fn content_length(block: &[u8]) -> Option<usize> {
    let text = std::str::from_utf8(block).ok()?;
    let mut length = None;
    for line in text.split("\r\n") {
        let (name, value) = line.split_once(':')?;
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.parse::<usize>().ok().filter(|&n| n <= MAX_BODY)?);
        } else if name.eq_ignore_ascii_case("content-type") {
            let utf8 = value.split(';').skip(1).any(|param| {
                matches!(
                    param.trim().strip_prefix("charset="),
                    Some("utf-8" | "utf8")
                )
            });
            if !utf8 {
                return None;
            }
        }
    }
    length
}

/// Whether tower-lsp-server decodes `body` as a request, notification or
/// response.
fn is_message(body: &[u8]) -> bool {
    std::str::from_utf8(body).is_ok_and(|text| {
        serde_json::from_str::<Request>(text).is_ok()
            || serde_json::from_str::<Response>(text).is_ok()
    })
}

impl<R: AsyncRead + Unpin> AsyncRead for Reframe<R> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            if this.out_pos < this.out.len() {
                let n = buf.remaining().min(this.out.len() - this.out_pos);
                buf.put_slice(&this.out[this.out_pos..this.out_pos + n]);
                this.out_pos += n;
                if this.out_pos == this.out.len() {
                    this.out.clear();
                    this.out_pos = 0;
                }
                return Poll::Ready(Ok(()));
            }
            if this.eof {
                return Poll::Ready(Ok(()));
            }
            let mut chunk = [0u8; 16 << 10];
            let mut read = ReadBuf::new(&mut chunk);
            match Pin::new(&mut this.inner).poll_read(cx, &mut read) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Ready(Ok(())) if read.filled().is_empty() => this.eof = true,
                Poll::Ready(Ok(())) => {
                    this.pending.extend_from_slice(read.filled());
                    this.frame();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    async fn filtered(input: Vec<u8>) -> String {
        let mut out = Vec::new();
        let mut reader = Reframe::new(&input[..]);
        reader.read_to_end(&mut out).await.expect("in-memory read");
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn malformed_messages_are_dropped_and_the_next_ones_pass() {
        let good = r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
        let note = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let mut input = String::new();
        input.push_str("\r\n\r\n");
        input.push_str(&framed(good));
        input.push_str(&format!("Content-Length: {}\r\n\r\n{good}", good.len() - 3));
        input.push_str("Content-Type: application/json\r\n\r\n{}");
        input.push_str(&framed("{not json"));
        input.push_str(&framed("[]"));
        input.push_str(&format!(
            "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n{}",
            framed(note)
        ));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let out = runtime.block_on(filtered(input.into_bytes()));
        assert_eq!(out, format!("{}{}", framed(good), framed(note)));
    }
}
