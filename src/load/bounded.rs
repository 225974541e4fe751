//! Reading user files up to a limit and no further: maps, standard input, positions, theme
//! files, CSV files and each line of a recording all come through [`read_limited`] (or its line
//! form), so a huge or endless input (a pipe, `/dev/zero`) costs at most its limit in memory
//! and time and is refused as `file-too-large`.

use std::io::{self, BufRead, ErrorKind, Read};
use std::path::Path;

/// Reads `reader` to its end, at most `limit` bytes: `Ok(None)` when there is more (one byte
/// past the limit is read and no more).
pub fn read_limited(reader: impl Read, limit: usize) -> io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() <= limit).then_some(bytes))
}

/// The next line of `reader` with its line break (empty at the end), at most `limit` bytes:
/// `Ok(None)` when the line is longer (one byte past the limit is read and no more).
pub fn read_line_limited(reader: &mut impl BufRead, limit: usize) -> io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    reader.take(limit as u64 + 1).read_until(b'\n', &mut line)?;
    Ok((line.len() <= limit).then_some(line))
}

/// The `file-too-large` error of a file (`what`: "theme files") over `limit` bytes; `size`
/// when known (a regular file), else only "more than".
pub fn too_large(what: &str, limit: usize, size: Option<u64>) -> io::Error {
    let size = match size {
        Some(size) => format!("it is {size} bytes"),
        None => format!("it has more than {limit} bytes"),
    };
    io::Error::new(
        ErrorKind::FileTooLarge,
        format!("file-too-large: {size}; {what} are limited to {limit} bytes"),
    )
}

/// The size of `file` when it is a regular file (a pipe or a device has none worth trusting).
pub fn regular_size(file: &std::fs::File) -> Option<u64> {
    file.metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len())
}

/// The file at `path`, read as [`read_limited`]; a file over `limit` bytes is the error
/// [`too_large`], a regular one refused from its size without being read.
pub fn read_file_limited(path: &Path, limit: usize, what: &str) -> io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let size = regular_size(&file);
    if size.is_some_and(|s| s > limit as u64) {
        return Err(too_large(what, limit, size));
    }
    read_limited(file, limit)?.ok_or_else(|| too_large(what, limit, size))
}

/// [`read_file_limited`] as UTF-8 text.
pub fn read_text_limited(path: &Path, limit: usize, what: &str) -> io::Result<String> {
    String::from_utf8(read_file_limited(path, limit, what)?)
        .map_err(|_| io::Error::new(ErrorKind::InvalidData, "the file is not valid UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_stops_one_byte_past_the_limit() {
        let mut endless = io::repeat(b'x');
        assert_eq!(read_limited(&mut endless, 10).unwrap(), None);
        assert_eq!(read_limited(&b"abc"[..], 3).unwrap(), Some(b"abc".to_vec()));
        let mut lines = io::Cursor::new(b"ab\ncdefgh\n".to_vec());
        assert_eq!(
            read_line_limited(&mut lines, 4).unwrap(),
            Some(b"ab\n".to_vec())
        );
        assert_eq!(read_line_limited(&mut lines, 4).unwrap(), None);
        let mut endless = io::BufReader::new(io::repeat(b' '));
        assert_eq!(read_line_limited(&mut endless, 100).unwrap(), None);
    }
}
